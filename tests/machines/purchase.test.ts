import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { identifierError, purchaseMachine, type PurchaseInput } from '../../src/machines/purchase.machine';

function start(
  options: { buy?: (identifier: string, productId: number) => Promise<void>; input?: PurchaseInput } = {},
) {
  const buy = vi.fn(options.buy ?? (async () => {}));
  const requestReload = vi.fn();
  const purchased = vi.fn();
  const sessionExpired = vi.fn();
  const machine = purchaseMachine.provide({
    actors: {
      buy: fromPromise<void, { identifier: string; productId: number }>(({ input }) =>
        buy(input.identifier, input.productId),
      ),
    },
    actions: { requestReload, purchased, sessionExpired },
  });
  const actor = createActor(machine, { input: options.input }).start();
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return { actor, buy, requestReload, purchased, sessionExpired, errorLine };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the purchase card machine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts ready with the identifier backup for both options and 1 TB', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toEqual({
      identifiers: { dynamic: 'backup', static: 'backup' },
      volume: 1,
      fieldErrors: {},
      option: null,
      listed: null,
    });
  });

  it('takes its values from the input, the volume brought into range', () => {
    const { actor } = start({ input: { identifiers: { static: 'db' }, volume: 99 } });
    expect(actor.getSnapshot().context).toMatchObject({ identifiers: { dynamic: 'backup', static: 'db' }, volume: 20 });
  });

  it('checks each identifier live while the customer types', () => {
    const { actor } = start();
    actor.send({ type: 'identifier.change', option: 'dynamic', value: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ dynamic: 'required' });
    actor.send({ type: 'identifier.change', option: 'static', value: 'too-long!' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ dynamic: 'required', static: 'identifier' });
    actor.send({ type: 'identifier.change', option: 'dynamic', value: 'Daily1' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ static: 'identifier' });
    expect(actor.getSnapshot().context.identifiers).toEqual({ dynamic: 'Daily1', static: 'too-long!' });
  });

  it('keeps the volume a whole number of TB from 1 to 20', () => {
    const { actor } = start();
    for (const [given, kept] of [
      [3, 3],
      [0, 1],
      [25, 20],
      [3.4, 3],
      [Number.NaN, 1],
    ] as const) {
      actor.send({ type: 'volume.change', volume: given });
      expect(actor.getSnapshot().context.volume).toBe(kept);
    }
  });

  it('refuses to buy with an invalid identifier and shows why beside the field', () => {
    const { actor, buy } = start();
    actor.send({ type: 'identifier.change', option: 'static', value: 'a b' });
    actor.send({ type: 'purchase.buy', option: 'static' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ static: 'identifier' });
    expect(buy).not.toHaveBeenCalled();
  });

  it('buys the dynamic rate as product 0, waits 2 s, asks for the status and ends loading once it is in', async () => {
    vi.useFakeTimers();
    const { actor, buy, requestReload, purchased } = start();
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    actor.send({ type: 'purchase.buy', option: 'static' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(buy).toHaveBeenCalledOnce();
    expect(buy).toHaveBeenCalledWith('backup', 0);
    expect(actor.getSnapshot().matches({ busy: 'settling' })).toBe(true);
    vi.advanceTimersByTime(1_999);
    expect(requestReload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(requestReload).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().matches({ busy: 'reloading' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'status.loaded', names: ['k10001_backup'] });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(purchased).toHaveBeenCalledOnce();
  });

  it('buys a fixed volume as its number of TB', async () => {
    const { actor, buy } = start();
    actor.send({ type: 'volume.change', volume: 3 });
    actor.send({ type: 'identifier.change', option: 'static', value: 'test1' });
    actor.send({ type: 'purchase.buy', option: 'static' });
    await waitFor(actor, (snapshot) => snapshot.matches({ busy: 'settling' }));
    expect(buy).toHaveBeenCalledWith('test1', 3);
    expect(actor.getSnapshot().context.option).toBe('static');
  });

  it('ends loading without success when the status reload fails', async () => {
    vi.useFakeTimers();
    const { actor, purchased } = start();
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    await settle();
    vi.advanceTimersByTime(2_000);
    actor.send({ type: 'status.failed' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(purchased).not.toHaveBeenCalled();
  });

  it('marks a taken identifier, shows the server reason and keeps the option and identifier', async () => {
    const { actor, errorLine } = start({
      buy: async () => {
        throw new ApiError('http', { status: 409, reason: 'A datastore with this name already exists' });
      },
    });
    actor.send({ type: 'volume.change', volume: 3 });
    actor.send({ type: 'identifier.change', option: 'static', value: 'archive' });
    actor.send({ type: 'purchase.buy', option: 'static' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      identifiers: { static: 'archive' },
      volume: 3,
      option: 'static',
      fieldErrors: { static: 'taken' },
    });
    expect(errorLine()).toEqual({ key: 'server', reason: 'A datastore with this name already exists' });
    actor.send({ type: 'identifier.change', option: 'static', value: 'archive2' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it.each([
    ['English', 'Please complete your company details before buying a datastore.'],
    ['German', 'Bitte vervollständigen Sie Ihre Firmendaten, bevor Sie einen Datastore kaufen.'],
  ])(
    'says in its own words that the company data must be complete first when the server refuses so in %s (decision 039)',
    async (_language, reason) => {
      const { actor, errorLine } = start({
        buy: async () => {
          throw new ApiError('http', { status: 403, reason });
        },
      });
      actor.send({ type: 'purchase.buy', option: 'dynamic' });
      await waitFor(actor, (snapshot) => snapshot.matches('ready'));
      expect(errorLine()).toEqual({ key: 'companyIncomplete' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    },
  );

  it('shows the server text of a 403 it does not know, such as a cancelled contract', async () => {
    const reason = 'Your contract is cancelled; no new datastores can be bought.';
    const { actor, errorLine } = start({
      buy: async () => {
        throw new ApiError('http', { status: 403, reason });
      },
    });
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(errorLine()).toEqual({ key: 'server', reason });
  });

  it('shows the general message for a server error without a text and clears it after 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, errorLine } = start({
      buy: async () => {
        throw new ApiError('http', { status: 500 });
      },
    });
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(errorLine()).toEqual({ key: 'general' });
    vi.advanceTimersByTime(29_999);
    expect(errorLine()).toEqual({ key: 'general' });
    vi.advanceTimersByTime(1);
    expect(errorLine()).toBeNull();
  });

  it('clears the error line when the customer tries again', async () => {
    let fail = true;
    const { actor, errorLine } = start({
      buy: async () => {
        if (fail) throw new ApiError('http', { status: 500 });
      },
    });
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(errorLine()).toEqual({ key: 'general' });
    fail = false;
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    expect(errorLine()).toBeNull();
  });

  it('ends the session when the purchase answers 401', async () => {
    const { actor, sessionExpired } = start({
      buy: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(sessionExpired).toHaveBeenCalledOnce();
  });

  describe('slow is not failed (docs/decisions/026)', () => {
    /** A purchase whose answer comes after `ms`, the status read once before it with `listed`. */
    function slowPurchase(ms: number, listed = ['k10001_old']) {
      const started = start({ buy: () => new Promise<void>((resolve) => setTimeout(resolve, ms)) });
      started.actor.send({ type: 'status.loaded', names: listed });
      started.actor.send({ type: 'purchase.buy', option: 'dynamic' });
      return started;
    }

    for (const seconds of [25, 119]) {
      it(`completes a purchase answered after ${seconds} s once, with no error at any moment`, async () => {
        vi.useFakeTimers();
        const { actor, buy, requestReload, purchased, errorLine } = slowPurchase(seconds * 1000);
        const errors: unknown[] = [];
        actor.subscribe(() => errors.push(errorLine()));
        await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
        expect(actor.getSnapshot().hasTag('busy')).toBe(true);
        actor.send({ type: 'purchase.buy', option: 'dynamic' });
        await vi.advanceTimersByTimeAsync(1);
        expect(actor.getSnapshot().matches({ busy: 'settling' })).toBe(true);
        await vi.advanceTimersByTimeAsync(2_000);
        expect(requestReload).toHaveBeenCalledOnce();
        actor.send({ type: 'status.loaded', names: ['k10001_old', 'k10001_backup'] });
        expect(actor.getSnapshot().value).toBe('ready');
        expect(buy).toHaveBeenCalledOnce();
        expect(purchased).toHaveBeenCalledOnce();
        expect(errors.filter((error) => error !== null)).toEqual([]);
      });
    }

    it('says it is still working after 6 s, with the purchase still busy', async () => {
      vi.useFakeTimers();
      const { actor } = slowPurchase(60_000);
      await vi.advanceTimersByTimeAsync(5_999);
      expect(actor.getSnapshot().hasTag('slow')).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().hasTag('slow')).toBe(true);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    });

    it('reads the status when no answer came in 120 s, and shows a datastore it did not list before as bought', async () => {
      vi.useFakeTimers();
      const { actor, buy, requestReload, purchased, errorLine } = slowPurchase(10 * 60_000);
      await vi.advanceTimersByTimeAsync(119_999);
      expect(requestReload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches({ busy: 'verifying' })).toBe(true);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(requestReload).toHaveBeenCalledOnce();
      actor.send({ type: 'purchase.buy', option: 'dynamic' });
      actor.send({ type: 'status.loaded', names: ['k10001_old', 'k10001_backup'] });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(purchased).toHaveBeenCalledOnce();
      expect(errorLine()).toBeNull();
      expect(buy).toHaveBeenCalledOnce();
    });

    it('says that the purchase could not be confirmed when the status lists nothing new, and offers Buy again', async () => {
      vi.useFakeTimers();
      const { actor, purchased, errorLine } = slowPurchase(10 * 60_000);
      await vi.advanceTimersByTimeAsync(120_000);
      actor.send({ type: 'status.loaded', names: ['k10001_old'] });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(purchased).not.toHaveBeenCalled();
      expect(errorLine()).toEqual({ key: 'purchaseUnconfirmed' });
      expect(actor.getSnapshot().can({ type: 'purchase.buy', option: 'dynamic' })).toBe(true);
    });

    it('says that the outcome is unknown when the status cannot be read either', async () => {
      vi.useFakeTimers();
      const { actor, purchased, errorLine } = slowPurchase(10 * 60_000);
      await vi.advanceTimersByTimeAsync(120_000);
      actor.send({ type: 'status.failed' });
      expect(actor.getSnapshot().value).toBe('ready');
      expect(purchased).not.toHaveBeenCalled();
      expect(errorLine()).toEqual({ key: 'purchaseUnknown' });
    });

    it('ends the wait for the status after another 120 s with the unknown outcome', async () => {
      vi.useFakeTimers();
      const { actor, errorLine } = slowPurchase(10 * 60_000);
      await vi.advanceTimersByTimeAsync(120_000);
      await vi.advanceTimersByTimeAsync(119_999);
      expect(actor.getSnapshot().matches({ busy: 'verifying' })).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(errorLine()).toEqual({ key: 'purchaseUnknown' });
    });

    it('takes every datastore as new when the status was never read before the purchase', async () => {
      vi.useFakeTimers();
      const { actor, purchased } = start({ buy: () => new Promise<void>(() => {}) });
      actor.send({ type: 'purchase.buy', option: 'dynamic' });
      await vi.advanceTimersByTimeAsync(120_000);
      actor.send({ type: 'status.loaded', names: ['k10001_backup'] });
      expect(purchased).toHaveBeenCalledOnce();
    });

    for (const [what, error] of [
      ['a dropped connection', new ApiError('network')],
      ['a timeout of the client', new ApiError('timeout')],
      ['a gateway that gave up (502)', new ApiError('http', { status: 502 })],
      ['a gateway timeout (504)', new ApiError('http', { status: 504 })],
    ] as const) {
      it(`reads the status after ${what} before it offers anything`, async () => {
        const { actor, requestReload, errorLine } = start({
          buy: async () => {
            throw error;
          },
        });
        actor.send({ type: 'status.loaded', names: [] });
        actor.send({ type: 'purchase.buy', option: 'dynamic' });
        await waitFor(actor, (snapshot) => snapshot.matches({ busy: 'verifying' }));
        expect(requestReload).toHaveBeenCalledOnce();
        expect(errorLine()).toBeNull();
        actor.send({ type: 'status.loaded', names: [] });
        expect(errorLine()).toEqual({ key: 'purchaseUnconfirmed' });
      });
    }

    it('keeps the names the status lists while no purchase runs', () => {
      const { actor } = start();
      actor.send({ type: 'status.loaded', names: ['a', 'b'] });
      expect(actor.getSnapshot().context.listed).toEqual(['a', 'b']);
    });
  });

  it('keeps what the customer types while a purchase runs', () => {
    const { actor } = start({ buy: () => new Promise<void>(() => {}) });
    actor.send({ type: 'purchase.buy', option: 'dynamic' });
    actor.send({ type: 'identifier.change', option: 'static', value: 'next' });
    actor.send({ type: 'volume.change', volume: 7 });
    expect(actor.getSnapshot().context).toMatchObject({ identifiers: { static: 'next' }, volume: 7 });
  });

  it('names the rule an identifier breaks', () => {
    expect(identifierError('')).toBe('required');
    expect(identifierError('123456789')).toBe('identifier');
    expect(identifierError('12345678')).toBeUndefined();
  });
});
