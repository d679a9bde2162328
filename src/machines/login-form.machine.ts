/**
 * The login form (SPEC §2 Login, §7 POST /login with the page's language), a `createFormMachine`
 * form that the login machine invokes as its child `form` (decision 053): email and password, one
 * call at a time, the wait after too many attempts, the loading timeout and the error line every
 * form has. It ends with the server's answer (`endsOnSuccess`), or with a 401 (`endsOnError`),
 * which at login means an account not yet active (SPEC §4), not an ended session; the login
 * machine decides what either means.
 */
import { object } from 'superstruct';
import { isApiError } from '../api/error';
import type { LoginAnswer } from '../api/login';
import type { LoginPayload } from '../api/structs';
import { email, fieldErrors, loginPassword } from '../domain/fields';
import type { FieldErrors } from './form-actions';
import { createFormMachine, type FormActor } from './form.machine';
import { tooManyRequests, tooManyRequestsWait } from './rate-limit';
import { userErrorFrom, type UserError } from './user-error';

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

/** SPEC §4: a login answered 401 is an account that awaits activation. */
export function isNotYetActive(error: unknown): boolean {
  return isApiError(error) && error.isUnauthorized;
}

export const loginFormMachine = createFormMachine<LoginValues, undefined, LoginPayload, LoginAnswer>({
  id: 'loginForm',
  description: 'SPEC §2 Login and SPEC §7: email and password; POST /login with the page language, once.',
  initialValues: { email: '', password: '' },
  validate: validateLogin,
  payload: ({ values, language }) => ({ email: values.email.trim(), password: values.password, language }),
  // The API client loads with the first call: the page and its form need none of it to appear.
  submit: async (payload, signal) => (await import('../api/login')).login(payload, { signal }),
  errorOf: loginErrorFrom,
  endsOnSuccess: true,
  endsOnError: isNotYetActive,
});

export type LoginFormActor = FormActor<LoginValues, undefined, LoginPayload, LoginAnswer>;
