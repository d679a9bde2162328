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
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/error';
import { timers, waiting } from '../domain/constants';
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
  type FieldErrors,
  type FieldsContext,
} from './form-actions';
import { navigate, sessionInterrupted, tellApp, type PortalRefs } from './portal-refs';
import { retryAfterDelay, tooManyRequestsGuard, waitingState } from './rate-limit';
import { sessionUser, type UserKnown } from './session-readers';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';
import { unauthorizedGuard, userErrorFrom, type UserError } from './user-error';

export type FormContext<V> = FieldsContext<V> & PortalRefs;

/** A form's input: the session and the app's actor, and values to start with. */
export type FormInput<V> = PortalRefs & { values?: Partial<V> };

export type FormEvent<V> =
  | { type: 'field.change'; name: keyof V & string; value: V[keyof V & string] }
  | { type: 'form.submit' }
  | { type: 'form.edit' }
  /** The logged-in customer, from the session (forms with `fromUser`). */
  | UserKnown;

export interface FormOptions<V> {
  id: string;
  description: string;
  /** The form's values before the customer types (merged with `input.values`). */
  initialValues: V;
  /** The field rules: an error code per invalid field. */
  validate: (values: V) => FieldErrors<V>;
  /** The call, given the checked values (tests swap the `submit` actor with `provide`). */
  submit: (values: V, signal: AbortSignal) => Promise<unknown>;
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
}

export function createFormMachine<V extends Record<string, unknown>>(options: FormOptions<V>) {
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
  } = options;
  return setup({
    types: {
      context: typeOf<FormContext<V>>(),
      events: typeOf<FormEvent<V>>(),
      input: typeOf<FormInput<V>>(),
    },
    actors: {
      // The input is typed loosely because XState cannot check an invoke against a generic
      // input type; it is always this form's `context.values`.
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the invoke's input is this form's values (see above).
      submit: fromPromise<unknown, Record<string, unknown>>(({ input, signal }) => submit(input as V, signal)),
      errorLine: errorLineMachine,
      /** Tells the form the session's user, now and when it changes. */
      user: sessionUser,
    },
    actions: {
      tellApp: tellApp(),
      navigate: navigate(),
      sessionInterrupted: sessionInterrupted(),
      setValue: setValue(validate),
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
      showError: showError(errorOf),
      /** The loading timeout ended the wait (SPEC §4), told as this form tells a call without an answer. */
      showTimeout: showError(() => errorOf(new ApiError('timeout'))),
    },
    guards: {
      isInvalid: ({ context }) => Object.keys(validate(context.values)).length > 0,
      isUnauthorized: unauthorizedGuard,
      isTooManyRequests: tooManyRequestsGuard,
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
    }),
    invoke: [
      { id: 'errorLine', src: 'errorLine' },
      ...(fromUser
        ? [{ id: 'user', src: 'user', input: ({ context }: { context: FormContext<V> }) => context } as const]
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
            { target: 'submitting', actions: ['clearFieldErrors', 'clearError'] },
          ],
        },
      },
      submitting: {
        description: 'One call at a time; further submits are ignored.',
        tags: ['busy'],
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'succeeded',
            actions: [
              ...(tellsApp
                ? [
                    {
                      type: 'tellApp' as const,
                      params: ({ context }: { context: FormContext<V> }) => tellsApp(context.values),
                    },
                  ]
                : []),
              ...(next === undefined ? [] : [{ type: 'navigate' as const, params: { to: next } }]),
            ],
          },
          onError: [
            { guard: 'isUnauthorized', target: 'editing', actions: ['showError', 'sessionInterrupted'] },
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
        description: 'The call succeeded; the form shows its success or the app moves on.',
        tags: ['done'],
        on: { 'form.edit': { target: 'editing' } },
      },
    },
  });
}

export type FormMachine<V extends Record<string, unknown>> = ReturnType<typeof createFormMachine<V>>;
export type FormActor<V extends Record<string, unknown>> = ActorRefFrom<FormMachine<V>>;
export type FormSnapshot<V extends Record<string, unknown>> = SnapshotFrom<FormMachine<V>>;
