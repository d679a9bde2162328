/**
 * The sign-in calls of account protection (issue 44, decision 058; feature `second-factor`): the
 * second step of a login whose answer asked for one, and the sign-in with a passkey alone. Neither
 * asks the server what it offers: a login's answer with `second_factor` comes only from a server
 * that has the step, and the passkey sign-in is offered only where the capabilities name
 * `second-factor`. Loaded on demand, never with a first visit.
 */
import type { SecondStepMethod } from '../../domain/entities';
import { requestV11 } from './request';
import { passkeyAssertion, PasskeyRequestOptions } from './webauthn';

export interface SecondStepPayload extends Record<string, unknown> {
  /** The login's ticket (kept only by the login machine). */
  ticket: string;
  method: SecondStepMethod;
  /** The authenticator's six digits or a recovery code, as typed; unused for a passkey. */
  code: string;
  /** The passkey's challenge of the login's answer (`second_factor.passkey_options`). */
  passkeyOptions: unknown;
}

interface Call {
  signal?: AbortSignal;
}

/** `POST /login/second-factor`: 204 and the session's cookie, as a login without a second step. */
export async function sendSecondStep(step: SecondStepPayload, { signal }: Call = {}): Promise<void> {
  const { ticket, method, code } = step;
  const answer =
    method === 'passkey'
      ? { assertion: await passkeyAssertion(step.passkeyOptions, { signal }) }
      : method === 'totp'
        ? { totp: code.replace(/\s/g, '') }
        : { recovery_code: code.trim() };
  await requestV11('POST', '/login/second-factor', { body: { ticket, ...answer }, answer: null, signal });
}

/**
 * A sign-in with a passkey alone: the server's challenge (`POST /login/passkey/options`), the
 * browser's passkey for it (its own dialog, or among the address field's suggestions when
 * `conditional`), then `POST /login/passkey`: 204 and the session's cookie.
 */
export async function signInWithPasskey({ conditional = false, signal }: Call & { conditional?: boolean } = {}) {
  const { value: options } = await requestV11('POST', '/login/passkey/options', {
    answer: PasskeyRequestOptions,
    signal,
  });
  const assertion = await passkeyAssertion(options, { conditional, signal });
  await requestV11('POST', '/login/passkey', { body: { assertion }, answer: null, signal });
}
