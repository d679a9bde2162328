/**
 * Forgotten password (SPEC §2 "Forgot password", §4 "Password reset: request mail sent"): the
 * email address only; success shows "You will receive an email to set a new password." (SPEC §8).
 * The server answers the same for known and unknown addresses, so the form reveals nothing.
 */
import { forgotPassword } from '../api/auth';
import { ForgotPasswordPayload } from '../api/structs';
import { fieldErrors } from '../domain/fields';
import type { FieldErrors } from './form-actions';
import { createFormMachine } from './form.machine';

export interface PasswordResetValues extends Record<string, unknown> {
  email: string;
}

export function validatePasswordReset(values: PasswordResetValues): FieldErrors<PasswordResetValues> {
  return fieldErrors<'email'>(ForgotPasswordPayload, values);
}

export const passwordResetMachine = createFormMachine<PasswordResetValues>({
  id: 'passwordReset',
  description:
    'SPEC §2 Forgot password and SPEC §4: email only; success means the mail with the link is on its way (SPEC §8).',
  initialValues: { email: '' },
  validate: validatePasswordReset,
  submit: (values, signal) => forgotPassword({ email: values.email.trim() }, { signal }),
});
