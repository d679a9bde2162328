import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { BackupHealthBrief, Company, Datastore } from '../../src/domain/entities';
import type { DatastoreInsight } from '../../src/api/server-version';
import {
  dashboardMachine,
  selectContractEnd,
  selectReadOnly,
  selectReverseCharge,
} from '../../src/machines/dashboard.machine';
import { purchaseMachine } from '../../src/machines/purchase.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import type { User } from '../../src/domain/entities';
import type { SessionEvent } from '../../src/machines/session.machine';
import { aDatastore } from '../support/builders';
import { stubRefs } from '../support/portal-refs';

/**
 * What the dashboard tells its session, as spies: an end of the session, a reload of the user's
 * products, the passwords shown.
 */
function toSession(
  datastoresChanged: () => void,
  passwordsShown: (shownAt: Record<string, number>) => void,
  sessionExpired: () => void = () => {},
) {
  return (event: SessionEvent) => {
    if (event.type === 'user.reload') datastoresChanged();
    else if (event.type === 'passwords.shown') passwordsShown(event.shownAt);
    else if (event.type === 'session.expired') sessionExpired();
    else throw new Error(`The dashboard told the session ${event.type}`);
  };
}

const seed = [
  aDatastore('backup', { volume: 0, space_total_text: 'unlimited' }),
  aDatastore('old', { contract_end_date: '2026-12-31' }),
];

function start(
  options: {
    loadStatus?: () => Promise<Datastore[]>;
    cancel?: (name: string) => Promise<void>;
    buy?: () => Promise<void>;
    shownAt?: Record<string, number>;
    passwordsShown?: (shownAt: Record<string, number>) => void;
    /** GET /company; by default a company whose contract runs (no end date). */
    loadCompany?: () => Promise<Company>;
    /** The session's news that the customer cancelled the contract in this session. */
    contractCancelled?: boolean;
    /** What the server tells beyond v1 (issue 45); neither by default, as a v1 server. */
    insight?: DatastoreInsight;
    /** GET /v1.1/backup-health. */
    loadHealth?: () => Promise<ReadonlyMap<string, BackupHealthBrief>>;
  } = {},
) {
  const loadHealth = vi.fn(options.loadHealth ?? (async () => new Map<string, BackupHealthBrief>()));
  const loadStatus = vi.fn(options.loadStatus ?? (async () => seed));
  const loadCompany = vi.fn(options.loadCompany ?? (async (): Promise<Company> => ({ contract_end_date: null })));
  const cancel = vi.fn(options.cancel ?? (async () => {}));
  const sessionExpired = vi.fn();
  const datastoresChanged = vi.fn();
  const purchased = vi.fn();
  const passwordsShown = vi.fn(options.passwordsShown ?? (() => {}));
  const machine = dashboardMachine.provide({
    actors: {
      loadStatus: fromPromise<Datastore[]>(() => loadStatus()),
      loadCompany: fromPromise<Company>(() => loadCompany()),
      cancelDatastore: fromPromise<void, { name: string }>(({ input }) => cancel(input.name)),
      insightOffer: fromPromise(async () => options.insight ?? { usageHistory: false, backupHealth: false }),
      loadHealth: fromPromise(() => loadHealth()),
      purchase: purchaseMachine.provide({
        actors: {
          buy: fromPromise<void, { identifier: string; productId: number }>(() => (options.buy ?? (async () => {}))()),
        },
        actions: { purchased },
      }),
    },
  });
  // The session keeps when each password was first shown and whether the contract was cancelled.
  const { refs } = stubRefs(
    { passwordsShownAt: options.shownAt ?? {}, contractCancelled: options.contractCancelled ?? false },
    { session: toSession(datastoresChanged, passwordsShown, sessionExpired) },
  );
  const actor = createActor(machine, { input: refs }).start();
  const purchase = () => {
    const child = actor.getSnapshot().children.purchase;
    if (!child) throw new Error('no purchase child');
    return child;
  };
  const errorLine = () => actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
  return {
    actor,
    loadStatus,
    loadCompany,
    cancel,
    sessionExpired,
    datastoresChanged,
    purchased,
    passwordsShown,
    purchase,
    errorLine,
    loadHealth,
  };
}

