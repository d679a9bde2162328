/**
 * The security page (issue 44, decision 058): the account's factors, its recovery codes left and
 * its open sessions, read on v1.1 where the server offers `second-factor`, and the ending of
 * another session or of all others. A server that does not offer it has no such page: the page
 * says so (a v1 server, or one without `second-factor`).
 *
 * A session ended here is over on the server at once: that browser's next call is answered 401,
 * which ends its session as every 401 does (decision 001). A factor is removed, and the recovery
 * codes are renewed, after the customer confirmed it; new codes are shown once. Each of these
 * changes may ask for a fresh sign-in first (src/api/fresh-sign-in.ts), which the call itself waits for.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { SecurityOverview } from '../api/v1-1/security';
import { timers } from '../domain/constants';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError, showTimeout } from './form-actions';
import type { FactorAdded } from '../api/v1-1/security';
import type { FormOutput } from './form.machine';
import { passkeyEnrolmentMachine, type PasskeyNameValues } from './passkey-enrolment.machine';
import { refsOf, sessionExpired, type PortalRefs } from './portal-refs';
import { typeOf } from './type-of';
import { unauthorizedGuard, userErrorFrom, type UserError } from './user-error';

/** Which sessions to end: one, or all but this browser's. */
export type SessionsToEnd = { id: string } | 'others';

export interface SecurityContext extends PortalRefs {
  overview: SecurityOverview | null;
  /** Why the page could not be read, until the next read. */
  error: UserError | null;
  /** The sessions being ended. */
  ending: SessionsToEnd | null;
  /** The factor the customer asked to remove, until it is removed or kept. */
  removing: string | null;
  /** New recovery codes, while they are shown (once). */
  newCodes: string[] | null;
  /** Where the last change was asked for: its card shows why it failed. */
  changed: 'factors' | 'sessions';
}

export type SecurityEvent =
  | { type: 'load.retry' }
  | { type: 'session.end'; id: string }
  | { type: 'sessions.endOthers' }
  /** A factor was added or removed: the page reads the protection again. */
  | { type: 'overview.reload' }
  /** Asks to remove a factor, or for new recovery codes: confirmed or kept with the events below. */
  | { type: 'factor.remove'; id: string }
  | { type: 'recoveryCodes.renew' }
  | { type: 'change.confirm' }
  | { type: 'change.keep' }
  /** The new recovery codes are kept safe: the page reads the protection again. */
  | { type: 'codes.done' }
  /** Adding a passkey: the form opens; given up, it closes. */
  | { type: 'passkey.add' }
  | { type: 'passkey.cancel' };

