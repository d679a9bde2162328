/**
 * The form of the new-password page (SPEC §2 "new password", §5 the password policy, §7
 * POST /changepassword), a `createFormMachine` form that the new-password machine invokes as its
 * child `form` once the link carries an email address and a token (decision 053): two password
 * fields that must match, the call with the link's email and token and the page's language, and
 * the wait, the timeout and the error line every form has. A refusal of the link ends the form
 * (`endsOnError`): no password typed here can mend it.
 */
import { pick } from 'superstruct';
import { changePassword } from '../api/auth';
import { isApiError } from '../api/client';
import { ChangePasswordPayload } from '../api/structs';
import { fieldErrors } from '../domain/fields';
import type { FieldErrors } from './form-actions';
import { createFormMachine, type FormActor } from './form.machine';

export interface NewPasswordValues extends Record<string, unknown> {
  password: string;
  /** The second field, which must match the first (SPEC §5). */
  confirmation: string;
}

/** The link of the reset mail, which the page gives the form: its call sends both (SPEC §7). */
export interface ResetLink {
  email: string;
  token: string;
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

export const newPasswordFormMachine = createFormMachine<NewPasswordValues, ResetLink, ChangePasswordPayload>({
  id: 'newPasswordForm',
  description: 'SPEC §2 new password and SPEC §5: two password fields that must match; POST /changepassword, once.',
  initialValues: { password: '', confirmation: '' },
  validate: validateNewPassword,
  payload: ({ values, given, language }) => ({
    email: given?.email ?? '',
    password: values.password,
    language,
    token: given?.token ?? '',
  }),
  submit: (payload, signal) => changePassword(payload, { signal }),
  endsOnError: isLinkRefusal,
  endsOnSuccess: true,
});

export type NewPasswordFormActor = FormActor<NewPasswordValues, ResetLink, ChangePasswordPayload>;
