/**
 * Setting a new password from the emailed link (SPEC §2 "new password", §4 "Password reset",
 * §5, §8). Its own machine because the link itself can be wrong: a link without email or token
 * never shows the form, and a link the server refuses ends the journey with a way to ask for a
 * new one (docs/decisions/004). Success leads to /login with "Your password has been changed.".
 */
import { pick } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import { changePassword } from '../api/auth';
import { isApiError } from '../api/client';
import { ChangePasswordPayload } from '../api/structs';
import { timers, waiting, type Language } from '../domain/constants';
import { fieldErrors, isEmail } from '../domain/fields';
import { navigate, type WithApp } from './portal-refs';
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
import { retryAfterDelay, tooManyRequestsGuard, waitingState } from './rate-limit';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';

export interface NewPasswordValues extends Record<string, unknown> {
  password: string;
  /** The second field, which must match the first (SPEC §5). */
  confirmation: string;
}

/** The password rule is the payload's own (the policy of SPEC §5), shared with the mock API. */
const PasswordField = pick(ChangePasswordPayload, ['password']);

export function validateNewPassword(values: NewPasswordValues): FieldErrors<NewPasswordValues> {
  const errors: FieldErrors<NewPasswordValues> = fieldErrors<'password'>(PasswordField, { password: values.password });
  if (values.confirmation === '') errors.confirmation = 'required';
  else if (values.confirmation !== values.password) errors.confirmation = 'passwordMismatch';
  return errors;
}

/** Refusals that mean the link (email and token) cannot be used: the form cannot fix them. */
const LINK_REFUSALS: readonly number[] = [400, 401, 403, 404, 410];

export function isLinkRefusal(error: unknown): boolean {
  return (
    isApiError(error) && error.kind === 'http' && error.status !== undefined && LINK_REFUSALS.includes(error.status)
  );
}

export interface NewPasswordInput extends WithApp {
  /** From the link's query string; `null` when missing. */
  email: string | null;
  token: string | null;
}

export interface NewPasswordContext extends WithApp {
  email: string;
  token: string;
  values: NewPasswordValues;
  fieldErrors: FieldErrors<NewPasswordValues>;
  submitted: boolean;
  language: Language;
  /** The server's explanation of a refused link, made plain by the API client (SPEC §8, decision 017). */
  refusal: string | null;
}

export type NewPasswordEvent =
  | { type: 'field.change'; name: keyof NewPasswordValues & string; value: string }
  | { type: 'form.submit'; language: Language };

interface ChangeInput {
  email: string;
  password: string;
  language: Language;
  token: string;
}

export const newPasswordMachine = setup({
  types: {
    context: typeOf<NewPasswordContext>(),
    events: typeOf<NewPasswordEvent>(),
    input: typeOf<NewPasswordInput>(),
  },
  actors: {
    changePassword: fromPromise<void, ChangeInput>(({ input, signal }) => changePassword(input, { signal })),
    errorLine: errorLineMachine,
  },
  actions: {
    /** The password was changed (provided by the app where it wants to know). */
    changed: () => {},
    navigate: navigate(),
    setValue: setValue(validateNewPassword),
    markInvalid: markInvalid(validateNewPassword),
    clearFieldErrors: clearFieldErrors(),
    keepLanguage: assign({
      language: ({ context, event }) => (event.type === 'form.submit' ? event.language : context.language),
    }),
    keepRefusal: assign({
      refusal: ({ event }) => ('error' in event && isApiError(event.error) ? (event.error.reason ?? null) : null),
    }),
    clearError: clearError(),
    showError: showError(),
    showTimeout: showTimeout(),
  },
  guards: {
    hasLink: ({ context }) => isEmail(context.email) && context.token.trim() !== '',
    isInvalid: ({ context }) => Object.keys(validateNewPassword(context.values)).length > 0,
    isLinkRefused: ({ event }) => 'error' in event && isLinkRefusal(event.error),
    isTooManyRequests: tooManyRequestsGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout, stillWorking: waiting.stillWorking, retryAfter: retryAfterDelay },
}).createMachine({
  id: 'newPassword',
  description:
    'SPEC §2 new password, SPEC §4 Password reset and SPEC §5: a new password from the emailed link, then /login.',
  context: ({ input }) => ({
    email: input.email?.trim() ?? '',
    token: input.token?.trim() ?? '',
    app: input.app,
    values: { password: '', confirmation: '' },
    fieldErrors: {},
    submitted: false,
    language: 'en',
    refusal: null,
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'The link must carry an email address and a token, or there is nothing to send.',
      always: [{ guard: 'hasLink', target: 'editing' }, { target: 'linkMissing' }],
    },
    linkMissing: {
      description: 'The address lacks email or token; the customer can ask for a new link.',
      tags: ['linkInvalid'],
    },
    editing: {
      description: 'Two password fields with the policy checklist; they must match (SPEC §5).',
      on: {
        'field.change': { actions: 'setValue' },
        'form.submit': [
          { guard: 'isInvalid', actions: ['markInvalid', 'clearError'] },
          { target: 'submitting', actions: ['clearFieldErrors', 'clearError', 'keepLanguage'] },
        ],
      },
    },
    submitting: {
      description: 'POST /changepassword with email, password, language and token.',
      tags: ['busy'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({
          email: context.email,
          password: context.values.password,
          language: context.language,
          token: context.token,
        }),
        // /login with "Your password has been changed." (SPEC §8).
        onDone: {
          target: 'changed',
          actions: ['changed', { type: 'navigate', params: { to: paths.login('changed') } }],
        },
        onError: [
          { guard: 'isLinkRefused', target: 'linkRefused', actions: 'keepRefusal' },
          { guard: 'isTooManyRequests', target: 'waiting', actions: 'showError' },
          { target: 'editing', actions: 'showError' },
        ],
      },
      after: { loadingTimeout: { target: 'editing', actions: 'showTimeout' } },
      ...stillWorkingStates(),
    },
    waiting: waitingState('editing'),
    linkRefused: {
      description: 'The server refused the link (invalid, expired or used); the customer can ask for a new one.',
      tags: ['linkInvalid'],
    },
    changed: {
      description: 'SPEC §4: success leads to /login.',
      tags: ['done'],
    },
  },
});
