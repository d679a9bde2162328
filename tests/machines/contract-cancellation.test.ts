import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { contractCancellationMachine } from '../../src/machines/contract-cancellation.machine';
import { transitionRecorder } from './transition-recorder';

const recorder = transitionRecorder(contractCancellationMachine);

function start(cancel: () => Promise<void> = async () => {}) {
  const call = vi.fn(cancel);
  const cancelled = vi.fn();
  const sessionExpired = vi.fn();
  const machine = contractCancellationMachine.provide({
    actors: { cancelContract: fromPromise(() => call()) },
    actions: { cancelled, sessionExpired },
  });
  const actor = createActor(machine, { inspect: recorder.inspect }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return { actor, call, cancelled, sessionExpired, errorLine };
}

afterEach(() => vi.useRealTimers());

describe('the contract cancellation', () => {
  it('asks for confirmation first and cancels nothing when the customer keeps the contract', () => {
    const { actor, call } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'cancel.request' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'cancel.abort' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('cancels once after the confirmation, busy meanwhile, and reports it', async () => {
    const { actor, call, cancelled } = start();
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    expect(call).toHaveBeenCalledOnce();
    expect(cancelled).toHaveBeenCalledOnce();
    actor.send({ type: 'cancel.request' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('shows the server reason when the cancellation is refused, cleared after 30 seconds or a new request', async () => {
    vi.useFakeTimers();
    const { actor, errorLine, cancelled } = start(async () => { throw new ApiError('http', { status: 409, reason: 'The contract is already cancelled' }); });
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    await vi.waitFor(() => expect(errorLine()).toEqual({ key: 'server', reason: 'The contract is already cancelled' }));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(cancelled).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ends the session quietly on 401', async () => {
    const { actor, sessionExpired, errorLine } = start(async () => { throw new ApiError('http', { status: 401 }); });
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(sessionExpired).toHaveBeenCalledOnce();
    expect(errorLine()).toBeNull();
  });

  it('returns to the button quietly when the call was aborted', async () => {
    const { actor, errorLine } = start(async () => { throw new ApiError('aborted'); });
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(errorLine()).toBeNull();
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start(() => new Promise(() => {}));
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(errorLine()).toEqual({ key: 'timeout' });
    actor.send({ type: 'cancel.request' });
    expect(errorLine()).toBeNull();
  });
});

// Last in the file, so that it sees every test above.
it('reaches every state and every transition of the cancellation machine', () => {
  expect(recorder.missing()).toEqual({ states: [], transitions: [] });
});
