import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, sendTo } from 'xstate';
import { loadingFlagMachine } from '../../src/machines/loading-flag.machine';

describe('the loading flag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // Alone, the flag has no parent to tell.
  const alone = loadingFlagMachine.provide({ actions: { reportTimeout: () => {} } });

  it('is busy while loading and idle when stopped', () => {
    const actor = createActor(alone).start();
    actor.send({ type: 'loading.start' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'loading.stop' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('resets itself after 120 seconds and tells its parent', () => {
    const heard: string[] = [];
    const parent = createMachine({
      invoke: { id: 'loadingFlag', src: loadingFlagMachine },
      on: {
        start: { actions: sendTo('loadingFlag', { type: 'loading.start' }) },
        'loading.timedOut': { actions: () => heard.push('timedOut') },
      },
    });
    const actor = createActor(parent).start();
    actor.send({ type: 'start' });
    const flag = actor.getSnapshot().children.loadingFlag;
    vi.advanceTimersByTime(119_999);
    expect(flag?.getSnapshot().value).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(flag?.getSnapshot().value).toBe('idle');
    expect(heard).toEqual(['timedOut']);
  });

  it('starts the 120 seconds afresh when loading starts again', () => {
    const actor = createActor(alone).start();
    actor.send({ type: 'loading.start' });
    vi.advanceTimersByTime(100_000);
    actor.send({ type: 'loading.start' });
    vi.advanceTimersByTime(100_000);
    expect(actor.getSnapshot().value).toBe('loading');
    vi.advanceTimersByTime(20_000);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
