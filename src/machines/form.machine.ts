/**
 * The lifecycle every form of the portal shares (login, registration, password reset, new
 * password, contact, licence order): editing with inline field errors, one submission at a
 * time, the server's refusal on the error line (cleared after 30 s), a wait after too many
 * attempts (HTTP 429, `waiting`, decision 044), nothing typed lost on a
 * failure, and a loading timeout (SPEC §4) so that a lost answer never leaves the form busy.
 *
 * `createFormMachine` builds one machine per form from its field rules and its call (the
 * `submit` actor); after success a form that leads elsewhere sends the `navigate` action to its
 * `next` page, and one whose success the app must know tells it (`tellsApp`, the `tellApp` action).
 * A form that is one step of a page (the company edit, invoked by the company machine) ends with
 * its success (`endsOnSuccess`: the machine that invoked it hears its done event), may send more
 * than its values (`payload`, made from its context with what its input `given`), and may change
 * more than the field the customer changed (`alsoChanges`). A failure the form cannot mend may end
 * it too (`endsOnError`: the new password's refused link, an account not yet active at login); the
 * done event's output (`FormOutput`) then says which failure, or what the call answered, and
 * what the fields held, so that the machine around the form decides what comes next.
 * `form.submit` may carry the page's language, which the form keeps for its call (SPEC §7).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { ApiError } from '../api/error';
import { timers, waiting, type Language } from '../domain/constants';
import type { User } from '../domain/entities';
import type { AppNews } from './app.machine';
import { errorLineMachine } from './error-line.machine';
import {
  clearError,
  clearFieldErrors,
  markInvalid,
  setValue,
  showError,
  withoutErrors,
  type AlsoChanges,
  type FieldErrors,
  type FieldsContext,
} from './form-actions';
import { navigate, sessionInterrupted, tellApp, type PortalRefs } from './portal-refs';
import { retryAfterDelay, tooManyRequestsGuard, waitingState } from './rate-limit';
import { sessionUser, type UserKnown } from './session-readers';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';
import { unauthorizedGuard, userErrorFrom, type UserError } from './user-error';

/**
 * How a form ended (`endsOnSuccess`, `endsOnError`): with its call's answer, or with a failure
 * that ends it (the refusal).
 */
export type FormEnding<A = unknown> = { answer: A; refusal?: never } | { refusal: unknown; answer?: never };

/** The done event's output of a form that ends: how it ended, and what its fields held then. */
export interface FormOutput<V, A = unknown> {
  values: V;
  /** Null only for a form that has not ended: a done event always has it. */
  ending: FormEnding<A> | null;
}

/**
 * A form's context: its fields, the session and the app's actor, what its input gave (`given`),
 * the page's language when it was sent, and how it ended.
 */
export type FormContext<V, G = undefined, A = unknown> = FieldsContext<V> &
  PortalRefs & { given: G | undefined; language: Language; ending: FormEnding<A> | null };

/**
 * A form's input: the session and the app's actor, values to start with, and what the machine
 * that invokes the form gives its call besides the values (`given`, the company's pending state);
 * required when the form names its type.
 */
export type FormInput<V, G = undefined> = PortalRefs & { values?: Partial<V>; language?: Language } & Given<G>;
type Given<G> = undefined extends G ? { given?: G } : { given: G };

export type FormEvent<V> =
  | { type: 'field.change'; name: keyof V & string; value: V[keyof V & string] }
  /** The page's language goes with the call where the form's payload carries it (SPEC §7). */
  | { type: 'form.submit'; language?: Language }
  | { type: 'form.edit' }
  /** The logged-in customer, from the session (forms with `fromUser`). */
  | UserKnown;

export interface FormOptions<V, P = V, A = unknown> {
  id: string;
  description: string;
  /** The form's values before the customer types (merged with `input.values`). */
  initialValues: V;
  /** The field rules: an error code per invalid field. */
  validate: (values: V) => FieldErrors<V>;
  /**
   * The call, given the checked values, or what `payload` made of them (tests swap the `submit`
   * actor with `provide`; its input is that payload).
   */
  submit: (payload: P, signal: AbortSignal) => Promise<A>;
  /** How a failed call reads to the customer; by default `userErrorFrom`. */
  errorOf?: (error: unknown) => UserError;
  /**
   * The fields a refused call blames, marked beside them as well as on the error line: a refusal
   * the portal recognises (decision 039). Until the customer changes such a field, its error stays.
   */
  refusedFields?: (error: unknown) => FieldErrors<V>;
  /** The page the customer goes to after success (SPEC §4); without it the form shows its success. */
  next?: string;
  /**
   * What the logged-in customer fills in: the form then invokes `user`, which tells it the
   * session's user (`user.known`), and fills the fields still empty, also when GET /me answers
   * after the form opened.
   */
  fromUser?: (user: User) => Partial<V>;
  /** What the app must know of a successful call (the licence order's `order.placed`). */
  tellsApp?: (values: V) => AppNews;
  /** What else a change of a field changes (the company's IBAN blocks, and bill clearing the IBAN). */
  alsoChanges?: AlsoChanges<V>;
  /**
   * The form ends with its success (a final state): the machine that invoked it goes on with its
   * done event (the company page reloads). Without it the form shows its success, `form.edit` reopens it.
   */
  endsOnSuccess?: boolean;
  /**
   * The failures that end the form instead of returning to it (a refused link, an account not yet
   * active): the form ends in `refused`, a final state, and the machine that invoked it reads the
   * failure from the done event's output (`ending.refusal`). They are checked before any other
   * failure; a form they end on a 401 does not end the session on one.
   */
  endsOnError?: (error: unknown) => boolean;
}

