import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { errorLineMachine } from '../../src/machines/error-line.machine';

describe('the error line', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a message for 30 seconds, then clears it', () => {
    const actor = createActor(errorLineMachine).start();
    actor.send({ type: 'error.show', error: { key: 'general' } });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    vi.advanceTimersByTime(29_999);
    expect(actor.getSnapshot().value).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('starts the 30 seconds afresh for a new message', () => {
    const actor = createActor(errorLineMachine).start();
    actor.send({ type: 'error.show', error: { key: 'general' } });
    vi.advanceTimersByTime(20_000);
    actor.send({ type: 'error.show', error: { key: 'server', reason: 'Taken' } });
    vi.advanceTimersByTime(20_000);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'server', reason: 'Taken' });
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('clears at once on request', () => {
    const actor = createActor(errorLineMachine).start();
    actor.send({ type: 'error.show', error: { key: 'network' } });
    actor.send({ type: 'error.clear' });
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
