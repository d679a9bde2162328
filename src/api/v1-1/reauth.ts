/**
 * The fresh sign-in's calls (issue 44, decision 058, point 4; feature `second-factor`): which ways
 * the account has to confirm (its factors and recovery codes), and `POST /account/reauth` with one
 * answer: the password, an authenticator's code, a recovery code, or a passkey's assertion of the
 * server's challenge (`POST /account/reauth/options`). Loaded with the dialog only.
 */
import type { AccountProtection, FreshSignInMethod } from '../../domain/entities';
import { AccountProtectionStruct } from './security';
import { requestV11 } from './request';
import { passkeyAssertion, passkeysSupported, PasskeyRequestOptions } from './webauthn';

export interface FreshSignInPayload extends Record<string, unknown> {
  method: FreshSignInMethod;
  /** The password, or the code, as typed; unused for a passkey. */
  secret: string;
}

interface Call {
  signal?: AbortSignal;
}

/** The ways the account can confirm in this browser, the password first and the recovery code last. */
export function freshSignInMethods(protection: AccountProtection, passkeys: boolean): FreshSignInMethod[] {
  const kinds = new Set(protection.factors.map((factor) => factor.type));
  return [
    'password' as const,
    ...(kinds.has('totp') ? (['totp'] as const) : []),
    ...(kinds.has('passkey') && passkeys ? (['passkey'] as const) : []),
    ...(protection.recovery_codes_left > 0 ? (['recovery'] as const) : []),
  ];
}

/** `GET /account/security`, read for the ways to confirm. */
export async function loadFreshSignInMethods({ signal }: Call = {}): Promise<FreshSignInMethod[]> {
  const { value } = await requestV11('GET', '/account/security', { answer: AccountProtectionStruct, signal });
  return freshSignInMethods(value, passkeysSupported());
}

/** `POST /account/reauth` with the one answer given: 200, the session counts as freshly signed in. */
export async function confirmFreshSignIn({ method, secret }: FreshSignInPayload, { signal }: Call = {}): Promise<void> {
  let answer: Record<string, unknown>;
  if (method === 'passkey') {
    const { value: options } = await requestV11('POST', '/account/reauth/options', {
      answer: PasskeyRequestOptions,
      signal,
    });
    answer = { assertion: await passkeyAssertion(options, { signal }) };
  } else if (method === 'password') answer = { password: secret };
  else if (method === 'totp') answer = { totp: secret.replace(/\s/g, '') };
  else answer = { recovery_code: secret.trim() };
  await requestV11('POST', '/account/reauth', { body: answer, answer: null, signal });
}
