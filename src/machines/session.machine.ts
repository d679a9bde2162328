/**
 * The customer's session (SPEC §4 "Session", §3 "Client state"): the logged-in flag and the
 * language, kept in the browser session by the provided `persist` action; the user loaded by
 * GET /me; logout by GET /logout. A 401 from /me (or reported by another machine as
 * `session.expired`) ends the session silently; other failures keep it and offer a retry
 * (docs/decisions/001). A 401 answered to a form's call (`session.interrupted`) ends it in place
 * instead: the page stays, a login dialog asks for the login again, and the form waits until the
 * login is known to be the same account's (docs/decisions/027).
 */
import { assign, fromPromise, raise, setup, type ActorRef, type SnapshotFrom } from 'xstate';
import type { User } from '../domain/entities';
import { timers, type Language } from '../domain/constants';
import { unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { typeOf } from './type-of';

export interface SessionInput {
  loggedIn: boolean;
  language: Language;
}

export interface SessionContext {
  loggedIn: boolean;
  language: Language;
  user: User | null;
  error: UserError | null;
  /**
   * When the portal first showed each temporary datastore password in this session, by datastore
   * name (epoch ms; never the password), so that its 5 minutes and its one overlay hold across
   * page changes (SPEC §9). Kept in memory only: SPEC §3 allows nothing else in the browser's storage.
   */
  passwordsShownAt: Record<string, number>;
  /**
   * The customer cancelled the contract in this session and the server said yes (decision 029):
   * the one way the portal knows of a cancellation where the company carries no end date (SPEC §3).
   * Kept in memory only, like everything of the session.
   */
  contractCancelled: boolean;
  /**
   * While a login is asked for in place: the email of the account whose page waits (null when its
   * user was never loaded). A login of another account must not find that customer's typed work.
   */
  resumeFor: string | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn' }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  /** A form's call was answered 401: the session ended, but the page and what was typed stay. */
  | { type: 'session.interrupted' }
  /** The customer gives up the login in place: the page's work is dropped, /login is shown. */
  | { type: 'relogin.cancel' }
  | { type: 'user.reload' }
  | { type: 'user.retry' }
  /**
   * The page came back from the browser's back/forward cache: whether the session still holds is
   * asked again (GET /me) before the logged-in pages show (decision 044, security review N7).
   */
  | { type: 'session.recheck' }
  | { type: 'language.change'; language: Language }
  | { type: 'passwords.shown'; shownAt: Record<string, number> }
  | { type: 'contract.cancelled' };

/**
 * What a page's machine tells the session (its `tellSession` action, sent to the session it holds
 * in its input): a login, data of the user that changed, passwords shown.
 */
export type SessionNews = Extract<
  SessionEvent,
  { type: 'session.loggedIn' | 'session.interrupted' | 'user.reload' | 'passwords.shown' | 'contract.cancelled' }
>;

/** /logout confirmed: the client forgets the session and shows /login. */
const loggedOutAfterLogout = ['endSession', 'forgetClientState', 'persist', 'goToLogin'] as const;
/**
 * /logout failed or never answered: the client forgets the session all the same (staying logged
 * in on this device because the network failed would be the worse surprise), but the server's
 * cookie may still be valid, and /login says so (decision 044, security review N3).
 */
const loggedOutUnconfirmed = ['endSession', 'forgetClientState', 'persist', 'goToLoginUnconfirmed'] as const;

export const sessionMachine = setup({
  types: {
    context: typeOf<SessionContext>(),
    events: typeOf<SessionEvent>(),
    input: typeOf<SessionInput>(),
  },
  actors: {
    // The API modules (and their structs) load with the first call: a visitor of the public
    // pages, who is logged out, never needs them.
    loadUser: fromPromise<User>(async ({ signal }) => (await import('../api/auth')).me({ signal })),
    logout: fromPromise<void>(async ({ signal }) => (await import('../api/settings')).logout({ signal })),
    saveLanguage: fromPromise<void, { language: Language }>(async ({ input, signal }) =>
      (await import('../api/settings')).setLanguage(input.language, { signal }),
    ),
  },
  actions: {
    /** Writes the logged-in flag and the language to the browser session (provided by the app). */
    persist: () => {},
    /** Shows /login after a logout (provided by the app). */
    goToLogin: () => {},
    /**
     * Shows /login after a logout the server did not confirm, with a notice that the customer is
     * logged out in this browser only (provided by the app).
     */
    goToLoginUnconfirmed: () => {},
    /**
     * Forgets what the pages keep in memory beyond this machine when the session ends (the
     * last licence order's summary with the buyer's email; provided by the app).
     */
    forgetClientState: () => {},
    /**
     * Another account logged in where a login was asked for in place: the pages of the account
     * before must start afresh and the customer sees /dashboard (provided by the app).
     */
    leaveAccount: () => {},
    startSession: assign({ loggedIn: true, error: null, passwordsShownAt: {}, contractCancelled: false }),
    endSession: assign({
      loggedIn: false,
      user: null,
      error: null,
      passwordsShownAt: {},
      contractCancelled: false,
      resumeFor: null,
    }),
    /** The server's session ended under a form: the user stays known until the login in place. */
    interruptSession: assign({
      loggedIn: false,
      error: null,
      resumeFor: ({ context }) => context.user?.email ?? null,
    }),
    /**
     * The login in place is the same account's (given the user of GET /me): the session goes on
     * where it was.
     */
    resumeSession: assign((_, { user }: { user: User }) => ({ loggedIn: true, user, error: null, resumeFor: null })),
    /**
     * The login in place is another account's, or whose it is cannot be told (no user then):
     * nothing of the account before is kept.
     */
    startOtherSession: assign((_, { user }: { user: User | null }) => ({
      loggedIn: true,
      user,
      error: null,
      resumeFor: null,
      passwordsShownAt: {},
      contractCancelled: false,
    })),
    /** The first showing of a password counts: a later report never moves it. */
    rememberPasswordsShown: assign({
      passwordsShownAt: ({ context, event }) =>
        event.type === 'passwords.shown' ? { ...event.shownAt, ...context.passwordsShownAt } : context.passwordsShownAt,
    }),
  },
  delays: { loadingTimeout: timers.loadingTimeout },
  guards: {
    wasLoggedIn: ({ context }) => context.loggedIn,
    isLoggedIn: ({ context }) => context.loggedIn,
    isUnauthorized: unauthorizedGuard,
    /** Given the user of the `loadUser` actor's done event: the account whose page waits. */
    isSameAccount: ({ context }, { user }: { user: User }) =>
      context.resumeFor !== null && context.resumeFor.toLowerCase() === user.email.toLowerCase(),
  },
}).createMachine({
  id: 'session',
  description: 'SPEC §4 Session: logged-in flag and language in the browser session; me, logout.',
  context: ({ input }) => ({
    loggedIn: input.loggedIn,
    language: input.language,
    user: null,
    error: null,
    passwordsShownAt: {},
    contractCancelled: false,
    resumeFor: null,
  }),
  type: 'parallel',
  states: {
    auth: {
      initial: 'boot',
      states: {
        boot: {
          always: [{ guard: 'wasLoggedIn', target: 'loggedIn' }, { target: 'loggedOut' }],
        },
        loggedOut: {
          on: {
            'session.loggedIn': {
              target: 'loggedIn',
              actions: ['startSession', 'persist'],
            },
          },
        },
        loggedIn: {
          initial: 'loadingUser',
          on: {
            'session.logout': { target: 'loggingOut' },
            'session.expired': { target: 'loggedOut', actions: ['endSession', 'forgetClientState', 'persist'] },
            'session.interrupted': { target: 'reauthenticating', actions: ['interruptSession', 'persist'] },
            'session.recheck': { target: '.loadingUser' },
            'passwords.shown': { actions: 'rememberPasswordsShown' },
            'contract.cancelled': { actions: assign({ contractCancelled: true }) },
          },
          states: {
            loadingUser: {
              tags: ['busy'],
              invoke: {
                src: 'loadUser',
                onDone: { target: 'ready', actions: assign({ user: ({ event }) => event.output, error: null }) },
                onError: [
                  {
                    guard: 'isUnauthorized',
                    target: '#session.auth.loggedOut',
                    actions: ['endSession', 'forgetClientState', 'persist'],
                  },
                  { target: 'failed', actions: assign({ error: ({ event }) => userErrorFrom(event.error) }) },
                ],
              },
              // SPEC §4: the loading flag resets after 120 s whatever the call does.
              after: { loadingTimeout: { target: 'failed', actions: assign({ error: { key: 'timeout' } }) } },
            },
            ready: {
              on: { 'user.reload': { target: 'loadingUser' } },
            },
            failed: {
              on: { 'user.retry': { target: 'loadingUser' } },
            },
          },
        },
        reauthenticating: {
          description:
            "A form's call was answered 401: the page and what was typed stay under a login dialog (docs/decisions/027).",
          tags: ['reauthenticating'],
          initial: 'asking',
          on: {
            'relogin.cancel': { target: 'loggedOut', actions: ['endSession', 'forgetClientState', 'persist'] },
          },
          states: {
            asking: {
              description: 'The dialog asks for the login; the page beneath is inert and keeps its state.',
              // The session has already ended: another 401 or another tab's logout changes nothing here.
              on: { 'session.loggedIn': { target: 'checkingAccount' } },
            },
            checkingAccount: {
              description:
                'GET /me tells whose login it is; the dialog stays busy so that nothing is sent before that is known.',
              tags: ['busy'],
              invoke: {
                src: 'loadUser',
                onDone: [
                  {
                    guard: { type: 'isSameAccount', params: ({ event }) => ({ user: event.output }) },
                    target: '#session.auth.loggedIn.ready',
                    actions: [{ type: 'resumeSession', params: ({ event }) => ({ user: event.output }) }, 'persist'],
                  },
                  {
                    target: '#session.auth.loggedIn.ready',
                    actions: [
                      { type: 'startOtherSession', params: ({ event }) => ({ user: event.output }) },
                      'persist',
                      'forgetClientState',
                      'leaveAccount',
                    ],
                  },
                ],
                onError: [
                  {
                    guard: 'isUnauthorized',
                    target: '#session.auth.loggedOut',
                    actions: ['endSession', 'forgetClientState', 'persist'],
                  },
                  // Whose login it is cannot be told: the page of the account before is not kept.
                  {
                    target: '#session.auth.loggedIn.failed',
                    actions: [
                      { type: 'startOtherSession', params: { user: null } },
                      assign({ error: ({ event }) => userErrorFrom(event.error) }),
                      'persist',
                      'forgetClientState',
                      'leaveAccount',
                    ],
                  },
                ],
              },
              after: {
                loadingTimeout: {
                  target: '#session.auth.loggedIn.failed',
                  actions: [
                    { type: 'startOtherSession', params: { user: null } },
                    assign({ error: { key: 'timeout' } }),
                    'persist',
                    'forgetClientState',
                    'leaveAccount',
                  ],
                },
              },
            },
          },
        },
        loggingOut: {
          tags: ['busy'],
          invoke: {
            src: 'logout',
            // Whatever the server answers, the client forgets the session; only a confirmed
            // logout is called one without a word of caution (decision 044).
            onDone: { target: 'loggedOut', actions: loggedOutAfterLogout },
            onError: { target: 'loggedOut', actions: loggedOutUnconfirmed },
          },
          after: { loadingTimeout: { target: 'loggedOut', actions: loggedOutUnconfirmed } },
        },
      },
    },
    language: {
      initial: 'idle',
      on: {
        'language.change': {
          target: '.changed',
          actions: [assign({ language: ({ event }) => event.language }), 'persist'],
        },
      },
      states: {
        idle: {},
        changed: {
          always: [{ guard: 'isLoggedIn', target: 'saving' }, { target: 'idle' }],
        },
        saving: {
          // POST /language only when logged in (SPEC §7). A failure changes nothing for the
          // customer: the page already speaks the chosen language and the next login sends it.
          invoke: {
            src: 'saveLanguage',
            input: ({ context }) => ({ language: context.language }),
            onDone: { target: 'idle' },
            onError: [
              // A 401 means the session has already ended on the server (SPEC §4): end it here too.
              { guard: 'isUnauthorized', target: 'idle', actions: raise({ type: 'session.expired' }) },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The session as a page's machine holds it (in its input, src/machines/portal-refs.ts): read
 * through the selectors below, told things with `sendTo`. Typed by its snapshot and its events
 * only, so that a test hands a machine a session of its own making.
 */
export type SessionRef = ActorRef<SessionSnapshot, SessionEvent>;

/** Whether the logged-in pages are shown: logged in, or asking for the login in place over them. */
export function showsPortal(snapshot: SessionSnapshot): boolean {
  return snapshot.context.loggedIn || snapshot.hasTag('reauthenticating');
}

/** Whether the login is asked for in place (the re-login dialog, docs/decisions/027). */
export function asksForLogin(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('reauthenticating');
}

/*
 * What views and the app ask of the session, so that none of them reads its state paths: the
 * states may be rearranged without touching them.
 */

/** The user as the session holds it (the last one GET /me brought); null before and after. */
export function selectUser(snapshot: SessionSnapshot): User | null {
  return snapshot.context.user;
}

/** Whether the user (GET /me) is being loaded, at the login or by a reload. */
export function selectIsLoadingUser(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ auth: { loggedIn: 'loadingUser' } });
}

/** The user as the last load brought it, while the session holds one; null while loading or after a failure. */
export function selectLoadedUser(snapshot: SessionSnapshot): SessionContext['user'] {
  return snapshot.matches({ auth: { loggedIn: 'ready' } }) ? snapshot.context.user : null;
}

/** Whether the user could not be loaded (the layout offers a retry). */
export function selectUserFailed(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ auth: { loggedIn: 'failed' } });
}

/** When this session first showed each temporary datastore password (decision 035). */
export function selectPasswordsShownAt(snapshot: SessionSnapshot): Record<string, number> {
  return snapshot.context.passwordsShownAt;
}

/** Whether the customer cancelled the contract in this session and the server said yes (decision 029). */
export function selectContractCancelled(snapshot: SessionSnapshot): boolean {
  return snapshot.context.contractCancelled;
}

/** Whether the logout is under way. */
export function selectIsLoggingOut(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ auth: 'loggingOut' });
}
