import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { startMachine } from '../support/machines';
import { ApiError } from '../../src/api/client';
import type { CompanyProduct } from '../../src/domain/entities';
import { contractCancellationMachine } from '../../src/machines/contract-cancellation.machine';

const product = (name: string, contractEndDate: string | null): CompanyProduct => ({
  name,
  dynamic_volume: 0,
  volume: 2,
  contract_end_date: contractEndDate,
});

/** The user's products as a spec-strict server reloads them: no end date anywhere. */
const running = [product('backup', null), product('archive', null)];

/**
 * The machine with its call replaced; `load` stands for the parent's reload of the user, whose
 * products the parent hands over after the `cancelled` action (null when the reload failed).
 */
function start(
  cancel: () => Promise<void> = async () => {},
  load: () => Promise<readonly CompanyProduct[] | null> = async () => running,
) {
  const call = vi.fn(cancel);
  const loadProducts = vi.fn(load);
  const cancelled = vi.fn(() => {
    loadProducts().then(
      (products) => started.actor.send({ type: 'products.reloaded', products }),
      () => started.actor.send({ type: 'products.reloaded', products: null }),
    );
  });
  const sessionExpired = vi.fn();
  const started = startMachine(
    contractCancellationMachine.provide({
      actors: { cancelContract: fromPromise(() => call()) },
      actions: { cancelled, sessionExpired },
    }),
  );
  const confirm = () => {
    started.actor.send({ type: 'cancel.request' });
    started.actor.send({ type: 'cancel.confirm' });
  };
  return { ...started, call, loadProducts, cancelled, sessionExpired, confirm };
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
    await waitFor(actor, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
    expect(call).toHaveBeenCalledOnce();
    expect(cancelled).toHaveBeenCalledOnce();
    actor.send({ type: 'cancel.request' });
    expect(actor.getSnapshot().value).toEqual({ cancelled: 'settled' });
  });

  it('reads a 2xx as cancelled when no end date comes back anywhere', async () => {
    let reload = (_products: readonly CompanyProduct[]) => {};
    const { actor, loadProducts, confirm } = start(
      async () => {},
      () =>
        new Promise((resolve) => {
          reload = resolve;
        }),
    );
    confirm();
    await waitFor(actor, (snapshot) => snapshot.hasTag('done'));
    // The server's yes is enough: the card says "cancelled" before the reload has answered.
    expect(actor.getSnapshot().value).toEqual({ cancelled: 'loadingEndDate' });
    expect(actor.getSnapshot().context.endDate).toBeNull();
    reload(running);
    await waitFor(actor, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
    expect(loadProducts).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(actor.getSnapshot().context.endDate).toBeNull();
  });

  it('takes the end date from the reloaded products when every one carries it, the latest of them', async () => {
    // `old` was cancelled on its own before and keeps its earlier date (decision 002, point 3).
    const { actor, confirm } = start(
      async () => {},
      async () => [product('backup', '2027-01-31'), product('old', '2026-12-31')],
    );
    confirm();
    await waitFor(actor, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
    expect(actor.getSnapshot().context.endDate).toBe('2027-01-31');
  });

  it('shows no end date while a reloaded product still runs without one, and stays cancelled', async () => {
    const { actor, confirm } = start(
      async () => {},
      async () => [product('old', '2026-12-31'), product('backup', null)],
    );
    confirm();
    await waitFor(actor, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    expect(actor.getSnapshot().context.endDate).toBeNull();
  });

  it('stays cancelled, without a date and without an error, when the parent had no reload', async () => {
    const { actor, errorLine, sessionExpired, confirm } = start(
      async () => {},
      async () => {
        throw new ApiError('http', { status: 500 });
      },
    );
    confirm();
    await waitFor(actor, (snapshot) => snapshot.matches({ cancelled: 'settled' }));
    expect(actor.getSnapshot().context.endDate).toBeNull();
    expect(errorLine()).toBeNull();
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('stops waiting for the end date after the 120 second loading timeout, still cancelled', async () => {
    vi.useFakeTimers();
    const { actor, errorLine, confirm } = start(
      async () => {},
      () => new Promise(() => {}),
    );
    confirm();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ cancelled: 'loadingEndDate' }));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(actor.getSnapshot().value).toEqual({ cancelled: 'settled' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.endDate).toBeNull();
    expect(errorLine()).toBeNull();
  });

  it('shows the server reason when the cancellation is refused, cleared after 30 seconds or a new request', async () => {
    vi.useFakeTimers();
    const { actor, errorLine, cancelled } = start(async () => {
      throw new ApiError('http', { status: 409, reason: 'The contract is already cancelled' });
    });
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
    const { actor, sessionExpired, errorLine } = start(async () => {
      throw new ApiError('http', { status: 401 });
    });
    actor.send({ type: 'cancel.request' });
    actor.send({ type: 'cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(sessionExpired).toHaveBeenCalledOnce();
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
