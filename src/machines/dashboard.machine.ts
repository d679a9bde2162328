/**
 * The dashboard (SPEC §2 "Dashboard"): the status list, cancelling a datastore after a
 * confirmation (SPEC §4 "Datastore", §5), the first-time overlay and the purchase card.
 *
 * - `status`: GET /status, with a retry after a failure; a 401 ends the session silently
 *   (decision 001). Passwords are kept out of the list: each temporary password lives in its own
 *   spawned `temporaryPassword` actor, which forgets it after 5 minutes (SPEC §9).
 * - `cancellation`: confirm, then GET /datastore/cancel/{name}, then reload the status.
 * - the purchase card runs as the invoked child `purchase`; it asks for `status.reload` after a
 *   purchase, is told `status.loaded` / `status.failed`, and reports `purchase.done`.
 * - each password actor reports `password.expired` with its datastore's name when its time is up.
 * - `contract`: whether the contract is cancelled (SPEC §4 "Cancelled contract": datastores become
 *   read-only), known from the session (a cancellation in this session) or from the company's
 *   `contract_end_date` where the server sends it (decision 029). Then the datastores are
 *   read-only: no cancellation, and the purchase card is closed.
 */
import {
  and,
  assign,
  not,
  fromPromise,
  raise,
  sendTo,
  setup,
  stateIn,
  stopChild,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { getCompany } from '../api/company';
import { cancelDatastore, getStatus } from '../api/datastores';
import { cancelledContractEnd } from '../domain/contract';
import { reverseChargeApplies } from '../domain/vat';
import type { BackupHealthBrief, Company, Datastore } from '../domain/entities';
import type { DatastoreInsight } from '../api/server-version';
import { timers, waiting } from '../domain/constants';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError, showTimeout } from './form-actions';
import { purchaseMachine } from './purchase.machine';
import { navigate, sessionExpired, tellSession, type PortalRefs } from './portal-refs';
import { selectContractCancelled, selectPasswordsShownAt } from './session.machine';
import { paths } from '../domain/routes';
import {
  temporaryPasswordMachine,
  type PasswordExpiredEvent,
  type TemporaryPasswordActor,
} from './temporary-password.machine';
import { isUnanswered, unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';

/** A status entry without its password: passwords only live in their own actors. */
export type DatastoreEntry = Omit<Datastore, 'password'>;

export interface DashboardContext extends PortalRefs {
  datastores: DatastoreEntry[];
  /** The status has been read at least once. */
  loaded: boolean;
  /** Why the last status read failed, shown with a retry. */
  statusError: UserError | null;
  /**
   * One actor per datastore whose status showed a temporary password, by datastore name; null
   * once its 5 minutes are over (the name stays, so that the password is never shown again).
   */
  passwords: Record<string, TemporaryPasswordActor | null>;
  /** The datastore whose password the first-time overlay shows. */
  overlay: string | null;
  /** The datastore being (or last) cancelled. */
  cancelTarget: string | null;
  /** The company's `contract_end_date` (yyyy-mm-dd), where the server sends one (not in SPEC §3). */
  companyContractEnd: string | null;
  /** The company is in FR or LUX and has a VAT id: its prices carry the reverse-charge note (decision 032). */
  reverseCharge: boolean;
  /**
   * What the server tells of the datastores beyond v1 (issue 45): with either, each card links to
   * its datastore's page; with the backup health, each card says what needs attention. Neither
   * until its answer, and on a v1 server.
   */
  insight: DatastoreInsight;
  /** Every running datastore's backup health in brief, by name, once read (issue 45). */
  health: ReadonlyMap<string, BackupHealthBrief> | null;
  /** When it was read (epoch seconds): the cards' "now" for a backup's age. */
  healthReadAt: number;
}

export type DashboardEvent =
  | { type: 'status.retry' }
  | { type: 'status.reload' }
  | { type: 'datastore.cancel.request'; name: string }
  | { type: 'datastore.cancel.confirm' }
  | { type: 'datastore.cancel.abort' }
  | { type: 'overlay.close' }
  /** From a password actor: its 5 minutes are over. */
  | PasswordExpiredEvent
  /** From the purchase card: the new datastore is bought and the status shows it (SPEC §4). */
  | { type: 'purchase.done' }
  /** From the purchase card: its call answered 401, which ends the session (decision 001). */
  | { type: 'purchase.sessionExpired' };

function withoutPassword({ password: _password, ...entry }: Datastore): DatastoreEntry {
  return entry;
}

/** Spawned password actors are named `password.<datastore>`. */
const PASSWORD_ACTOR = 'password.';

export type DashboardInput = PortalRefs;

/**
 * The datastores whose status carries a temporary password, as shown at `now`: what the session
 * is told (`passwords.shown`), which keeps the first showing of each (decision 035).
 */
function passwordsShown(status: readonly Datastore[], now: number): Record<string, number> {
  return Object.fromEntries(status.filter((datastore) => datastore.password).map(({ datastore }) => [datastore, now]));
}

export const dashboardMachine = setup({
  types: {
    context: typeOf<DashboardContext>(),
    events: typeOf<DashboardEvent>(),
    input: typeOf<DashboardInput>(),
  },
  actors: {
    loadStatus: fromPromise<Datastore[]>(({ signal }) => getStatus({ signal })),
    /** Whether the server tells usage history or backup health (the probe every v1.1 call shares). */
    insightOffer: fromPromise<DatastoreInsight>(async ({ signal }) =>
      (await import('../api/server-version')).insightOffered(signal),
    ),
    /** GET /v1.1/backup-health: every running datastore's health in brief. */
    loadHealth: fromPromise<ReadonlyMap<string, BackupHealthBrief>>(async ({ signal }) =>
      (await import('../api/v1-1/datastore-insight')).getBackupHealthOfAll({ signal }),
    ),
    /** GET /company, read only for its `contract_end_date` (decision 029). */
    loadCompany: fromPromise<Company>(({ signal }) => getCompany({ signal })),
    cancelDatastore: fromPromise<void, { name: string }>(({ input, signal }) =>
      cancelDatastore(input.name, { signal }),
    ),
    temporaryPassword: temporaryPasswordMachine,
    purchase: purchaseMachine,
    errorLine: errorLineMachine,
  },
  actions: {
    /** A 401: the session ends (decision 001). */
    sessionExpired: sessionExpired(),
    /**
     * Tells the session what it must know: datastores bought or cancelled (it reloads the user's
     * products), passwords shown.
     */
    tellSession: tellSession(),
    /**
     * The status as read at `now`, with a password actor for each temporary password still to be
     * shown: the session's `shownAt` (its first showings, decision 035) tells how long.
     */
    storeStatus: assign(
      (
        { context, spawn },
        { status, now, shownAt }: { status: Datastore[]; now: number; shownAt: Record<string, number> },
      ) => {
        const passwords = { ...context.passwords };
        let overlay = context.overlay;
        for (const datastore of status) {
          const name = datastore.datastore;
          if (!datastore.password || name in passwords) continue;
          // The 5 minutes run from when the portal first showed the password, on this visit of the
          // dashboard or an earlier one (SPEC §9). After them the password is never shown again,
          // even if the server still sends it; the overlay shows once per password.
          const first = shownAt[name];
          const left = first === undefined ? timers.passwordVisible : timers.passwordVisible - (now - first);
          if (left <= 0) {
            passwords[name] = null;
            continue;
          }
          passwords[name] = spawn('temporaryPassword', {
            id: `${PASSWORD_ACTOR}${name}`,
            input: { name, password: datastore.password, visibleFor: left },
          });
          if (first === undefined) overlay ??= name;
        }
        return { datastores: status.map(withoutPassword), loaded: true, statusError: null, passwords, overlay };
      },
    ),
    /** A password's 5 minutes are over: stop holding its actor ... */
    stopExpiredPassword: stopChild(({ event }) =>
      event.type === 'password.expired' ? `${PASSWORD_ACTOR}${event.name}` : '',
    ),
    /** ... and keep only its name, so that the password is never shown again. */
    forgetExpiredPassword: assign({
      passwords: ({ context, event }) => {
        if (event.type !== 'password.expired') return context.passwords;
        // Only a password actor this dashboard started, and still holds, can have ended.
        return context.passwords[event.name] ? { ...context.passwords, [event.name]: null } : context.passwords;
      },
    }),
    /** Shows another page. */
    navigate: navigate(),
    storeStatusError: assign({ statusError: ({ event }) => userErrorFrom('error' in event ? event.error : undefined) }),
    storeTimeout: assign({ statusError: { key: 'timeout' } }),
    /** Tells the purchase card the names the status lists: after a purchase without an answer, what is new is the purchase. */
    reportLoaded: sendTo('purchase', ({ context }) => ({
      type: 'status.loaded' as const,
      names: context.datastores.map((datastore) => datastore.datastore),
    })),
    reportFailed: sendTo('purchase', { type: 'status.failed' }),
    chooseCancelTarget: assign({
      cancelTarget: ({ context, event }) =>
        event.type === 'datastore.cancel.request' ? event.name : context.cancelTarget,
    }),
    reloadStatus: raise({ type: 'status.reload' }),
    storeCompanyContractEnd: assign({
      companyContractEnd: (_, { company }: { company: Company }) => company.contract_end_date ?? null,
    }),
    /** The purchase card's prices carry the reverse-charge note for a company in FR or LUX with a VAT id (decision 032). */
    storeReverseCharge: assign({
      reverseCharge: (_, { company }: { company: Company }) => reverseChargeApplies(company.country, company.ustid),
    }),
    closeOverlay: assign({ overlay: null }),
    clearCancelError: clearError(),
    showCancelError: showError(),
    showCancelTimeout: showTimeout(),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
    isUnanswered: ({ event }) => 'error' in event && isUnanswered(event.error),
    /** SPEC §2: delete is disabled while loading or once a contract end date exists. */
    canCancel: ({ context, event }) => {
      if (event.type !== 'datastore.cancel.request') return false;
      const datastore = context.datastores.find((candidate) => candidate.datastore === event.name);
      return datastore !== undefined && !datastore.contract_end_date;
    },
    statusReady: stateIn({ status: 'ready' }),
    /** The server tells the backup health, and the list it belongs to is read. */
    healthReadable: and([({ context }) => context.insight.backupHealth, stateIn({ status: 'ready' })]),
    /** SPEC §4: after a contract cancellation the datastores are read-only, so none is cancelled. */
    contractRunning: not(stateIn({ contract: 'cancelled' })),
    /** The session knows that the customer cancelled the contract in it (decision 029). */
    cancelledInSession: ({ context }) => selectContractCancelled(context.session.getSnapshot()),
    companyCancelled: (_, { company }: { company: Company }) => Boolean(company.contract_end_date),
  },
  delays: {
    loadingTimeout: timers.loadingTimeout,
    stillWorking: waiting.stillWorking,
  },
}).createMachine({
  id: 'dashboard',
  description: 'SPEC §2 Dashboard: datastores, cancellation, first-time overlay, purchase card.',
  context: ({ input }) => ({
    datastores: [],
    loaded: false,
    statusError: null,
    passwords: {},
    overlay: null,
    cancelTarget: null,
    companyContractEnd: null,
    reverseCharge: false,
    insight: { usageHistory: false, backupHealth: false },
    health: null,
    healthReadAt: 0,
    session: input.session,
    app: input.app,
  }),
  invoke: [
    { id: 'purchase', src: 'purchase', input: {} },
    { id: 'errorLine', src: 'errorLine' },
    {
      src: 'insightOffer',
      onDone: { actions: assign({ insight: ({ event }) => event.output }) },
      // Unknown is not offered: the cards are whole without the link.
      onError: {},
    },
  ],
  on: {
    'overlay.close': { actions: 'closeOverlay' },
    'password.expired': { actions: ['stopExpiredPassword', 'forgetExpiredPassword'] },
    // SPEC §4: after a purchase the products of /me change too, and the customer sees /dashboard.
    'purchase.done': {
      actions: [
        { type: 'tellSession', params: { type: 'user.reload' } },
        { type: 'navigate', params: { to: paths.dashboard() } },
      ],
    },
    'purchase.sessionExpired': { actions: 'sessionExpired' },
  },
  type: 'parallel',
  states: {
    status: {
      initial: 'loading',
      states: {
        loading: {
          description: 'GET /status; the list shown so far stays on screen.',
          tags: ['busy'],
          invoke: {
            src: 'loadStatus',
            onDone: {
              target: 'ready',
              actions: [
                {
                  type: 'storeStatus',
                  params: ({ context, event }) => ({
                    status: event.output,
                    now: Date.now(),
                    shownAt: selectPasswordsShownAt(context.session.getSnapshot()),
                  }),
                },
                {
                  type: 'tellSession',
                  params: ({ event }) => ({
                    type: 'passwords.shown',
                    shownAt: passwordsShown(event.output, Date.now()),
                  }),
                },
                'reportLoaded',
              ],
            },
            onError: [
              {
                guard: 'isUnauthorized',
                target: 'failed',
                actions: ['storeStatusError', 'reportFailed', 'sessionExpired'],
              },
              { target: 'failed', actions: ['storeStatusError', 'reportFailed'] },
            ],
          },
          after: { loadingTimeout: { target: 'failed', actions: ['storeTimeout', 'reportFailed'] } },
          // A newer request (a purchase during a reload) starts the read afresh.
          on: { 'status.reload': { target: 'loading', reenter: true } },
        },
        ready: {
          on: { 'status.reload': { target: 'loading' } },
        },
        failed: {
          description: 'A clear message with a retry; never a blank page.',
          on: {
            'status.retry': { target: 'loading' },
            'status.reload': { target: 'loading' },
          },
        },
      },
    },
    health: {
      description:
        'Issue 45: every running datastore\'s backup health in brief (GET /v1.1/backup-health) where the server tells it, read with the list, for the cards\' badges and the "needs attention" filter.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Until the server is known to tell it and the list is read.',
          always: { guard: 'healthReadable', target: 'reading' },
        },
        reading: {
          invoke: {
            src: 'loadHealth',
            onDone: {
              target: 'read',
              actions: assign({
                health: ({ event }) => event.output,
                healthReadAt: () => Math.floor(Date.now() / 1000),
              }),
            },
            onError: [{ guard: 'isUnauthorized', target: 'failed', actions: 'sessionExpired' }, { target: 'failed' }],
          },
          after: { loadingTimeout: { target: 'failed' } },
        },
        read: {
          description: 'The cards say what needs attention; read again with the list.',
          on: { 'status.reload': { target: 'waiting' } },
        },
        failed: {
          description: 'The cards are whole without it: no badge, no message; read again with the list.',
          on: { 'status.reload': { target: 'waiting' }, 'status.retry': { target: 'waiting' } },
        },
      },
    },
    contract: {
      description: 'SPEC §4 "Cancelled contract": whether the datastores are read-only (decision 029).',
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'cancelledInSession', target: 'cancelled' }, { target: 'checking' }],
        },
        checking: {
          description:
            'GET /company for its contract_end_date, a field SPEC §3 does not promise, and its country and VAT id.',
          invoke: {
            src: 'loadCompany',
            onDone: [
              {
                guard: { type: 'companyCancelled', params: ({ event }) => ({ company: event.output }) },
                target: 'cancelled',
                actions: [
                  { type: 'storeCompanyContractEnd', params: ({ event }) => ({ company: event.output }) },
                  { type: 'storeReverseCharge', params: ({ event }) => ({ company: event.output }) },
                ],
              },
              {
                target: 'open',
                actions: { type: 'storeReverseCharge', params: ({ event }) => ({ company: event.output }) },
              },
            ],
            // Not knowing is no cancellation: the purchase card stays, and the server refuses what it must.
            // A 401 is the status read's to report (decision 001).
            onError: { target: 'open' },
          },
          after: { loadingTimeout: { target: 'open' } },
        },
        open: {
          description: 'No contract cancellation known: the datastores as they are, the purchase card open.',
        },
        cancelled: {
          description: 'The contract is cancelled: every datastore read-only, the purchase card closed.',
          tags: ['readOnly'],
        },
      },
    },
    cancellation: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'datastore.cancel.request': {
              guard: and(['statusReady', 'canCancel', 'contractRunning']),
              target: 'confirming',
              actions: ['chooseCancelTarget', 'clearCancelError'],
            },
          },
        },
        confirming: {
          description: 'SPEC §5: datastore cancellation asks for confirmation first.',
          on: {
            'datastore.cancel.confirm': { target: 'cancelling' },
            'datastore.cancel.abort': { target: 'idle' },
          },
        },
        cancelling: {
          tags: ['busy'],
          invoke: {
            src: 'cancelDatastore',
            input: ({ context }) => ({ name: context.cancelTarget ?? '' }),
            onDone: {
              target: 'idle',
              actions: ['reloadStatus', { type: 'tellSession', params: { type: 'user.reload' } }],
            },
            onError: [
              { guard: 'isUnauthorized', target: 'idle', actions: ['showCancelError', 'sessionExpired'] },
              // No answer: the cancellation may have been made, so the list is read again and shows it.
              { guard: 'isUnanswered', target: 'idle', actions: ['showCancelError', 'reloadStatus'] },
              { target: 'idle', actions: 'showCancelError' },
            ],
          },
          after: { loadingTimeout: { target: 'idle', actions: ['showCancelTimeout', 'reloadStatus'] } },
          ...stillWorkingStates(),
        },
      },
    },
  },
});

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/** SPEC §4: after a contract cancellation the datastores are read-only and nothing is bought. */
export function selectReadOnly(snapshot: DashboardSnapshot): boolean {
  return snapshot.hasTag('readOnly');
}

/** The company is in FR or LUX with a VAT id: the prices carry the reverse-charge note (decision 032). */
export function selectReverseCharge(snapshot: DashboardSnapshot): boolean {
  return snapshot.context.reverseCharge;
}

/** The day a cancelled contract ends (yyyy-mm-dd), when the portal knows it (decision 029). */
export function selectContractEnd(snapshot: DashboardSnapshot): string | null {
  if (!selectReadOnly(snapshot)) return null;
  return cancelledContractEnd(snapshot.context.companyContractEnd, snapshot.context.datastores);
}
