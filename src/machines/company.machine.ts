/**
 * The company page (SPEC §2 "Company page", §4 "Company page: view or edit. Edit ends on
 * success."): GET /company, view mode, edit mode, and a reload with the fresh data.
 * Edit mode is the form's own lifecycle (`company-edit.machine.ts`, a `createFormMachine` form),
 * invoked as the child `form` (decision 053): it starts with the company and the session user's
 * names, and its success brings this machine back to `loading`, which asks the session to reload
 * the user. The side card's contract cancellation runs as the child `cancellation`; after its
 * yes, this machine reloads the company and asks the session to reload the user (`reloadedUser`),
 * and hands the child the reloaded products, which may carry the contract's end date.
 * Beside it, whether the server offers second factors (v1.1 `second-factor`, issue 44): the side
 * card that leads to the security page shows only then, never on a v1 server.
 */
import { assign, fromPromise, raise, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getCompany } from '../api/company';
import type { Company } from '../domain/entities';
import { timers } from '../domain/constants';
import { companyFormValues } from '../domain/company-form';
import { companyEditMachine } from './company-edit.machine';
import { contractCancellationMachine } from './contract-cancellation.machine';
import { unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { refsOf, sessionExpired, tellSession, type PortalRefs } from './portal-refs';
import { reloadedUser, type UserReload } from './session-readers';
import { selectUser } from './session.machine';
import { typeOf } from './type-of';

export interface CompanyContext extends PortalRefs {
  company: Company | null;
  /** Why the company could not be (re)loaded. */
  loadError: UserError | null;
  /** Set by a successful save until the next edit: the view confirms the save. */
  saved: boolean;
  /** The server offers second factors (issue 44): false until its answer, and on a v1 server. */
  secondFactorOffered: boolean;
}

export type CompanyEvent =
  | { type: 'company.retry' }
  | { type: 'company.reload' }
  /** From the child `cancellation`: the contract is cancelled (SPEC §4), or its call answered 401. */
  | { type: 'cancellation.done' }
  | { type: 'cancellation.sessionExpired' }
  | UserReload
  | { type: 'company.edit' }
  | { type: 'company.back' };

export const companyMachine = setup({
  types: {
    context: typeOf<CompanyContext>(),
    events: typeOf<CompanyEvent>(),
    input: typeOf<PortalRefs>(),
    /** The children by id, so that the page reads each as its own machine's actor. */
    children: typeOf<{ cancellation: 'cancellation'; form: 'form'; reloadedUser: 'reloadedUser' }>(),
  },
  actors: {
    loadCompany: fromPromise<Company>(({ signal }) => getCompany({ signal })),
    /** The probe every v1.1 call shares (src/api/server-version.ts): asked once per session. */
    secondFactorOffer: fromPromise<boolean>(async ({ signal }) => {
      const { offeredV11 } = await import('../api/server-version');
      return (await offeredV11(signal))?.secondFactor === true;
    }),
    /** Edit mode's form: its values, field errors, error line and POST /edit/company. */
    form: companyEditMachine,
    cancellation: contractCancellationMachine,
    /** The session's reload of the user after a cancellation, told back. */
    reloadedUser,
  },
  actions: {
    /** A 401: the session ends silently (decision 001). */
    sessionExpired: sessionExpired(),
    tellSession: tellSession(),
    /** The company of GET /company, given by the `loadCompany` actor's done event (typed by `setup`). */
    keepCompany: assign((_, { company }: { company: Company }) => ({ company, loadError: null })),
    keepLoadError: assign({ loadError: ({ event }) => userErrorFrom('error' in event ? event.error : undefined) }),
    keepLoadTimeout: assign({ loadError: { key: 'timeout' } }),
    forgetSaved: assign({ saved: false }),
    markSaved: assign({ saved: true }),
    productsUnknown: sendTo('cancellation', { type: 'products.reloaded', products: null }),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'company',
  description: 'SPEC §2 Company page: view or edit; edit ends on success.',
  context: ({ input }) => ({
    session: input.session,
    app: input.app,
    company: null,
    loadError: null,
    saved: false,
    secondFactorOffered: false,
  }),
  invoke: [
    { id: 'cancellation', src: 'cancellation' },
    {
      src: 'secondFactorOffer',
      onDone: { actions: assign({ secondFactorOffered: ({ event }) => event.output }) },
      // Unknown is not offered: the page is whole without the card.
      onError: {},
    },
  ],
  on: {
    // SPEC §4: a cancelled contract changes the company (its products) and the user's products.
    'cancellation.done': {
      actions: [
        // The session keeps it for the dashboard, which shows the datastores read-only (decision 029).
        { type: 'tellSession', params: { type: 'contract.cancelled' } },
        spawnChild('reloadedUser', { id: 'reloadedUser', input: ({ context }) => context }),
        raise({ type: 'company.reload' }),
      ],
    },
    'cancellation.sessionExpired': { actions: 'sessionExpired' },
    'user.reloaded': {
      actions: sendTo('cancellation', ({ event }) => ({
        type: 'products.reloaded',
        products: event.user.products ?? null,
      })),
    },
    // The end date is an extra: without the reload the cancellation stands, shown without a date.
    // (A 401 of the reload has ended the session, which made it.)
    'user.reloadFailed': { actions: 'productsUnknown' },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /company, first and after a save; the page shows that it loads.',
      tags: ['busy'],
      invoke: {
        src: 'loadCompany',
        onDone: {
          target: 'view',
          actions: { type: 'keepCompany', params: ({ event }) => ({ company: event.output }) },
        },
        onError: [
          { guard: 'isUnauthorized', target: 'failed', actions: ['keepLoadError', 'sessionExpired'] },
          { target: 'failed', actions: 'keepLoadError' },
        ],
      },
      after: { loadingTimeout: { target: 'failed', actions: 'keepLoadTimeout' } },
    },
    failed: {
      description: 'The company could not be loaded: a clear message and a retry, never a blank page.',
      on: { 'company.retry': { target: 'loading' } },
    },
    view: {
      description: 'View mode: the company, its pending changes, the products and the side cards.',
      initial: 'shown',
      on: { 'company.edit': { target: 'edit', actions: 'forgetSaved' } },
      states: {
        shown: {
          on: { 'company.reload': { target: 'refreshing' } },
        },
        refreshing: {
          description: 'GET /company in the background (after a cancellation), the data stays on screen.',
          invoke: {
            src: 'loadCompany',
            onDone: {
              target: 'shown',
              actions: { type: 'keepCompany', params: ({ event }) => ({ company: event.output }) },
            },
            onError: [
              { guard: 'isUnauthorized', target: 'shown', actions: ['keepLoadError', 'sessionExpired'] },
              { target: 'shown', actions: 'keepLoadError' },
            ],
          },
          after: { loadingTimeout: { target: 'shown', actions: 'keepLoadTimeout' } },
        },
      },
    },
    edit: {
      description:
        'Edit mode: the form (the child `form`), then back, or a save that reloads; on failure, a 401 included, every field keeps what was typed (docs/decisions/027).',
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => ({
          ...refsOf(context),
          // An edit starts from the company and the session user's names (SPEC §7 sends them).
          values: context.company ? companyFormValues(context.company, selectUser(context.session.getSnapshot())) : {},
          given: { pendingState: context.company?.pending_state ?? null },
        }),
        onDone: {
          target: 'loading',
          actions: ['markSaved', { type: 'tellSession', params: { type: 'user.reload' } }],
        },
      },
      // The values typed are dropped with the form; the view offers Back only while nothing is sent.
      on: { 'company.back': { target: 'view' } },
    },
  },
});

export type CompanyActor = ActorRefFrom<typeof companyMachine>;
export type CompanySnapshot = SnapshotFrom<typeof companyMachine>;