const ready = { status: 'ready' } as const;
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the dashboard machine: the status', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the status and keeps the datastores without any password', async () => {
    const { actor } = start({ loadStatus: async () => [aDatastore('new', { password: 'Temp-1' })] });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.loaded).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    const { context } = actor.getSnapshot();
    expect(context.loaded).toBe(true);
    expect(context.datastores.map((entry) => entry.custom_name)).toEqual(['new']);
    expect(context.datastores[0]).not.toHaveProperty('password');
    expect(JSON.stringify(context.datastores)).not.toContain('Temp-1');
  });

  it('gives each new temporary password its own actor and opens the overlay for the first one, once', async () => {
    let status = [aDatastore('a', { password: 'Pw-A' }), aDatastore('b', { password: 'Pw-B' })];
    const { actor } = start({ loadStatus: async () => status });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    const { passwords, overlay } = actor.getSnapshot().context;
    expect(Object.keys(passwords)).toEqual(['k10001_a', 'k10001_b']);
    expect(passwords.k10001_b?.getSnapshot().context.password).toBe('Pw-B');
    expect(overlay).toBe('k10001_a');
    actor.send({ type: 'overlay.close' });
    expect(actor.getSnapshot().context.overlay).toBeNull();

    status = [...status, aDatastore('c')];
    actor.send({ type: 'status.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    expect(actor.getSnapshot().context.overlay).toBeNull();
    expect(actor.getSnapshot().context.passwords.k10001_a).toBe(passwords.k10001_a);
  });

  it('forgets a password 5 minutes after the status first showed it, even if the server still sends it', async () => {
    vi.useFakeTimers();
    const { actor } = start({ loadStatus: async () => [aDatastore('a', { password: 'Pw-A' })] });
    await settle();
    vi.advanceTimersByTime(4 * 60_000);
    actor.send({ type: 'status.reload' });
    await settle();
    vi.advanceTimersByTime(60_000);
    // The ended actor is dropped: nothing holds the password it was started with any more.
    expect(actor.getSnapshot().context.passwords).toEqual({ k10001_a: null });
    expect(actor.getSnapshot().children['password.k10001_a']).toBeUndefined();
    actor.send({ type: 'status.reload' });
    await settle();
    expect(actor.getSnapshot().context.passwords).toEqual({ k10001_a: null });
    expect(actor.getSnapshot().context.overlay).toBe('k10001_a');
  });

  it('shows why the status failed and loads it again on retry', async () => {
    let fail = true;
    const { actor, loadStatus } = start({
      loadStatus: async () => {
        if (fail) throw new ApiError('http', { status: 500 });
        return seed;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ status: 'failed' }));
    expect(actor.getSnapshot().context.statusError).toEqual({ key: 'general' });
    fail = false;
    actor.send({ type: 'status.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    expect(actor.getSnapshot().context.statusError).toBeNull();
    expect(loadStatus).toHaveBeenCalledTimes(2);
  });

  it('reloads after a failure when asked by the purchase', async () => {
    let fail = true;
    const { actor } = start({
      loadStatus: async () => {
        if (fail) throw new ApiError('network');
        return seed;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ status: 'failed' }));
    fail = false;
    actor.send({ type: 'status.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
  });

  it('ends the session silently when the status answers 401', async () => {
    const { actor, sessionExpired } = start({
      loadStatus: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ status: 'failed' }));
    expect(sessionExpired).toHaveBeenCalledOnce();
  });

  it('gives up after 120 seconds and says the server took too long', () => {
    vi.useFakeTimers();
    const { actor } = start({ loadStatus: () => new Promise<Datastore[]>(() => {}) });
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().matches({ status: 'loading' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ status: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.statusError).toEqual({ key: 'timeout' });
  });

  it('starts the read afresh when a reload is asked for during a read', async () => {
    let calls = 0;
    const { actor } = start({
      loadStatus: () => (++calls === 1 ? new Promise<Datastore[]>(() => {}) : Promise.resolve(seed)),
    });
    actor.send({ type: 'status.reload' });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    expect(calls).toBe(2);
  });
});

describe('the dashboard machine: a temporary password across visits of the dashboard', () => {
  afterEach(() => vi.useRealTimers());
  const minute = 60_000;

  it('tells the app when it first showed each password, and only the name and the time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    const { passwordsShown } = start({
      loadStatus: async () => [aDatastore('a', { password: 'Pw-A' }), aDatastore('b')],
    });
    await settle();
    expect(passwordsShown).toHaveBeenLastCalledWith({ k10001_a: Date.parse('2026-11-23T10:00:00Z') });
    expect(JSON.stringify(passwordsShown.mock.calls)).not.toContain('Pw-A');
  });

  it('shows a password first shown 4 minutes ago for the minute left, without the overlay', async () => {
    vi.useFakeTimers();
    const { actor } = start({
      loadStatus: async () => [aDatastore('a', { password: 'Pw-A' })],
      shownAt: { k10001_a: Date.now() - 4 * minute },
    });
    await settle();
    expect(actor.getSnapshot().context.overlay).toBeNull();
    expect(actor.getSnapshot().context.passwords.k10001_a?.getSnapshot().context.password).toBe('Pw-A');
    vi.advanceTimersByTime(minute - 1);
    expect(actor.getSnapshot().context.passwords.k10001_a?.getSnapshot().context.password).toBe('Pw-A');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.passwords).toEqual({ k10001_a: null });
  });

  it('never shows a password first shown 5 minutes ago or more, even if the server still sends it', async () => {
    vi.useFakeTimers();
    const { actor } = start({
      loadStatus: async () => [aDatastore('a', { password: 'Pw-A' })],
      shownAt: { k10001_a: Date.now() - 5 * minute },
    });
    await settle();
    expect(actor.getSnapshot().context.passwords).toEqual({ k10001_a: null });
    expect(actor.getSnapshot().context.overlay).toBeNull();
    expect(actor.getSnapshot().children['password.k10001_a']).toBeUndefined();
  });

  it('counts from the first showing through visits kept by the session: overlay once, hidden after 5 minutes', async () => {
    vi.useFakeTimers();
    const session = createActor(
      sessionMachine.provide({
        actors: {
          loadUser: fromPromise<User>(async () => {
            throw new Error('not needed');
          }),
        },
      }),
      { input: { loggedIn: true, language: 'en' } },
    ).start();
    const visit = () =>
      start({
        loadStatus: async () => [aDatastore('a', { password: 'Pw-A' })],
        shownAt: session.getSnapshot().context.passwordsShownAt,
        passwordsShown: (shownAt) => session.send({ type: 'passwords.shown', shownAt }),
      });
    const password = (actor: ReturnType<typeof visit>['actor']) =>
      actor.getSnapshot().context.passwords.k10001_a?.getSnapshot().context.password ?? null;

    // The first visit shows it with the overlay; the customer leaves after a minute.
    const first = visit();
    await settle();
    expect(first.actor.getSnapshot().context.overlay).toBe('k10001_a');
    vi.advanceTimersByTime(minute);
    first.actor.stop();
    // Back after 4 minutes in all: no overlay, the password for the minute left.
    vi.advanceTimersByTime(3 * minute);
    const second = visit();
    await settle();
    expect(second.actor.getSnapshot().context.overlay).toBeNull();
    expect(password(second.actor)).toBe('Pw-A');
    vi.advanceTimersByTime(minute);
    expect(password(second.actor)).toBeNull();
    second.actor.stop();
    // After 5½ minutes in all, the server still sends it: hidden, no overlay.
    vi.advanceTimersByTime(minute / 2);
    const third = visit();
    await settle();
    expect(third.actor.getSnapshot().context.overlay).toBeNull();
    expect(third.actor.getSnapshot().context.passwords).toEqual({ k10001_a: null });
    // A new session starts afresh.
    session.send({ type: 'session.expired' });
    expect(session.getSnapshot().context.passwordsShownAt).toEqual({});
  });
});