export const securityMachine = setup({
  types: {
    context: typeOf<SecurityContext>(),
    input: typeOf<PortalRefs>(),
    events: typeOf<SecurityEvent>(),
    children: typeOf<{ passkeyForm: 'passkeyForm'; errorLine: 'errorLine' }>(),
  },
  actors: {
    /** Whether the server offers `second-factor` (the probe every v1.1 call shares). */
    offered: fromPromise<boolean>(async ({ signal }) => {
      const { offeredV11 } = await import('../api/server-version');
      return (await offeredV11(signal))?.secondFactor === true;
    }),
    load: fromPromise<SecurityOverview>(async ({ signal }) =>
      (await import('../api/v1-1/security')).getSecurityOverview({ signal }),
    ),
    end: fromPromise<void, SessionsToEnd>(async ({ input, signal }) =>
      (await import('../api/v1-1/security')).endSessions(input, { signal }),
    ),
    removeFactor: fromPromise<void, { id: string }>(async ({ input, signal }) =>
      (await import('../api/v1-1/security')).removeFactor(input.id, { signal }),
    ),
    renewCodes: fromPromise<string[]>(async ({ signal }) =>
      (await import('../api/v1-1/security')).renewRecoveryCodes({ signal }),
    ),
    passkeyForm: passkeyEnrolmentMachine,
    errorLine: errorLineMachine,
  },
  actions: {
    sessionExpired: sessionExpired(),
    keepOverview: assign((_, overview: SecurityOverview) => ({ overview, error: null })),
    keepError: assign({ error: ({ event }) => userErrorFrom('error' in event ? event.error : undefined) }),
    keepTimeout: assign({ error: { key: 'timeout' } satisfies UserError }),
    keepEnding: assign((_, ending: SessionsToEnd) => ({ ending })),
    forgetEnding: assign({ ending: null }),
    changesFactors: assign({ changed: 'factors' as const }),
    changesSessions: assign({ changed: 'sessions' as const }),
    showError: showError(),
    showTimeout: showTimeout(),
    clearError: clearError(),
  },
  guards: {
    /** Given the passkey form's output: the account's first factor came with recovery codes. */
    broughtCodes: (_, output: FormOutput<PasskeyNameValues, FactorAdded>) =>
      (output.ending?.answer?.recovery_codes?.length ?? 0) > 0,
    isOffered: (_, offered: boolean) => offered,
    isUnauthorized: unauthorizedGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'security',
  description:
    'Issue 44: the factors, recovery codes left and open sessions (GET /v1.1/account/security, GET /v1.1/account/sessions), and ending sessions, where the server offers second-factor.',
  context: ({ input }) => ({
    session: input.session,
    app: input.app,
    overview: null,
    error: null,
    ending: null,
    removing: null,
    newCodes: null,
    changed: 'sessions',
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'checking',
  states: {
    checking: {
      description: 'Asks whether the server offers second factors at all.',
      tags: ['busy'],
      invoke: {
        src: 'offered',
        onDone: [
          { guard: { type: 'isOffered', params: ({ event }) => event.output }, target: 'loading' },
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'The server offers no second factors: the page says so and links back.',
      tags: ['unavailable'],
    },
    loading: {
      description: 'Reads the protection and the sessions; what was shown stays until the answer.',
      tags: ['busy'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'keepOverview', params: ({ event }) => event.output } },
        onError: [
          { guard: 'isUnauthorized', target: 'failed', actions: ['keepError', 'sessionExpired'] },
          { target: 'failed', actions: 'keepError' },
        ],
      },
      after: { loadingTimeout: { target: 'failed', actions: 'keepTimeout' } },
    },
    failed: {
      description: 'The reason with a retry, never a blank page.',
      on: { 'load.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The factors and the sessions are shown; another session, or all others, can be ended.',
      on: {
        'session.end': {
          target: 'ending',
          actions: [{ type: 'keepEnding', params: ({ event }) => ({ id: event.id }) }, 'clearError', 'changesSessions'],
        },
        'sessions.endOthers': {
          target: 'ending',
          actions: [{ type: 'keepEnding', params: 'others' }, 'clearError', 'changesSessions'],
        },
        'overview.reload': { target: 'loading' },
        'factor.remove': {
          target: 'confirmingRemoval',
          actions: [assign({ removing: ({ event }) => event.id }), 'clearError', 'changesFactors'],
        },
        'recoveryCodes.renew': { target: 'confirmingRenewal', actions: ['clearError', 'changesFactors'] },
        'passkey.add': { target: 'addingPasskey', actions: ['clearError', 'changesFactors'] },
      },
    },
    addingPasskey: {
      description: "The passkey's name, then the browser's dialog and the server (the form's own lifecycle).",
      on: { 'passkey.cancel': { target: 'ready' } },
      invoke: {
        id: 'passkeyForm',
        src: 'passkeyForm',
        input: ({ context }) => refsOf(context),
        onDone: [
          {
            guard: { type: 'broughtCodes', params: ({ event }) => event.output },
            target: 'showingCodes',
            actions: assign({ newCodes: ({ event }) => event.output.ending?.answer?.recovery_codes ?? null }),
          },
          { target: 'loading' },
        ],
      },
    },
    confirmingRemoval: {
      description: 'Removing a factor is asked once more: it no longer confirms a sign-in afterwards.',
      on: {
        'change.confirm': { target: 'removing' },
        'change.keep': { target: 'ready', actions: assign({ removing: null }) },
      },
    },
    removing: {
      description: 'DELETE /v1.1/account/factors/{id}; then the protection is read again.',
      tags: ['changing'],
      invoke: {
        src: 'removeFactor',
        input: ({ context }) => ({ id: context.removing ?? '' }),
        onDone: { target: 'loading', actions: assign({ removing: null }) },
        onError: [
          {
            guard: 'isUnauthorized',
            target: 'ready',
            actions: [assign({ removing: null }), 'showError', 'sessionExpired'],
          },
          { target: 'ready', actions: [assign({ removing: null }), 'showError'] },
        ],
      },
      after: { loadingTimeout: { target: 'ready', actions: [assign({ removing: null }), 'showTimeout'] } },
    },
    confirmingRenewal: {
      description: 'New recovery codes are asked once more: the ones before stop working.',
      on: {
        'change.confirm': { target: 'renewing' },
        'change.keep': { target: 'ready' },
      },
    },
    renewing: {
      description: 'POST /v1.1/account/recovery-codes.',
      tags: ['changing'],
      invoke: {
        src: 'renewCodes',
        onDone: { target: 'showingCodes', actions: assign({ newCodes: ({ event }) => event.output }) },
        onError: [
          { guard: 'isUnauthorized', target: 'ready', actions: ['showError', 'sessionExpired'] },
          { target: 'ready', actions: 'showError' },
        ],
      },
      after: { loadingTimeout: { target: 'ready', actions: 'showTimeout' } },
    },
    showingCodes: {
      description: 'The new codes, shown once, until the customer has kept them.',
      on: { 'codes.done': { target: 'loading', actions: assign({ newCodes: null }) } },
    },
    ending: {
      description: 'One call at a time; then the sessions are read again.',
      tags: ['ending'],
      invoke: {
        src: 'end',
        input: ({ context }) => context.ending ?? 'others',
        onDone: { target: 'loading', actions: 'forgetEnding' },
        onError: [
          { guard: 'isUnauthorized', target: 'ready', actions: ['forgetEnding', 'showError', 'sessionExpired'] },
          { target: 'ready', actions: ['forgetEnding', 'showError'] },
        ],
      },
      after: { loadingTimeout: { target: 'ready', actions: ['forgetEnding', 'showTimeout'] } },
    },
  },
});

export type SecurityActor = ActorRefFrom<typeof securityMachine>;
