import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Catalogue, User } from '../../src/domain/entities';
import { licenceOrderSummary, type LicenceOrderSummary } from '../../src/domain/licence-order';
import { appMachine, appSession, selectLastOrder } from '../../src/machines/app.machine';
import { catalogueMachine } from '../../src/machines/catalogue.machine';
import { aUser } from '../support/builders';

const catalogue: Catalogue = {
  VE: [
    { id: 3, name: 'Proxmox VE Standard', price_1_cpu: 510, price_2_cpu: 1020, price_4_cpu: 2040, product_type: 'VE' },
  ],
  PBS: [],
  MG: [],
};
const user: User = aUser({ firstname: 'D', lastname: 'E', phone: null });
const summary: LicenceOrderSummary = {
  licenceName: 'Proxmox VE Standard',
  productType: 'VE',
  cpuCount: 2,
  totalNetEur: 1020,
  email: 'buyer@example.com',
};
/** What the order form tells the app of that order. */
const placed = {
  type: 'order.placed' as const,
  order: { productId: 3, cpuCount: 2 as const, email: 'buyer@example.com' },
};

function start(loggedIn = true, users: User[] = []) {
  const navigate = vi.fn();
  const loadCatalogue = vi.fn(async () => catalogue);
  const logout = vi.fn(async () => {});
  const machine = appMachine.provide({
    actions: { navigate: (_, { to }) => navigate(to) },
    actors: {
      session: appSession({
        actors: { loadUser: fromPromise<User>(async () => users.shift() ?? user), logout: fromPromise<void>(logout) },
      }),
    },
  });
  const actor = createActor(machine, { input: { session: { loggedIn, language: 'en' } } }).start();
  const session = () => {
    const child = actor.getSnapshot().children.session;
    if (!child) throw new Error('no session child');
    return child;
  };
  // What a shop page sends: the catalogue's machine, here with a provided fetch.
  const open = {
    type: 'catalogue.open' as const,
    logic: catalogueMachine.provide({ actors: { load: fromPromise(loadCatalogue) } }),
  };
  /** A shop page opens the catalogue, and its order form tells the app of an order placed. */
  const placeOrder = async () => {
    actor.send(open);
    await settle();
    actor.send(placed);
  };
  return { actor, navigate, loadCatalogue, logout, session, open, placeOrder };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

/** What /order_done shows of the last order. */
function lastSummary(actor: ReturnType<typeof start>['actor']) {
  const last = selectLastOrder(actor.getSnapshot());
  return last && licenceOrderSummary(last.catalogue, last.order);
}

describe('the app machine', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the session in its actor system, started with the stored flag and language', () => {
    vi.useFakeTimers();
    const { actor, session } = start();
    expect(actor.system.get('session')).toBe(session());
    expect(session().getSnapshot().context).toMatchObject({ loggedIn: true, language: 'en' });
  });

  it('fetches no catalogue until a shop page asks for it', async () => {
    vi.useFakeTimers();
    const { actor, loadCatalogue } = start();
    await settle();
    expect(actor.getSnapshot().context.catalogue).toBeNull();
    expect(loadCatalogue).not.toHaveBeenCalled();
  });

  it('starts the catalogue once per visit and gives every later shop page the same one', async () => {
    vi.useFakeTimers();
    const { actor, loadCatalogue, open } = start();
    actor.send(open);
    const first = actor.getSnapshot().context.catalogue;
    await settle();
    actor.send(open);
    expect(actor.getSnapshot().context.catalogue).toBe(first);
    expect(first?.getSnapshot().context.data).toEqual(catalogue);
    expect(loadCatalogue).toHaveBeenCalledOnce();
  });

  it('keeps the order just placed with the catalogue for /order_done, which sums it up', async () => {
    vi.useFakeTimers();
    const { actor, placeOrder } = start(false);
    expect(selectLastOrder(actor.getSnapshot())).toBeNull();
    await placeOrder();
    expect(selectLastOrder(actor.getSnapshot())).toEqual({ order: placed.order, catalogue });
    expect(lastSummary(actor)).toEqual(summary);
  });

  it('keeps an order told before any catalogue, which /order_done then cannot sum up', () => {
    vi.useFakeTimers();
    const { actor } = start(false);
    actor.send(placed);
    expect(selectLastOrder(actor.getSnapshot())).toEqual({ order: placed.order, catalogue: null });
    expect(lastSummary(actor)).toBeNull();
  });

  it('forgets the order summary and goes to /login when the customer logs out', async () => {
    vi.useFakeTimers();
    const { actor, navigate, logout, session, placeOrder } = start();
    await settle();
    await placeOrder();
    session().send({ type: 'session.logout' });
    await settle();
    expect(logout).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.lastOrder).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('forgets the order summary when the session ends without a logout, and stays on the page', async () => {
    vi.useFakeTimers();
    const { actor, navigate, session, placeOrder } = start();
    await settle();
    await placeOrder();
    session().send({ type: 'session.expired' });
    expect(actor.getSnapshot().context.lastOrder).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes where a machine sends the customer', () => {
    vi.useFakeTimers();
    const { actor, navigate } = start(false);
    actor.send({ type: 'navigate', to: '/order_done' });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/order_done');
  });

  it('keeps the pages and the order summary when the same account logs in again in place', async () => {
    vi.useFakeTimers();
    const { actor, navigate, session, placeOrder } = start();
    await settle();
    await placeOrder();
    session().send({ type: 'session.interrupted' });
    session().send({ type: 'session.loggedIn' });
    await settle();
    expect(session().getSnapshot().context.loggedIn).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ accountSwitches: 0 });
    expect(lastSummary(actor)).toEqual(summary);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('starts the pages afresh on /dashboard and forgets the order when another account logs in in place', async () => {
    vi.useFakeTimers();
    const { actor, navigate, session, placeOrder } = start(true, [user, { ...user, email: 'other@example.com' }]);
    await settle();
    await placeOrder();
    session().send({ type: 'session.interrupted' });
    session().send({ type: 'session.loggedIn' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ lastOrder: null, accountSwitches: 1 });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard');
  });
});
