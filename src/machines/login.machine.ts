/**
 * The login journey (SPEC §2 Login, §4 Account and Flows, §8). It is its own machine rather than
 * a `createFormMachine` form because a login has two outcomes besides failure: an active account
 * goes on to /dashboard, a pending one (`is_active: false`, or HTTP 401) shows the activation
 * notice. Unlike the original portal, a successful login shows no message at all
 * (SPEC §4 "login message quirk", docs/decisions/003).
 */
import { object } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../api/error';
import type { LoginAnswer, LoginPayload } from '../api/structs';
import { timers, waiting, type Language } from '../domain/constants';
import { email, fieldErrors, loginPassword } from '../domain/fields';
import { navigate, tellSession, type PortalRefs } from './portal-refs';
import { paths } from '../domain/routes';
import { errorLineMachine } from './error-line.machine';
import {
  clearError,
  clearFieldErrors,
  markInvalid,
  setValue,
  showError,
  showTimeout,
  type FieldErrors,
} from './form-actions';
import {
  retryAfterDelay,
  tooManyRequests,
  tooManyRequestsGuard,
  tooManyRequestsWait,
  waitingState,
} from './rate-limit';
import { userErrorFrom, type UserError } from './user-error';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';

export interface LoginValues extends Record<string, unknown> {
  email: string;
  password: string;
}

/** The login form's rules: an email address and any password (the policy is the server's). */
const LoginFields = object({ email, password: loginPassword });

export function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  return fieldErrors<keyof LoginValues & string>(LoginFields, values);
}

/**
 * How a refused login reads (docs/decisions/003): a refusal of the credentials (403, or any 4xx
 * without a readable text) is the catalogue's generic login message; another 4xx with a server
 * text shows that text, which the API client made plain (SPEC §8); 5xx and transport failures read as
 * everywhere else (docs/decisions/001, 017). 401 never gets here: it means "not yet active" (SPEC §4).
 */
export function loginErrorFrom(error: unknown): UserError {
  if (tooManyRequestsWait(error) !== null) return tooManyRequests(error);
  if (isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status < 500) {
    if (error.status === 403 || error.reason === undefined) return { key: 'loginFailed' };
    return { key: 'server', reason: error.reason };
  }
  return userErrorFrom(error);
}

export interface LoginContext extends PortalRefs {
  values: LoginValues;
  fieldErrors: FieldErrors<LoginValues>;
  /** Set after a refused submit, so that field errors update live while the customer corrects them. */
  submitted: boolean;
  /** The page's language when the form was sent: the login carries it (SPEC §7). */
  language: Language;
  /**
   * Where an active login leads: /dashboard (SPEC §4 Flows), the page that sent the customer to
   * the login (checked by `safeReturnTarget`, docs/decisions/027), or nowhere for the login in place,
   * where the customer stays on the page under the dialog.
   */
  next: string | null;
}

export type LoginEvent =
  | { type: 'field.change'; name: keyof LoginValues & string; value: string }
  | { type: 'form.submit'; language: Language };

const submitTransitions = [
  { guard: 'isInvalid', actions: ['markInvalid', 'clearError'] },
  { target: '#login.submitting', actions: ['clearFieldErrors', 'clearError', 'keepLanguage'] },
] as const;

export const loginMachine = setup({
  types: {
    context: typeOf<LoginContext>(),
    events: typeOf<LoginEvent>(),
    input: typeOf<PortalRefs & { values?: Partial<LoginValues>; language: Language; next?: string | null }>(),
  },
  actors: {
    // The API client loads with the first call: the page and its form need none of it to appear.
    login: fromPromise<LoginAnswer, LoginPayload>(async ({ input, signal }) =>
      (await import('../api/auth')).login(input, { signal }),
    ),
    errorLine: errorLineMachine,
  },
  actions: {
    tellSession: tellSession(),
    navigate: navigate(),
    setValue: setValue(validateLogin),
    markInvalid: markInvalid(validateLogin),
    clearFieldErrors: clearFieldErrors(),
    keepLanguage: assign({
      language: ({ context, event }) => (event.type === 'form.submit' ? event.language : context.language),
    }),
    clearError: clearError(),
    showError: showError(loginErrorFrom),
    showTimeout: showTimeout(),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(validateLogin(context.values)).length > 0,
    /** Given the answer of the `login` actor's done event (typed by `setup`). */
    isActive: (_, { answer }: { answer: LoginAnswer }) => answer.is_active,
    /** Active, and the login leads to a page (not so the login in place, whose page is already shown). */
    isActiveAndLeadsOn: ({ context }, { answer }: { answer: LoginAnswer }) => answer.is_active && context.next !== null,
    isNotYetActive: ({ event }) => 'error' in event && isApiError(event.error) && event.error.isUnauthorized,
    isTooManyRequests: tooManyRequestsGuard,
  },
  delays: {
    loadingTimeout: timers.loadingTimeout,
    errorTtl: timers.errorTtl,
    stillWorking: waiting.stillWorking,
    retryAfter: retryAfterDelay,
  },
}).createMachine({
  id: 'login',
  description:
    'SPEC §2 Login, SPEC §4 Account and SPEC §8: email and password; active accounts go on to /dashboard, pending ones see the activation notice.',
  context: ({ input }) => ({
    values: { email: '', password: '', ...input.values },
    fieldErrors: {},
    submitted: false,
    language: input.language,
    next: input.next === undefined ? paths.dashboard() : input.next,
    session: input.session,
    app: input.app,
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'editing',
  states: {
    editing: {
      description: 'The customer types; field errors show beside their fields, refusals on the error line.',
      on: {
        'field.change': { actions: 'setValue' },
        'form.submit': [...submitTransitions],
      },
    },
    submitting: {
      description: 'POST /login with the page language; further submits are ignored.',
      tags: ['busy'],
      invoke: {
        src: 'login',
        input: ({ context }) => ({
          email: context.values.email.trim(),
          password: context.values.password,
          language: context.language,
        }),
        onDone: [
          // SPEC §4: an active account goes to /dashboard, with no message (docs/decisions/003),
          // or back to the page it came from (docs/decisions/027).
          {
            guard: { type: 'isActiveAndLeadsOn', params: ({ event }) => ({ answer: event.output }) },
            target: 'loggedIn',
            actions: [
              { type: 'tellSession', params: { type: 'session.loggedIn' } },
              { type: 'navigate', params: ({ context }) => ({ to: context.next ?? paths.dashboard() }) },
            ],
          },
          {
            guard: { type: 'isActive', params: ({ event }) => ({ answer: event.output }) },
            target: 'loggedIn',
            actions: { type: 'tellSession', params: { type: 'session.loggedIn' } },
          },
          { target: 'notActive' },
        ],
        onError: [
          { guard: 'isNotYetActive', target: 'notActive' },
          { guard: 'isTooManyRequests', target: 'waiting', actions: 'showError' },
          { target: 'editing', actions: 'showError' },
        ],
      },
      after: { loadingTimeout: { target: 'editing', actions: 'showTimeout' } },
      ...stillWorkingStates(),
    },
    waiting: waitingState('editing'),
    notActive: {
      description: 'SPEC §8: the account awaits activation; the notice is kept 30 seconds like every message.',
      tags: ['notActive'],
      after: { errorTtl: { target: 'editing' } },
      on: {
        'field.change': { actions: 'setValue' },
        'form.submit': [...submitTransitions],
      },
    },
    loggedIn: {
      description:
        'SPEC §4: is_active true; the app starts the session and the customer goes to /dashboard, or back where the login was asked for.',
      tags: ['done'],
    },
  },
});