describe('the dashboard machine: the purchase', () => {
  afterEach(() => vi.useRealTimers());

  it('reloads the status 2 s after a purchase and then ends the purchase loading', async () => {
    vi.useFakeTimers();
    let status = seed;
    const { actor, purchase, purchased, loadStatus } = start({ loadStatus: async () => status });
    await settle();
    purchase().send({ type: 'purchase.buy', option: 'static' });
    await settle();
    status = [...seed, aDatastore('test1', { volume: 3, password: 'Pw-New' })];
    vi.advanceTimersByTime(2_000);
    expect(loadStatus).toHaveBeenCalledTimes(2);
    await settle();
    expect(purchased).toHaveBeenCalledOnce();
    expect(purchase().getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.overlay).toBe('k10001_test1');
  });

  it('ends the session when the purchase answers 401, and keeps the datastores on screen', async () => {
    const { actor, purchase, sessionExpired } = start({
      buy: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    purchase().send({ type: 'purchase.buy', option: 'dynamic' });
    await waitFor(purchase(), (snapshot) => snapshot.matches('ready') && sessionExpired.mock.calls.length > 0);
    expect(sessionExpired).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.datastores).toHaveLength(seed.length);
  });

  it('ends the purchase loading when the status reload fails', async () => {
    vi.useFakeTimers();
    let fail = false;
    const { actor, purchase, purchased } = start({
      loadStatus: async () => {
        if (fail) throw new ApiError('network');
        return seed;
      },
    });
    await settle();
    purchase().send({ type: 'purchase.buy', option: 'dynamic' });
    await settle();
    fail = true;
    vi.advanceTimersByTime(2_000);
    await settle();
    expect(actor.getSnapshot().matches({ status: 'failed' })).toBe(true);
    expect(purchase().getSnapshot().value).toBe('ready');
    expect(purchased).not.toHaveBeenCalled();
  });
});

describe('the dashboard machine: cancelling a datastore', () => {
  afterEach(() => vi.useRealTimers());

  it('asks for confirmation, cancels, reloads the status and tells the app', async () => {
    let status = seed;
    const { actor, cancel, datastoresChanged, loadStatus } = start({ loadStatus: async () => status });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    expect(actor.getSnapshot().matches({ cancellation: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.cancelTarget).toBe('k10001_backup');
    status = [aDatastore('backup', { volume: 0, contract_end_date: '2026-12-31' }), seed[1] ?? aDatastore('old')];
    actor.send({ type: 'datastore.cancel.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(
      actor,
      (snapshot) => snapshot.matches({ cancellation: 'idle', status: 'ready' }) && loadStatus.mock.calls.length === 2,
    );
    expect(cancel).toHaveBeenCalledWith('k10001_backup');
    expect(datastoresChanged).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.datastores[0]?.contract_end_date).toBe('2026-12-31');
  });

  it('cancels nothing when the customer keeps the datastore', async () => {
    const { actor, cancel } = start();
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    actor.send({ type: 'datastore.cancel.abort' });
    expect(actor.getSnapshot().matches({ cancellation: 'idle' })).toBe(true);
    expect(cancel).not.toHaveBeenCalled();
  });

  it('refuses to cancel while loading, an already cancelled datastore, or an unknown one', async () => {
    const { actor } = start();
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    expect(actor.getSnapshot().matches({ cancellation: 'idle' })).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_old' });
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_nothere' });
    expect(actor.getSnapshot().matches({ cancellation: 'idle' })).toBe(true);
  });

  it('shows the server reason on the error line when the cancellation fails, for 30 seconds', async () => {
    vi.useFakeTimers();
    const { actor, errorLine, datastoresChanged } = start({
      cancel: async () => {
        throw new ApiError('http', { status: 409, reason: 'This datastore is already cancelled' });
      },
    });
    await settle();
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    actor.send({ type: 'datastore.cancel.confirm' });
    await settle();
    expect(actor.getSnapshot().matches({ cancellation: 'idle' })).toBe(true);
    expect(errorLine()).toEqual({ key: 'server', reason: 'This datastore is already cancelled' });
    expect(datastoresChanged).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(errorLine()).toBeNull();
  });

  it('ends the session when the cancellation answers 401', async () => {
    const { actor, sessionExpired } = start({
      cancel: async () => {
        throw new ApiError('http', { status: 401 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    actor.send({ type: 'datastore.cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ cancellation: 'idle' }));
    expect(sessionExpired).toHaveBeenCalledOnce();
  });

  it('gives up a cancellation after 120 seconds and reads the status again, which shows whether it was made', async () => {
    vi.useFakeTimers();
    const { actor, errorLine, loadStatus } = start({ cancel: () => new Promise<void>(() => {}) });
    await settle();
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    actor.send({ type: 'datastore.cancel.confirm' });
    await vi.advanceTimersByTimeAsync(5_999);
    expect(actor.getSnapshot().hasTag('slow')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches({ cancellation: { cancelling: 'slow' } })).toBe(true);
    expect(loadStatus).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(114_000);
    expect(actor.getSnapshot().matches({ cancellation: 'idle' })).toBe(true);
    expect(errorLine()).toEqual({ key: 'timeout' });
    expect(loadStatus).toHaveBeenCalledTimes(2);
  });

  it('reads the status again after a cancellation whose connection dropped', async () => {
    const { actor, errorLine, loadStatus } = start({
      cancel: async () => {
        throw new ApiError('network');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    actor.send({ type: 'datastore.cancel.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches({ cancellation: 'idle' }));
    expect(errorLine()).toEqual({ key: 'network' });
    await waitFor(actor, () => loadStatus.mock.calls.length === 2);
  });

  it('tells the purchase card the names the status lists', async () => {
    const { actor, purchase } = start();
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    expect(purchase().getSnapshot().context.listed).toEqual(['k10001_backup', 'k10001_old']);
  });
});

describe('the dashboard machine: the contract (SPEC §4 "Cancelled contract", decision 029)', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps the datastores writable and the purchase open while the contract runs', async () => {
    const { actor, loadCompany } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'open', status: 'ready' }));
    expect(loadCompany).toHaveBeenCalledOnce();
    expect(selectReadOnly(actor.getSnapshot())).toBe(false);
    expect(selectContractEnd(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    expect(actor.getSnapshot().matches({ cancellation: 'confirming' })).toBe(true);
  });

  it.each([
    ['a French company with a VAT id', { country: 'FR', ustid: 'FR40303265045' }, true],
    ['a Luxembourg company with a VAT id', { country: 'LUX', ustid: 'LU26375245' }, true],
    ['a French company without a VAT id', { country: 'FR', ustid: ' ' }, false],
    ['a German company with a VAT id', { country: 'DE', ustid: 'DE123456789' }, false],
  ] as const)('notes reverse charge on the prices for %s: %s (decision 032)', async (_name, company, expected) => {
    const { actor } = start({ loadCompany: async () => ({ ...company, contract_end_date: null }) });
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'open' }));
    expect(selectReverseCharge(actor.getSnapshot())).toBe(expected);
  });

  it('notes reverse charge for a cancelled contract too, while its card is closed', async () => {
    const { actor } = start({
      loadCompany: async () => ({ country: 'LUX', ustid: 'LU26375245', contract_end_date: '2027-01-31' }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'cancelled' }));
    expect(selectReverseCharge(actor.getSnapshot())).toBe(true);
  });

  it("is read-only with the company's end date when the company carries one", async () => {
    const { actor } = start({ loadCompany: async () => ({ contract_end_date: '2027-01-31' }) });
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'cancelled', status: 'ready' }));
    expect(selectReadOnly(actor.getSnapshot())).toBe(true);
    expect(selectContractEnd(actor.getSnapshot())).toBe('2027-01-31');
  });

  it('offers no datastore cancellation while the contract is cancelled', async () => {
    const { actor, cancel } = start({ loadCompany: async () => ({ contract_end_date: '2027-01-31' }) });
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'cancelled', status: 'ready' }));
    actor.send({ type: 'datastore.cancel.request', name: 'k10001_backup' });
    expect(actor.getSnapshot().matches({ cancellation: 'idle' })).toBe(true);
    expect(cancel).not.toHaveBeenCalled();
  });

  it('is read-only at once when the session tells of a cancellation, dated by the datastores once all of them end', async () => {
    const ending = [
      aDatastore('backup', { contract_end_date: '2027-01-31' }),
      aDatastore('old', { contract_end_date: '2026-12-31' }),
    ];
    const { actor, loadCompany } = start({ contractCancelled: true, loadStatus: async () => ending });
    expect(actor.getSnapshot().matches({ contract: 'cancelled' })).toBe(true);
    expect(selectReadOnly(actor.getSnapshot())).toBe(true);
    expect(selectContractEnd(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    expect(selectContractEnd(actor.getSnapshot())).toBe('2027-01-31');
    // The company is not asked: the session's news is enough, and the datastores give the date.
    expect(loadCompany).not.toHaveBeenCalled();
  });

  it('names no end date when the session tells of a cancellation but a datastore carries none', async () => {
    const { actor } = start({ contractCancelled: true });
    await waitFor(actor, (snapshot) => snapshot.matches(ready));
    expect(selectReadOnly(actor.getSnapshot())).toBe(true);
    expect(selectContractEnd(actor.getSnapshot())).toBeNull();
  });

  it('claims no cancellation when every datastore ends but the company carries no end date', async () => {
    const ending = [aDatastore('backup', { contract_end_date: '2027-01-31' })];
    const { actor } = start({ loadStatus: async () => ending, loadCompany: async () => ({ name: 'Demo GmbH' }) });
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'open', status: 'ready' }));
    expect(selectReadOnly(actor.getSnapshot())).toBe(false);
  });

  it('claims no cancellation when the company cannot be read, and shows no error for it', async () => {
    const { actor, errorLine } = start({
      loadCompany: async () => {
        throw new ApiError('http', { status: 500 });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ contract: 'open', status: 'ready' }));
    expect(errorLine()).toBeNull();
    expect(actor.getSnapshot().context.statusError).toBeNull();
  });

  it('gives up waiting for the company after 120 seconds and claims no cancellation', async () => {
    vi.useFakeTimers();
    const { actor } = start({ loadCompany: () => new Promise<Company>(() => {}) });
    await settle();
    expect(actor.getSnapshot().matches({ contract: 'checking' })).toBe(true);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().matches({ contract: 'open' })).toBe(true);
  });
});

