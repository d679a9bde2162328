/**
 * The fresh sign-in before a risky change (issue 44, decision 058, point 4): a v1.1 server answered
 * a change 403 `reauth-required`, and the call waits (src/api/fresh-sign-in.ts) while this machine
 * asks the customer for the password, or a factor the account has, and sends `POST
 * /v1.1/account/reauth`. It ends `confirmed` (the call is sent again with its key), `cancelled` (the
 * call ends not done, what was typed on the page kept), or `sessionEnded` (the session was over:
 * the call ends as a 401, which asks for the login in place as any other).
 *
 * First it reads which ways the account has (its factors, its recovery codes): the password alone
 * when that read fails or takes too long, since the password always works.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError } from '../api/error';
import { settleFreshSignIn, type FreshSignInOutcome } from '../api/fresh-sign-in';
import type { FreshSignInPayload } from '../api/v1-1/reauth';
import type { FreshSignInMethod } from '../domain/entities';
import { timers } from '../domain/constants';
import { createFormMachine, type FormActor, type FormOutput } from './form.machine';
import type { FieldErrors } from './form-actions';
import { refsOf, type PortalRefs } from './portal-refs';
import { secondStepErrorFrom, validateSecondStep } from './second-step.machine';
import { typeOf } from './type-of';

export interface FreshSignInValues extends Record<string, unknown> {
  method: FreshSignInMethod;
  /** The password, or the code, as typed. */
  secret: string;
}

/** The password is required; a code is six digits or a recovery code's letters (the second step's rule). */
export function validateFreshSignIn({ method, secret }: FreshSignInValues): FieldErrors<FreshSignInValues> {
  if (method === 'password') return secret === '' ? { secret: 'required' } : {};
  const { code } = validateSecondStep({ method, code: secret });
  return code ? { secret: code } : {};
}

export const freshSignInFormMachine = createFormMachine<FreshSignInValues, undefined, FreshSignInPayload, void>({
  id: 'freshSignInForm',
  description: 'Issue 44: the password or a factor again; POST /v1.1/account/reauth, once.',
  initialValues: { method: 'password', secret: '' },
  validate: validateFreshSignIn,
  // Another way to confirm starts with an empty field: a password is no code.
  alsoChanges: (_, name) => (name === 'method' ? { secret: '' } : {}),
  payload: ({ values }) => ({ method: values.method, secret: values.secret }),
  submit: async (payload, signal) => (await import('../api/v1-1/reauth')).confirmFreshSignIn(payload, { signal }),
  errorOf: secondStepErrorFrom,
  endsOnSuccess: true,
  // The session is over: the waiting call ends as a 401, which asks for the login in place.
  endsOnError: (error) => isApiError(error) && error.isUnauthorized,
});

export type FreshSignInFormActor = FormActor<FreshSignInValues, undefined, FreshSignInPayload, void>;

export interface FreshSignInContext extends PortalRefs {
  /** The ways the account can confirm here, the password first. */
  methods: FreshSignInMethod[];
  /** How it ended (the output); `cancelled` until it has. */
  outcome: FreshSignInOutcome;
}

export type FreshSignInEvent = { type: 'freshSignIn.cancel' };

export const freshSignInMachine = setup({
  types: {
    context: typeOf<FreshSignInContext>(),
    events: typeOf<FreshSignInEvent>(),
    input: typeOf<PortalRefs>(),
    output: typeOf<FreshSignInOutcome>(),
    children: typeOf<{ form: 'form' }>(),
  },
  actors: {
    loadMethods: fromPromise<FreshSignInMethod[]>(async ({ signal }) =>
      (await import('../api/v1-1/reauth')).loadFreshSignInMethods({ signal }),
    ),
    form: freshSignInFormMachine,
  },
  actions: {
    /** The calls that wait for the dialog go on with its outcome (src/api/fresh-sign-in.ts). */
    settle: ({ context }) => settleFreshSignIn(context.outcome),
  },
  guards: {
    confirmed: (_, output: FormOutput<FreshSignInValues>) => output.ending !== null && 'answer' in output.ending,
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'freshSignIn',
  description: "Issue 44: a risky change's reauth-required, answered with the password or a factor.",
  context: ({ input }) => ({ ...refsOf(input), methods: ['password'], outcome: 'cancelled' }),
  initial: 'loading',
  on: { 'freshSignIn.cancel': { target: '.cancelled' } },
  states: {
    loading: {
      description: 'GET /v1.1/account/security: the ways the account has.',
      tags: ['busy'],
      invoke: {
        src: 'loadMethods',
        onDone: { target: 'asking', actions: assign({ methods: ({ event }) => event.output }) },
        // The password always works.
        onError: { target: 'asking' },
      },
      after: { loadingTimeout: { target: 'asking' } },
    },
    asking: {
      invoke: {
        id: 'form',
        src: 'form',
        input: ({ context }) => refsOf(context),
        onDone: [
          { guard: { type: 'confirmed', params: ({ event }) => event.output }, target: 'confirmed' },
          { target: 'sessionEnded' },
        ],
      },
    },
    confirmed: { type: 'final', entry: [assign({ outcome: 'confirmed' as const }), 'settle'] },
    cancelled: { type: 'final', entry: 'settle' },
    sessionEnded: { type: 'final', entry: [assign({ outcome: 'session-ended' as const }), 'settle'] },
  },
  output: ({ context }) => context.outcome,
});

export type FreshSignInActor = ActorRefFrom<typeof freshSignInMachine>;
export type FreshSignInSnapshot = SnapshotFrom<typeof freshSignInMachine>;
