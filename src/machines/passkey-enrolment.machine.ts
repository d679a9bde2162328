/**
 * Adding a passkey on the security page (issue 44, decision 058): the customer names it, the server
 * gives the options, the browser makes the passkey in its own dialog (this device, a phone or a
 * security key), and the server takes it. A `createFormMachine` form that the security machine
 * invokes as its child `passkeyForm`; it ends with the factor added (and, with the account's first
 * factor, ten recovery codes). The browser's dialog that ends without a passkey says so in the
 * form's own words, and the name stays.
 */
import type { FactorAdded } from '../api/v1-1/security';
import type { FieldErrors } from './form-actions';
import { createFormMachine, type FormActor } from './form.machine';
import { tooManyRequests, tooManyRequestsWait } from './rate-limit';
import { userErrorFrom, type UserError } from './user-error';

export interface PasskeyNameValues extends Record<string, unknown> {
  name: string;
}

/** The name is required, at most 60 characters (the description's limit). */
export function validatePasskeyName({ name }: PasskeyNameValues): FieldErrors<PasskeyNameValues> {
  const trimmed = name.trim();
  if (trimmed === '') return { name: 'required' };
  return trimmed.length > 60 ? { name: 'tooLong' } : {};
}

/** The browser's dialog that made no passkey says so; the rest as every form says it. */
export function passkeyEnrolmentErrorFrom(error: unknown): UserError {
  if (tooManyRequestsWait(error) !== null) return tooManyRequests(error);
  if (error instanceof DOMException) return { key: 'general', own: 'passkeyNotAdded' };
  return userErrorFrom(error);
}

export const passkeyEnrolmentMachine = createFormMachine<PasskeyNameValues, undefined, PasskeyNameValues, FactorAdded>({
  id: 'passkeyEnrolment',
  description:
    'Issue 44: a passkey named by the customer; POST /v1.1/account/passkeys/options, the browser, POST /v1.1/account/passkeys.',
  initialValues: { name: '' },
  validate: validatePasskeyName,
  submit: async ({ name }, signal) => (await import('../api/v1-1/security')).addPasskey(name.trim(), { signal }),
  errorOf: passkeyEnrolmentErrorFrom,
  endsOnSuccess: true,
});

export type PasskeyEnrolmentActor = FormActor<PasskeyNameValues, undefined, PasskeyNameValues, FactorAdded>;