describe('the dashboard machine: what its children tell it', () => {
  afterEach(() => vi.useRealTimers());

  function startWithRealPurchase(loadStatus: () => Promise<Datastore[]>) {
    const datastoresChanged = vi.fn();
    const navigate = vi.fn();
    const machine = dashboardMachine.provide({
      actors: {
        loadStatus: fromPromise<Datastore[]>(() => loadStatus()),
        purchase: purchaseMachine.provide({
          actors: { buy: fromPromise<void, { identifier: string; productId: number }>(async () => {}) },
        }),
      },
    });
    const { refs } = stubRefs(
      {},
      {
        session: toSession(datastoresChanged, () => {}),
        app: (event) => {
          if (event.type === 'navigate') navigate(event.to);
        },
      },
    );
    const actor = createActor(machine, { input: refs }).start();
    return { actor, datastoresChanged, navigate };
  }

  it('drops a password when its actor reports password.expired, and keeps the name so that it never shows again', async () => {
    vi.useFakeTimers();
    const { actor } = startWithRealPurchase(async () => [
      aDatastore('a', { password: 'Pw-A' }),
      aDatastore('b', { password: 'Pw-B' }),
    ]);
    await settle();
    actor.send({ type: 'password.expired', name: 'k10001_a' });
    expect(actor.getSnapshot().context.passwords.k10001_a).toBeNull();
    expect(actor.getSnapshot().children['password.k10001_a']).toBeUndefined();
    expect(actor.getSnapshot().children['password.k10001_b']).toBeDefined();
  });

  it('ignores password.expired for a datastore whose password it does not hold', async () => {
    vi.useFakeTimers();
    const { actor } = startWithRealPurchase(async () => [aDatastore('a', { password: 'Pw-A' })]);
    await settle();
    actor.send({ type: 'password.expired', name: 'k10001_other' });
    expect(actor.getSnapshot().context.passwords).toEqual({ k10001_a: expect.anything() });
  });

  it("after a purchase has reloaded the status, reloads the user's products and goes to /dashboard", async () => {
    vi.useFakeTimers();
    const { actor, datastoresChanged, navigate } = startWithRealPurchase(async () => seed);
    await settle();
    actor.getSnapshot().children.purchase?.send({ type: 'purchase.buy', option: 'dynamic' });
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    await settle();
    expect(datastoresChanged).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard');
  });
});

