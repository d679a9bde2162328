import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { temporaryPasswordMachine } from '../../src/machines/temporary-password.machine';

function start(password = 'Temp-Secret-42', visibleFor?: number) {
  return createActor(temporaryPasswordMachine, { input: { password, visibleFor } }).start();
}

describe('the temporary password', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts visible and masked', () => {
    const actor = start();
    expect(actor.getSnapshot().value).toBe('visible');
    expect(actor.getSnapshot().hasTag('visible')).toBe(true);
    expect(actor.getSnapshot().context).toEqual({
      password: 'Temp-Secret-42',
      visibleFor: 5 * 60_000,
      revealed: false,
    });
  });

  it('reveals the password and masks it again on request', () => {
    const actor = start();
    actor.send({ type: 'password.toggle' });
    expect(actor.getSnapshot().context.revealed).toBe(true);
    actor.send({ type: 'password.toggle' });
    expect(actor.getSnapshot().context.revealed).toBe(false);
  });

  it('forgets the password exactly 5 minutes after it was first shown', () => {
    const actor = start();
    actor.send({ type: 'password.toggle' });
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(actor.getSnapshot().context.password).toBe('Temp-Secret-42');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ password: null, visibleFor: 5 * 60_000, revealed: false });
  });

  it('stays visible only for what is left of the 5 minutes when it was shown before', () => {
    const actor = start('Temp-Secret-42', 60_000);
    vi.advanceTimersByTime(59_999);
    expect(actor.getSnapshot().context.password).toBe('Temp-Secret-42');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.password).toBeNull();
  });

  it('never stays longer than 5 minutes, and a time already over ends it at once', () => {
    const long = start('Temp-Secret-42', 60 * 60_000);
    expect(long.getSnapshot().context.visibleFor).toBe(5 * 60_000);
    const over = start('Temp-Secret-42', -1);
    vi.advanceTimersByTime(0);
    expect(over.getSnapshot().value).toBe('expired');
  });

  it('cannot be revealed any more once expired', () => {
    const actor = start();
    vi.advanceTimersByTime(5 * 60_000);
    // XState says so on the console: the machine has ended and takes no more events.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    actor.send({ type: 'password.toggle' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('has already reached its final state'));
    expect(actor.getSnapshot().context).toEqual({ password: null, visibleFor: 5 * 60_000, revealed: false });
  });
});

describe('the temporary password started by a dashboard', () => {
  afterEach(() => vi.useRealTimers());

  it('tells its parent password.expired with the datastore name when the 5 minutes are over', () => {
    vi.useFakeTimers();
    const told = vi.fn();
    const parent = createMachine({
      invoke: {
        id: 'password',
        src: temporaryPasswordMachine,
        input: { password: 'Temp-Secret-42', name: 'k10001_a', visibleFor: 60_000 },
      },
      on: { 'password.expired': { actions: ({ event }) => told(event) } },
    });
    createActor(parent).start();
    vi.advanceTimersByTime(59_999);
    expect(told).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(told).toHaveBeenCalledExactlyOnceWith({ type: 'password.expired', name: 'k10001_a' });
  });
});
