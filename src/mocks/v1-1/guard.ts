/**
 * What every v1.1 call checks before its own rules (docs/api-v1.1.md): the session (401
 * `session-ended`), for a state change the portal's header and the browser's fetch metadata
 * (403 `not-from-portal`: no state change from another site or by navigation), its idempotency key,
 * and its body (400 `invalid-fields`).
 */
import type { Struct } from 'superstruct';
import type { Language } from '../../domain/constants';
import type { AccountRow } from '../db';
import { refusalReason } from '../respond';
import { isFreshlySignedIn, sessionAccount, type Cookies } from '../session';
import { idempotent } from './idempotency';
import { problem } from './problems';

/** 401 `session-ended`: no session, or one that has ended. */
export function sessionEnded(language: Language): Response {
  return problem('session-ended', language, {
    detail: { en: 'Please log in again.', de: 'Bitte melden Sie sich erneut an.' },
  });
}

/**
 * Whether a state change comes from the portal: `X-Portal-Request: 1`, no `Sec-Fetch-Site` other
 * than `same-origin`, and not a navigation.
 */
export function isFromPortal(request: Request): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  return (
    request.headers.get('X-Portal-Request') === '1' &&
    (site === null || site === 'same-origin') &&
    request.headers.get('Sec-Fetch-Mode') !== 'navigate'
  );
}

export function notFromPortal(language: Language): Response {
  return problem('not-from-portal', language, {
    detail: {
      en: 'State changes are accepted from the portal only.',
      de: 'Änderungen werden nur vom Portal angenommen.',
    },
  });
}

/**
 * A logged-in customer's state change: from the portal, in a session, once per idempotency key
 * (`run` gets the account).
 */
export async function customerChange(
  request: Request,
  cookies: Cookies,
  language: Language,
  run: (account: AccountRow) => Response | Promise<Response>,
): Promise<Response> {
  if (!isFromPortal(request)) return notFromPortal(language);
  const account = sessionAccount(cookies);
  if (!account) return sessionEnded(language);
  return idempotent(request, account.id, language, async () => run(account));
}

/**
 * A state change anyone may send (a visitor's, or a customer's without a session check): from the
 * portal, once per idempotency key, the key bound to the account when there is a session.
 */
export async function visitorChange(
  request: Request,
  cookies: Cookies,
  language: Language,
  run: () => Response | Promise<Response>,
): Promise<Response> {
  if (!isFromPortal(request)) return notFromPortal(language);
  return idempotent(request, sessionAccount(cookies)?.id ?? null, language, async () => run());
}

/** A v1.1 request body, read with its struct; 400 `invalid-fields` naming the field at fault. */
export async function readBody<T>(
  request: Request,
  struct: Struct<T, unknown>,
  language: Language,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return {
      ok: false,
      response: problem('invalid-fields', language, {
        detail: { en: 'The request body is not valid JSON.', de: 'Der Inhalt der Anfrage ist kein gültiges JSON.' },
      }),
    };
  }
  const [error, value] = struct.validate(body);
  if (!error) return { ok: true, value };
  const field = String(error.path[0] ?? '');
  const detail = { en: refusalReason(error, 'en'), de: refusalReason(error, 'de') };
  return { ok: false, response: problem('invalid-fields', language, { detail, errors: [{ field, detail }] }) };
}

/**
 * A risky change (a cancellation, the factors, the recovery codes, the sessions) needs a sign-in of
 * the last five minutes, or a re-authentication since (`POST /account/reauth`).
 */
export function needsFreshSignIn(cookies: Cookies): boolean {
  return !isFreshlySignedIn(cookies);
}

/** 403 `reauth-required`: the risky change is done once the customer has signed in afresh. */
export function reauthRequired(language: Language): Response {
  return problem('reauth-required', language, {
    detail: {
      en: 'For this change, confirm it is you with your password or a second factor.',
      de: 'Bestätigen Sie für diese Änderung mit Ihrem Passwort oder einem zweiten Faktor, dass Sie es sind.',
    },
  });
}