describe('the backup health of the cards (issue 45)', () => {
  const offered = { usageHistory: true, backupHealth: true };
  const brief: BackupHealthBrief = {
    name: 'k10001_backup',
    last_backup: 1_795_000_000,
    verification: { state: 'failed', last: 1_795_000_000 },
    garbage_collection: { state: 'ok', last: 1_795_000_000 },
  };

  it('is read once the list is, where the server tells it, and kept with the moment it was read', async () => {
    const { actor, loadHealth } = start({ insight: offered, loadHealth: async () => new Map([[brief.name, brief]]) });
    await waitFor(actor, (snapshot) => snapshot.matches({ health: 'read' }));
    expect(loadHealth).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.health?.get('k10001_backup')).toEqual(brief);
    expect(actor.getSnapshot().context.healthReadAt).toBeGreaterThan(0);
  });

  it('is not asked of a server that does not tell it', async () => {
    const { actor, loadHealth } = start({ insight: { usageHistory: true, backupHealth: false } });
    await waitFor(actor, (snapshot) => snapshot.matches({ status: 'ready' }));
    expect(actor.getSnapshot().context.insight).toEqual({ usageHistory: true, backupHealth: false });
    expect(actor.getSnapshot().matches({ health: 'waiting' })).toBe(true);
    expect(loadHealth).not.toHaveBeenCalled();
  });

  it('is read again with the list, after a purchase', async () => {
    const { actor, loadHealth, loadStatus } = start({ insight: offered });
    await waitFor(actor, (snapshot) => snapshot.matches({ health: 'read' }));
    actor.send({ type: 'status.reload' });
    await waitFor(actor, () => loadHealth.mock.calls.length === 2);
    expect(loadStatus).toHaveBeenCalledTimes(2);
  });

  it('leaves the cards whole when it fails, and ends the session on a 401', async () => {
    const failed = start({ insight: offered, loadHealth: () => Promise.reject(new ApiError('http', { status: 500 })) });
    await waitFor(failed.actor, (snapshot) => snapshot.matches({ health: 'failed' }));
    expect(failed.actor.getSnapshot().context.health).toBeNull();
    expect(failed.actor.getSnapshot().matches({ status: 'ready' })).toBe(true);
    expect(failed.sessionExpired).not.toHaveBeenCalled();
    const ended = start({ insight: offered, loadHealth: () => Promise.reject(new ApiError('http', { status: 401 })) });
    await waitFor(ended.actor, (snapshot) => snapshot.matches({ health: 'failed' }));
    expect(ended.sessionExpired).toHaveBeenCalled();
  });
});
