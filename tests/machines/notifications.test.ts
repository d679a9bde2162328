import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import { stubSession } from '../support/portal-refs';

function start(enabled: boolean, save: (enabled: boolean) => Promise<void> = async () => {}) {
  const call = vi.fn(save);
  const saved = vi.fn();
  const sessionExpired = vi.fn();
  const machine = notificationsMachine.provide({
    actors: { saveNotifications: fromPromise(({ input }: { input: { enabled: boolean } }) => call(input.enabled)) },
  });
  // The session is told of a save (it reloads the user) and of a 401 (it ends).
  const { session } = stubSession({}, (event) => (event.type === 'session.expired' ? sessionExpired() : saved(event)));
  const actor = createActor(machine, { input: { enabled, session } }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  const enabledNow = () => actor.getSnapshot().context.enabled;
  return { actor, call, saved, sessionExpired, errorLine, enabledNow };
}

afterEach(() => vi.useRealTimers());

describe('the notifications checkbox', () => {
  it('follows the click at once and saves it once', async () => {
    const { actor, call, saved, enabledNow } = start(true);
    actor.send({ type: 'notifications.set', enabled: false });
    expect(enabledNow()).toBe(false);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'notifications.set', enabled: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(call).toHaveBeenCalledExactlyOnceWith(false);
    expect(saved.mock.calls).toEqual([[{ type: 'user.reload' }]]);
    expect(enabledNow()).toBe(false);
  });

  it('ignores a click that changes nothing', () => {
    const { actor, call } = start(false);
    actor.send({ type: 'notifications.set', enabled: false });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('returns to the old value and shows an error when the call answers 500 (SPEC §8)', async () => {
    const { actor, enabledNow, errorLine, saved } = start(true, async () => {
      throw new ApiError('http', { status: 500, reason: 'Internal server error' });
    });
    actor.send({ type: 'notifications.set', enabled: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(enabledNow()).toBe(true);
    expect(errorLine()).toEqual({ key: 'notifications' });
    expect(saved).not.toHaveBeenCalled();
  });

  it('names a network failure as such', async () => {
    const { actor, enabledNow, errorLine } = start(false, async () => {
      throw new ApiError('network');
    });
    actor.send({ type: 'notifications.set', enabled: true });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(enabledNow()).toBe(false);
    expect(errorLine()).toEqual({ key: 'network' });
  });

  it('returns to the old value and ends the session on 401', async () => {
    const { actor, enabledNow, sessionExpired, errorLine } = start(true, async () => {
      throw new ApiError('http', { status: 401 });
    });
    actor.send({ type: 'notifications.set', enabled: false });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(enabledNow()).toBe(true);
    expect(sessionExpired).toHaveBeenCalledOnce();
    expect(errorLine()).toBeNull();
  });

  it('returns to the old value after the 120 second loading timeout, and a new click clears the error', () => {
    vi.useFakeTimers();
    const { actor, enabledNow, errorLine } = start(true, () => new Promise(() => {}));
    actor.send({ type: 'notifications.set', enabled: false });
    vi.advanceTimersByTime(120_000);
    expect(enabledNow()).toBe(true);
    expect(errorLine()).toEqual({ key: 'timeout' });
    actor.send({ type: 'notifications.set', enabled: false });
    expect(errorLine()).toBeNull();
  });
});
