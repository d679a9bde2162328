/**
 * Idempotency keys of v1.1 (draft-ietf-httpapi-idempotency-key-header-07; docs/api-v1.1.md,
 * "Idempotency"): a state change carries `Idempotency-Key`, a Structured Field string. The key is
 * bound to the account (none for a visitor), the method, the path and the body's bytes.
 *
 * - same key, same request: the stored answer, without doing the work again;
 * - same key while the first is still running: 409 `request-in-progress` with `Retry-After`;
 * - same key, other body, method or path: 422 `idempotency-key-reused`;
 * - no key: 400 `idempotency-key-missing`.
 *
 * Stored are the call's own answers (2xx and its refusals); not 401, 403, 422, 429 or any 5xx, so
 * that a retry with the key runs the call. Keys are kept 24 hours after their answer, in memory:
 * a reload of the demo's page forgets them, as a restarted server without a shared store would.
 */
import type { Language } from '../../domain/constants';
import { problem } from './problems';

/** How long a key and its answer are kept after the answer (the capabilities say so too). */
export const idempotencyRetentionSeconds = 86_400;

interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

interface Entry {
  fingerprint: string;
  answer: StoredAnswer | null;
  answeredAt: number;
}

const entries = new Map<string, Entry>();

/** Forgets every key (the mock's reset). */
export function forgetIdempotencyKeys(): void {
  entries.clear();
}

/**
 * The key of an `Idempotency-Key` header: a Structured Field string (RFC 8941 §3.3.3), printable
 * ASCII in double quotes with `\"` and `\\` escaped, 1 to 255 characters; null for anything else.
 */
export function idempotencyKeyOf(header: string | null): string | null {
  const match = /^\s*"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"\s*$/.exec(header ?? '');
  const key = match?.[1]?.replace(/\\(["\\])/g, '$1');
  return key !== undefined && key.length >= 1 && key.length <= 255 ? key : null;
}

/** Whether an answer is the call's own and is kept for the key's repeats. */
function isStored(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && ![401, 403, 422, 429].includes(status);
}

function replay({ status, headers, body }: StoredAnswer): Response {
  return new Response(status === 204 ? null : body, { status, headers });
}

/**
 * Runs a state change once per key: `owner` is the account's id (null for a visitor), `run` the
 * call itself. The request's body is read from a clone, so `run` can still read it.
 */
export async function idempotent(
  request: Request,
  owner: string | null,
  language: Language,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = idempotencyKeyOf(request.headers.get('Idempotency-Key'));
  if (key === null) {
    return problem('idempotency-key-missing', language, {
      detail: {
        en: 'This call needs an Idempotency-Key header: a quoted string of 1 to 255 characters.',
        de: 'Dieser Aufruf braucht einen Idempotency-Key-Header: eine Zeichenkette in Anführungszeichen, 1 bis 255 Zeichen.',
      },
    });
  }
  const now = Date.now();
  for (const [id, entry] of entries) {
    if (entry.answer && now - entry.answeredAt > idempotencyRetentionSeconds * 1000) entries.delete(id);
  }
  const fingerprint = `${request.method} ${new URL(request.url).pathname}\n${await request.clone().text()}`;
  const id = JSON.stringify([owner, key]);
  const entry = entries.get(id);
  if (entry) {
    if (entry.fingerprint !== fingerprint) {
      return problem('idempotency-key-reused', language, {
        detail: {
          en: 'This Idempotency-Key was sent before with another request.',
          de: 'Dieser Idempotency-Key wurde schon mit einer anderen Anfrage gesendet.',
        },
      });
    }
    if (entry.answer === null) return problem('request-in-progress', language, { retryAfter: 1 });
    return replay(entry.answer);
  }
  entries.set(id, { fingerprint, answer: null, answeredAt: 0 });
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    entries.delete(id);
    throw error;
  }
  if (!isStored(response.status)) {
    entries.delete(id);
    return response;
  }
  const answer: StoredAnswer = {
    status: response.status,
    headers: [...response.headers.entries()],
    body: await response.text(),
  };
  entries.set(id, { fingerprint, answer, answeredAt: Date.now() });
  return replay(answer);
}