/**
 * What the call sends, made from the form's context (its values, the session, what its input
 * gave): required when it is not the values themselves.
 */
type PayloadOption<V, G, P> = [V] extends [P]
  ? { payload?: (form: FormContext<V, G>) => P }
  : { payload: (form: FormContext<V, G>) => P };

export function createFormMachine<
  V extends Record<string, unknown>,
  G = undefined,
  P extends Record<string, unknown> = V,
  A = unknown,
>(options: FormOptions<V, P, A> & PayloadOption<V, G, P>) {
  const {
    id,
    description,
    initialValues,
    validate,
    submit,
    errorOf = userErrorFrom,
    refusedFields,
    next,
    fromUser,
    tellsApp,
    alsoChanges,
    endsOnSuccess = false,
    endsOnError,
  } = options;
  const payloadOf: (form: FormContext<V, G>) => P | V = options.payload ?? ((form) => form.values);
  // A form whose ending failures include a 401 (a visitor's form, where it means something else)
  // has no session to end: the branch that would end it could never be taken.
  const endsSession = !(endsOnError?.(new ApiError('http', { status: 401 })) ?? false);
  const succeeded = endsOnSuccess
    ? { type: 'final' as const }
    : { on: { 'form.edit': { target: 'editing' as const } } };
  const refused = {
    description: 'A failure the form cannot mend ended it; the machine that invoked it goes on.',
    type: 'final' as const,
  };
  // XState types a machine's state values by the keys of its states: a key only some forms have
  // (spread in when `endsOnError` is given) makes every state value `never`. The type names
  // `refused` for every form; only a form with `endsOnError` has the state (and reaches it).
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- see above: the state exists exactly where it can be reached.
  const endings = (endsOnError ? { refused } : {}) as { refused: typeof refused };
  return setup({
    types: {
      context: typeOf<FormContext<V, G, A>>(),
      events: typeOf<FormEvent<V>>(),
      input: typeOf<FormInput<V, G>>(),
      output: typeOf<FormOutput<V, A>>(),
    },
    actors: {
      // The input is typed loosely because XState cannot check an invoke against a generic
      // input type; it is always what `payloadOf` made of this form's context: the payload, or
      // the values, which a form without `payload` sends (then V is a P: `PayloadOption`).
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the invoke's input is this form's payload (see above).
      submit: fromPromise<A, Record<string, unknown>>(({ input, signal }) => submit(input as P, signal)),
      errorLine: errorLineMachine,
      /** Tells the form the session's user, now and when it changes. */
      user: sessionUser,
    },
    actions: {
      tellApp: tellApp(),
      navigate: navigate(),
      sessionInterrupted: sessionInterrupted(),
      setValue: setValue(validate, alsoChanges),
      /** Fills the fields the customer has left empty with what the user gives. */
      fillFromUser: assign(({ context, event }) => {
        if (event.type !== 'user.known' || !fromUser) return {};
        const known = Object.entries(fromUser(event.user)).filter(
          ([name, value]) => context.values[name] === '' && value !== '',
        );
        if (known.length === 0) return {};
        const values = { ...context.values, ...Object.fromEntries(known) };
        const names = known.map(([name]) => name);
        return {
          values,
          fieldErrors: context.submitted ? validate(values) : withoutErrors(context.fieldErrors, names),
        };
      }),
      markInvalid: markInvalid(validate),
      markRefusedFields: assign(({ context, event }) =>
        refusedFields && 'error' in event
          ? { fieldErrors: { ...context.fieldErrors, ...refusedFields(event.error) } }
          : {},
      ),
      clearFieldErrors: clearFieldErrors(),
      clearError: clearError(),
      keepLanguage: assign(({ event }) =>
        // Stryker disable next-line ConditionalExpression,LogicalOperator: the form names this action for form.submit only; the check narrows the event's type
        event.type === 'form.submit' && event.language ? { language: event.language } : {},
      ),
      /** The answer of the call, given by the `submit` actor's done event: the output of a form that ends with it. */
      keepAnswer: assign((_, { answer }: { answer: A }) => ({ ending: { answer } })),
      keepRefusal: assign(({ event }) => ({ ending: { refusal: 'error' in event ? event.error : undefined } })),
      showError: showError(errorOf),
      /** The loading timeout ended the wait (SPEC §4), told as this form tells a call without an answer. */
      showTimeout: showError(() => errorOf(new ApiError('timeout'))),
    },
    guards: {
      isInvalid: ({ context }) => Object.keys(validate(context.values)).length > 0,
      isUnauthorized: unauthorizedGuard,
      isTooManyRequests: tooManyRequestsGuard,
      // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining: only the transition added with `endsOnError` names this guard, for the call's error
      endsForm: ({ event }) => 'error' in event && (endsOnError?.(event.error) ?? false),
    },
    delays: { loadingTimeout: timers.loadingTimeout, stillWorking: waiting.stillWorking, retryAfter: retryAfterDelay },
  }).createMachine({
    id,
    description,
    context: ({ input }) => ({
      values: { ...initialValues, ...input.values },
      fieldErrors: {},
      submitted: false,
      session: input.session,
      app: input.app,
      given: input.given,
      language: input.language ?? 'en',
      ending: null,
    }),
    output: ({ context }) => ({ values: context.values, ending: context.ending }),
    invoke: [
      { id: 'errorLine', src: 'errorLine' },
      ...(fromUser
        ? [{ id: 'user', src: 'user', input: ({ context }: { context: FormContext<V, G> }) => context } as const]
        : []),
    ],
    initial: 'editing',
    states: {
      editing: {
        description: 'The customer types; field errors show beside their fields.',
        on: {
          'field.change': { actions: 'setValue' },
          ...(fromUser ? { 'user.known': { actions: 'fillFromUser' as const } } : {}),
          'form.submit': [
            { guard: 'isInvalid', actions: ['markInvalid', 'clearError'] },
            { target: 'submitting', actions: ['clearFieldErrors', 'clearError', 'keepLanguage'] },
          ],
        },
      },
      submitting: {
        description: 'One call at a time; further submits are ignored.',
        tags: ['busy'],
        invoke: {
          src: 'submit',
          input: ({ context }: { context: FormContext<V, G> }) => payloadOf(context),
          onDone: {
            target: 'succeeded',
            actions: [
              ...(endsOnSuccess
                ? [
                    {
                      type: 'keepAnswer' as const,
                      params: ({ event }: { event: { output: A } }) => ({ answer: event.output }),
                    },
                  ]
                : []),
              ...(tellsApp
                ? [
                    {
                      type: 'tellApp' as const,
                      params: ({ context }: { context: FormContext<V, G> }) => tellsApp(context.values),
                    },
                  ]
                : []),
              ...(next === undefined ? [] : [{ type: 'navigate' as const, params: { to: next } }]),
            ],
          },
          onError: [
            ...(endsOnError
              ? [{ guard: 'endsForm' as const, target: 'refused' as const, actions: 'keepRefusal' as const }]
              : []),
            ...(endsSession
              ? [
                  {
                    guard: 'isUnauthorized' as const,
                    target: 'editing' as const,
                    actions: ['showError', 'sessionInterrupted'] as const,
                  },
                ]
              : []),
            { guard: 'isTooManyRequests', target: 'waiting', actions: 'showError' },
            {
              target: 'editing',
              actions: [...(refusedFields ? (['markRefusedFields'] as const) : []), 'showError' as const],
            },
          ],
        },
        after: { loadingTimeout: { target: 'editing', actions: 'showTimeout' } },
        ...stillWorkingStates(),
      },
      waiting: {
        ...waitingState('editing'),
        ...(fromUser
          ? {
              on: {
                'field.change': { actions: 'setValue' as const },
                'user.known': { actions: 'fillFromUser' as const },
              },
            }
          : {}),
      },
      succeeded: {
        description: endsOnSuccess
          ? 'The call succeeded; the form ends, and the machine that invoked it goes on.'
          : 'The call succeeded; the form shows its success or the app moves on.',
        tags: ['done'],
        ...succeeded,
      },
      ...endings,
    },
  });
}

/** A form's payload: what its call sends (by default its values). */
type Payload = Record<string, unknown>;
export type FormMachine<V extends Payload, G = undefined, P extends Payload = V, A = unknown> = ReturnType<
  typeof createFormMachine<V, G, P, A>
>;
export type FormActor<V extends Payload, G = undefined, P extends Payload = V, A = unknown> = ActorRefFrom<
  FormMachine<V, G, P, A>
>;
