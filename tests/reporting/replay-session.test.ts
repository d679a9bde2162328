/**
 * The replay follows the session (decision 031). Sentry's replay does not record outside a real
 * browser, so the replay here is a stand-in with the three methods the portal uses.
 */
import { describe, expect, it } from 'vitest';
import { followSession } from '../../src/reporting/sentry-client';

function aReplay() {
  let id: string | undefined = 'replay-1';
  let next = 2;
  const calls: string[] = [];
  return {
    calls,
    getReplayId: () => id,
    start: () => {
      calls.push('start');
      id = `replay-${next++}`;
    },
    stop: async () => {
      calls.push('stop');
      id = undefined;
    },
  };
}

describe('the replay and the session (decision 031)', () => {
  it('ends the replay at logout and starts a new one with the next login', async () => {
    const replay = aReplay();
    await followSession(false, replay);
    expect(replay.getReplayId()).toBeUndefined();
    await followSession(false, replay);
    await followSession(true, replay);
    expect(replay.getReplayId()).toBe('replay-2');
    await followSession(true, replay);
    expect(replay.calls).toEqual(['stop', 'start']);
  });

  it('does nothing without a replay (the feedback widget alone)', async () => {
    await expect(followSession(false, undefined)).resolves.toBeUndefined();
  });
});
