/**
 * The account's protection on v1.1 (issue 44, decision 058; feature `second-factor`): its factors,
 * its recovery codes left and its open sessions, and the ending of sessions. Loaded with the
 * security page only.
 */
import { array, boolean, nullable, number, optional, string, type, unknown, type Infer } from 'superstruct';
import type { AccountProtection, OpenSession } from '../../domain/entities';
import { describing } from '../structs';
import { newIdempotencyKey, requestV11 } from './request';

export const FactorStruct = type({
  id: string(),
  type: string(),
  name: string(),
  created_at: string(),
  last_used_at: optional(nullable(string())),
});

export const AccountProtectionStruct = describing<AccountProtection>()(
  type({
    factors: array(FactorStruct),
    recovery_codes_left: number(),
    second_factor_required: optional(boolean()),
  }),
);

export const OpenSessionStruct = describing<OpenSession>()(
  type({
    id: string(),
    current: boolean(),
    created_at: string(),
    last_seen_at: string(),
    device: optional(nullable(string())),
  }),
);

/** What the security page shows: the protection and the open sessions. */
export interface SecurityOverview {
  protection: AccountProtection;
  sessions: OpenSession[];
}

interface Call {
  signal?: AbortSignal;
}

/** `GET /account/security` and `GET /account/sessions`, together. */
export async function getSecurityOverview({ signal }: Call = {}): Promise<SecurityOverview> {
  const [protection, sessions] = await Promise.all([
    requestV11('GET', '/account/security', { answer: AccountProtectionStruct, signal }),
    requestV11('GET', '/account/sessions', { answer: array(OpenSessionStruct), signal }),
  ]);
  return { protection: protection.value, sessions: sessions.value };
}

/**
 * Ends a session of the account (`DELETE /account/sessions/{id}`), or every one but this browser's
 * (`DELETE /account/sessions?except=current`): that browser's next call is answered 401.
 */
export async function endSessions(which: { id: string } | 'others', { signal }: Call = {}): Promise<void> {
  const path =
    which === 'others' ? '/account/sessions?except=current' : `/account/sessions/${encodeURIComponent(which.id)}`;
  await requestV11('DELETE', path, { answer: null, key: newIdempotencyKey(), signal });
}

/** Any answer: the browser's helper checks the passkey options itself. */
const unknownAnswer = unknown();

export const TotpEnrolmentStruct = type({ id: string(), otpauth_uri: string(), secret: string() });
export type TotpEnrolment = Infer<typeof TotpEnrolmentStruct>;

export const FactorAddedStruct = type({ factor: FactorStruct, recovery_codes: optional(array(string())) });
export type FactorAdded = Infer<typeof FactorAddedStruct>;

/**
 * `POST /account/totp`: a new authenticator's secret, shown once (as an `otpauth://` address for
 * the QR code and as text); it protects nothing until its first code confirms it.
 */
export async function startAuthenticator(name: string, { signal }: Call = {}): Promise<TotpEnrolment> {
  const { value } = await requestV11('POST', '/account/totp', {
    body: { name },
    answer: TotpEnrolmentStruct,
    key: newIdempotencyKey(),
    signal,
  });
  return value;
}

/** `POST /account/totp/{id}/confirm`: the app's first code; the account's first factor brings ten recovery codes. */
export async function confirmAuthenticator(id: string, code: string, { signal }: Call = {}): Promise<FactorAdded> {
  const { value } = await requestV11('POST', `/account/totp/${encodeURIComponent(id)}/confirm`, {
    body: { code: code.replace(/\s/g, '') },
    answer: FactorAddedStruct,
    key: newIdempotencyKey(),
    signal,
  });
  return value;
}

/** `DELETE /account/factors/{id}`: the factor no longer confirms; the last one takes the recovery codes with it. */
export async function removeFactor(id: string, { signal }: Call = {}): Promise<void> {
  await requestV11('DELETE', `/account/factors/${encodeURIComponent(id)}`, {
    answer: null,
    key: newIdempotencyKey(),
    signal,
  });
}

export const RecoveryCodesStruct = type({ recovery_codes: array(string()) });

/** `POST /account/recovery-codes`: ten new codes, shown once; the ones before stop working. */
export async function renewRecoveryCodes({ signal }: Call = {}): Promise<string[]> {
  const { value } = await requestV11('POST', '/account/recovery-codes', {
    answer: RecoveryCodesStruct,
    key: newIdempotencyKey(),
    signal,
  });
  return value.recovery_codes;
}

/**
 * Adds a passkey named by the customer: the server's options (`POST /account/passkeys/options`),
 * the browser's new passkey for them, then `POST /account/passkeys`. The account's first factor
 * brings ten recovery codes.
 */
export async function addPasskey(name: string, { signal }: Call = {}): Promise<FactorAdded> {
  const { newPasskey } = await import('./webauthn');
  const { value: options } = await requestV11('POST', '/account/passkeys/options', { answer: unknownAnswer, signal });
  const credential = await newPasskey(options, { signal });
  const { value } = await requestV11('POST', '/account/passkeys', {
    body: { name, credential },
    answer: FactorAddedStruct,
    key: newIdempotencyKey(),
    signal,
  });
  return value;
}
