import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Catalogue, User } from '../../src/domain/entities';
import type { LicenceOrderSummary } from '../../src/domain/licence-order';
import { appMachine, appSession } from '../../src/machines/app.machine';
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
    logic: catalogueMachine.provide({ actors: { loadCatalogue: fromPromise(loadCatalogue) } }),
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
    expect(first?.getSnapshot().context.catalogue).toEqual(catalogue);
    expect(loadCatalogue).toHaveBeenCalledOnce();
  });

  it('keeps the summary of the order just placed for /order_done, made from the catalogue', async () => {
    vi.useFakeTimers();
    const { actor, placeOrder } = start(false);
    expect(actor.getSnapshot().context.lastOrder).toBeNull();
    await placeOrder();
    expect(actor.getSnapshot().context.lastOrder).toEqual(summary);
  });

  it('keeps no summary of an order whose licence the catalogue does not hold', async () => {
    vi.useFakeTimers();
    const { actor, open } = start(false);
    actor.send(placed);
    expect(actor.getSnapshot().context.lastOrder).toBeNull();
    actor.send(open);
    await settle();
    actor.send({ ...placed, order: { ...placed.order, productId: 4 } });
    expect(actor.getSnapshot().context.lastOrder).toBeNull();
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
    expect(actor.getSnapshot().context).toMatchObject({ lastOrder: summary, accountSwitches: 0 });
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
