/**
 * The second step of a login (issue 44, decision 058): a server that protects the account with a
 * factor answers the password with a ticket instead of a session, and the customer confirms with
 * a code of the authenticator app, a passkey, or a recovery code. A `createFormMachine` form that
 * the login machine invokes as its child `secondStep` once the password was taken: it ends with the
 * session's cookie (`endsOnSuccess`), or when the ticket is over (`ticket-expired`, or a 401), and
 * the login machine then asks for the password again. Wrong codes stay on the error line in the
 * server's words (how many attempts are left), too many of them wait as every form does (429).
 */
import { isApiError } from '../api/error';
import type { SecondStepPayload } from '../api/v1-1/sign-in';
import type { SecondStepMethod } from '../domain/entities';
import type { FieldErrors } from './form-actions';
import { createFormMachine, type FormActor } from './form.machine';
import { tooManyRequests, tooManyRequestsWait } from './rate-limit';
import { userErrorFrom, type UserError } from './user-error';

export interface SecondStepValues extends Record<string, unknown> {
  method: SecondStepMethod;
  code: string;
}

/** What the login gives the step: its ticket and, where the account has a passkey, its challenge. */
export interface SecondStepGiven {
  ticket: string;
  passkeyOptions: unknown;
}

/** An authenticator's code (RFC 6238): six digits; spaces, as apps show them, do not count. */
const totpCode = /^\d{6}$/;
/** A recovery code as handed out: letters and digits, a dash; case and spaces do not count. */
const recoveryCode = /^[A-Za-z0-9][A-Za-z0-9 -]{3,31}$/;

/**
 * The step's one field: required, and six digits or a recovery code's letters (`invalid`, which the
 * step's view says in its own words); nothing to type for a passkey.
 */
export function validateSecondStep({ method, code }: SecondStepValues): FieldErrors<SecondStepValues> {
  if (method === 'passkey') return {};
  const typed = method === 'totp' ? code.replace(/\s/g, '') : code.trim();
  if (typed === '') return { code: 'required' };
  return (method === 'totp' ? totpCode : recoveryCode).test(typed) ? {} : { code: 'invalid' };
}

/** The refusals that end the ticket: the password must be given again. */
export function endsSecondStep(error: unknown): boolean {
  return isApiError(error) && (error.problem === 'ticket-expired' || error.isUnauthorized);
}

/**
 * How a refused second step reads: the server's words where it gave them (a wrong code with the
 * attempts left, a code used already), else the portal's; the browser's passkey dialog that ended
 * without a passkey says so; too many attempts wait (decision 044).
 */
export function secondStepErrorFrom(error: unknown): UserError {
  if (tooManyRequestsWait(error) !== null) return tooManyRequests(error);
  // The browser's dialog was closed, timed out, found no passkey, or refused this site.
  if (error instanceof DOMException) return { key: 'general', own: 'passkeyFailed' };
  if (isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status < 500) {
    return error.reason === undefined
      ? { key: 'general', own: 'codeRefused' }
      : { key: 'server', reason: error.reason };
  }
  return userErrorFrom(error);
}

export const secondStepMachine = createFormMachine<SecondStepValues, SecondStepGiven, SecondStepPayload>({
  id: 'secondStep',
  description:
    'Issue 44: the login ticket with an authenticator code, a passkey or a recovery code; POST /v1.1/login/second-factor, once.',
  initialValues: { method: 'totp', code: '' },
  validate: validateSecondStep,
  // Another way to answer starts with an empty field: a code of one kind is no code of the other.
  alsoChanges: (_, name) => (name === 'method' ? { code: '' } : {}),
  payload: ({ values, given }) => ({
    ticket: given?.ticket ?? '',
    method: values.method,
    code: values.code,
    passkeyOptions: given?.passkeyOptions,
  }),
  // The call and the passkey's browser code load with the step, never with the login page.
  submit: async (payload, signal) => (await import('../api/v1-1/sign-in')).sendSecondStep(payload, { signal }),
  errorOf: secondStepErrorFrom,
  endsOnSuccess: true,
  endsOnError: endsSecondStep,
});

export type SecondStepActor = FormActor<SecondStepValues, SecondStepGiven, SecondStepPayload, void>;
