/**
 * The app's own actor: the root of the actor system of one rendered App (one visit, one page
 * load). It holds what the pages share beyond any one of them, so that nothing of it lives in a
 * module and a new App starts afresh:
 *
 * - `session` (systemId `session`): the session machine, invoked for the life of the App. Its way
 *   to /login and its end reach this actor as typed events.
 * - `catalogue`: the licence catalogue, spawned when a shop page first asks for it
 *   (`catalogue.open`) and kept in the context for the rest of the visit, so that GET /licences is made
 *   once (SPEC §7) and shared by /shop, /shop/{id} and /ishop/{id} (docs/decisions/009).
 * - `lastOrder`: the licence order just placed, as the order form tells it (`order.placed`), for
 *   /order_done, which sums it up with the visit's catalogue (`selectLastOrder`, docs/decisions/010). It lives in memory only: no storage keeps a buyer's order, a
 *   reload shows the generic thanks, and it is forgotten when the session ends.
 * - `accountSwitches`: how often another account logged in where a login was asked for in place
 *   (docs/decisions/027). The logged-in pages are keyed by it, so that a new account's pages start
 *   afresh and never show, or send, what the account before had typed.
 * - `navigate`: the one navigation effect. Machines decide where the customer goes after a
 *   success and send `navigate`; the app shell provides the action once, with its router.
 */
import { assign, sendParent, setup, type ActorRef, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Catalogue } from '../domain/entities';
import type { PlacedOrder } from '../domain/licence-order';
import { paths } from '../domain/routes';
import type { catalogueMachine } from './catalogue.machine';
import { sessionMachine, type SessionInput } from './session.machine';
import { typeOf } from './type-of';

/** Where a machine sends the customer (a path of SPEC §2). */
export interface NavigateParams {
  to: string;
}

export interface AppInput {
  /** The logged-in flag and the language kept in the browser session. */
  session: SessionInput;
}

export interface AppContext {
  session: SessionInput;
  catalogue: ActorRefFrom<typeof catalogueMachine> | null;
  lastOrder: PlacedOrder | null;
  accountSwitches: number;
}

/**
 * What a page's machine tells the app (its `tellApp` action, src/machines/portal-refs.ts): the
 * shop's order form, that the provider accepted an order.
 */
export type AppNews = { type: 'order.placed'; order: PlacedOrder };

export type AppEvent =
  | { type: 'navigate'; to: string }
  /**
   * A shop page asks for the visit's catalogue and brings its machine: the catalogue's code loads
   * with the shop, not with every page.
   */
  | { type: 'catalogue.open'; logic: typeof catalogueMachine }
  | AppNews
  | { type: 'session.ended' }
  /** From the session: another account logged in in place of the one whose pages were shown. */
  | { type: 'account.switched' };

/**
 * The session as the app runs it: after a logout it asks the app for /login, and when it ends
 * (logout, 401, another tab) the app forgets what it kept for the customer.
 */
const appSessionMachine = sessionMachine.provide({
  actions: {
    goToLogin: sendParent({ type: 'navigate', to: paths.login() }),
    goToLoginUnconfirmed: sendParent({ type: 'navigate', to: paths.login('logout-unconfirmed') }),
    forgetClientState: sendParent({ type: 'session.ended' }),
    leaveAccount: sendParent({ type: 'account.switched' }),
  },
});

/**
 * The app's session with further implementations (the app shell's storage, a test's actors).
 * A function rather than the machine itself: the session machine has one page in docs/machines.
 */
export function appSession(implementations: Parameters<typeof appSessionMachine.provide>[0]) {
  return appSessionMachine.provide(implementations);
}

export const appMachine = setup({
  types: {
    context: typeOf<AppContext>(),
    events: typeOf<AppEvent>(),
    input: typeOf<AppInput>(),
  },
  actors: {
    session: appSessionMachine,
  },
  actions: {
    /** Shows another page (provided once by the app shell with its router). */
    navigate: (_, _params: NavigateParams) => {},
    openCatalogue: assign({
      catalogue: ({ context, event, spawn }) =>
        // A public call: no session to hand it.
        context.catalogue ?? (event.type === 'catalogue.open' ? spawn(event.logic, { input: {} }) : null),
    }),
    rememberOrder: assign({
      lastOrder: ({ context, event }) => (event.type === 'order.placed' ? event.order : context.lastOrder),
    }),
    forgetOrder: assign({ lastOrder: null }),
    startPagesAfresh: assign({ accountSwitches: ({ context }) => context.accountSwitches + 1 }),
  },
  guards: {
    hasNoCatalogue: ({ context }) => context.catalogue === null,
  },
}).createMachine({
  id: 'app',
  description: "The app's actor system: the session, the visit's catalogue (SPEC §7), the last order, navigation.",
  context: ({ input }) => ({ session: input.session, catalogue: null, lastOrder: null, accountSwitches: 0 }),
  invoke: { id: 'session', systemId: 'session', src: 'session', input: ({ context }) => context.session },
  on: {
    navigate: { actions: { type: 'navigate', params: ({ event }) => ({ to: event.to }) } },
    // SPEC §7: fetched once per visit; a later shop page finds the catalogue already there.
    'catalogue.open': { guard: 'hasNoCatalogue', actions: 'openCatalogue' },
    'order.placed': { actions: 'rememberOrder' },
    'session.ended': { actions: 'forgetOrder' },
    // Another account's pages start afresh, on the dashboard as after any login (SPEC §4 Flows).
    'account.switched': { actions: ['startPagesAfresh', { type: 'navigate', params: { to: paths.dashboard() } }] },
  },
});

export type AppActor = ActorRefFrom<typeof appMachine>;

/**
 * The order just placed and the visit's catalogue, where the order form found its licence: what
 * /order_done sums up (src/domain/licence-order.ts). Null when no order was placed in this visit.
 */
export function selectLastOrder(snapshot: AppSnapshot): { order: PlacedOrder; catalogue: Catalogue | null } | null {
  const { lastOrder, catalogue } = snapshot.context;
  return lastOrder && { order: lastOrder, catalogue: catalogue?.getSnapshot().context.data ?? null };
}

/** The key of the logged-in pages: it changes when another account logs in in place. */
export function accountSwitches(snapshot: AppSnapshot): number {
  return snapshot.context.accountSwitches;
}

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
/** The app's actor as a page's machine holds it (src/machines/portal-refs.ts). */
export type AppRef = ActorRef<AppSnapshot, AppEvent>;
export type AppSessionActor = ActorRefFrom<typeof appSessionMachine>;
export type CatalogueActor = ActorRefFrom<typeof catalogueMachine>;
