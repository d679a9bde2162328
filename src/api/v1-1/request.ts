/**
 * How a call of v1.1 travels (docs/api-v1.1.md): to the v1.1 base beside the configured v1 base,
 * with the portal's header and the page's language like every v1 call (src/api/transport.ts), and
 * for a state change an `Idempotency-Key`. This module loads only when a server has said it speaks
 * v1.1 (src/api/server-version.ts), so it calls `fetch` itself rather than growing the transport
 * every first visit loads.
 *
 * A state change is one action of the customer with one key. When no answer came (the attempt's
 * time ran out, the connection broke, a gateway gave up with 502, 503 or 504) or the server says the
 * first request with that key still runs (409 `request-in-progress`), the same request with the same
 * key is sent again, until an answer comes, the caller aborts or `changeTimeoutMs` has passed: the
 * server runs the action at most once and answers every repeat with the stored answer, so a slow
 * server can never book twice. Refusals are RFC 9457 problem details, read into the one `ApiError`
 * with the status v1 gave the same refusal, so that no machine knows which version answered.
 */
import { type Struct } from 'superstruct';
import { config } from '../../config';
import { plainReason } from '../../domain/plain-text';
import { changeTimeoutMs, checkedAnswer, readJson } from '../client';
import { ApiError } from '../error';
import { askForFreshSignIn } from '../fresh-sign-in';
import { retryAfterSeconds } from '../retry-after';
import { languageOfTag } from '../../domain/language-tag';
import { apiUrl, forgetEarlyReads } from '../transport';

/** Sent with every call, as v1's (decision 031): another site cannot make the browser send it. */
export const portalCall = { 'X-Portal-Request': '1' } as const;

/** The page's language, as v1's calls send it (decision 039). */
export function pageLanguage(): string {
  return languageOfTag(typeof document === 'undefined' ? null : document.documentElement.lang);
}

export type V11Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The base of v1.1 beside v1's: `…/v1` → `…/v1.1`; null when the v1 base does not end in `/v1`. */
export function v11Base(v1Base: string = config.apiBaseUrl): string | null {
  const base = v1Base.replace(/\/$/, '');
  return /\/v1$/.test(base) ? `${base}.1` : null;
}

/** The absolute address of a v1.1 path (the v1 base's page-relative form resolved like v1's). */
export function v11Url(path: string): string {
  const base = v11Base();
  if (base === null) throw new ApiError('invalid-request');
  const v1 = apiUrl('');
  return `${v1.replace(/\/$/, '')}.1${path}`;
}

/**
 * The status v1 answers for a refusal that v1.1 answers with another (the last column of the
 * description's problem table): the machines read v1's statuses (a purchase's 403 is a company
 * not yet complete or a cancelled contract, its 409 an identifier already used).
 */
const v1Status: Readonly<Record<string, number>> = {
  'company-incomplete': 403,
  'contract-cancelled': 403,
};

/** The problem's kind: the last path segment of its `type` (`/problems/email-taken` → `email-taken`). */
export function problemKind(type: unknown): string | undefined {
  if (typeof type !== 'string' || type === 'about:blank') return undefined;
  const path = type.split(/[?#]/)[0] ?? '';
  const kind = path.slice(path.lastIndexOf('/') + 1);
  return /^[a-z][a-z0-9-]{0,63}$/.test(kind) ? kind : undefined;
}

/** A refusal's `ApiError`, from its status, its `Retry-After` and its problem details. */
export function problemError(status: number, body: unknown, retryAfter: string | null): ApiError {
  const field = (name: string): unknown =>
    typeof body === 'object' && body !== null && name in body ? Reflect.get(body, name) : undefined;
  const problem = status >= 500 ? undefined : problemKind(field('type'));
  const text = (value: unknown) => (typeof value === 'string' ? plainReason(value) : null);
  return new ApiError('http', {
    status: (problem === undefined ? undefined : v1Status[problem]) ?? status,
    reason: text(field('detail')) ?? text(field('title')) ?? undefined,
    retryAfterSeconds: retryAfterSeconds(retryAfter, Date.now()),
    problem,
  });
}

/** A new key for one action of the customer: a UUID, as a Structured Field string. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // `randomUUID` needs a secure context; elsewhere the same version 4 UUID from random bytes (RFC 9562).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface V11Options<TAnswer> {
  body?: unknown;
  /** Struct of the answer; `null` when any 2xx is success and its body is not read. */
  answer: Struct<TAnswer, unknown> | null;
  signal?: AbortSignal;
  /** The key of the customer's action: the call is a state change, sent again with it when unanswered. */
  key?: string;
}

export interface V11Answer<TAnswer> {
  value: TAnswer;
  /** The answer's `Retry-After` in seconds (how long to wait before polling an operation). */
  retryAfterSeconds: number | undefined;
}

/** How long to wait before sending a state change again: its `Retry-After`, else 1, 2, 4, 8 s. */
function pauseMs(attempt: number, retryAfter: number | undefined): number {
  return Math.min(retryAfter ?? 2 ** attempt, 8) * 1000;
}

const TIMEOUT = Symbol('timeout');

/** Waits `ms`; the caller's abort ends the wait with `ApiError('aborted')`. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

type Attempt<TAnswer> =
  { done: true; answer: V11Answer<TAnswer> } | { done: false; error: ApiError; retryAfterSeconds?: number };

/** One request: an answer, a refusal (thrown), or no answer (returned, to be sent again). */
async function attempt<TAnswer>(
  method: V11Method,
  path: string,
  options: V11Options<TAnswer>,
  timeoutMs: number,
): Promise<Attempt<TAnswer>> {
  const { body, answer, signal, key } = options;
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs);
  const unanswered = (cause?: unknown): Attempt<TAnswer> => {
    if (signal?.aborted) throw new ApiError('aborted', { cause });
    const kind = controller.signal.reason === TIMEOUT ? 'timeout' : 'network';
    return { done: false, error: new ApiError(kind, { cause }) };
  };
  try {
    let response: Response;
    try {
      response = await fetch(v11Url(path), {
        method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          'Accept-Language': pageLanguage(),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(key === undefined ? {} : { 'Idempotency-Key': `"${key}"` }),
          ...portalCall,
        },
        cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      return unanswered(cause);
    }
    const retryAfter = response.headers.get('Retry-After');
    if (!response.ok) {
      const parsed = await readJson(response, controller.signal);
      if (!parsed.ok && controller.signal.aborted) return unanswered();
      const error = problemError(response.status, parsed.ok ? parsed.value : undefined, retryAfter);
      const gatewayGaveUp = [502, 503, 504].includes(response.status);
      if (key !== undefined && (gatewayGaveUp || error.problem === 'request-in-progress')) {
        const inProgress = error.problem === 'request-in-progress';
        return {
          done: false,
          // Still running when the time is up: whether it was done is unknown, as after a timeout.
          error: inProgress ? new ApiError('timeout', { cause: error }) : error,
          retryAfterSeconds: error.retryAfterSeconds,
        };
      }
      throw error;
    }
    const seconds = retryAfterSeconds(retryAfter, Date.now());
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a call without an answer struct is typed Promise<void> by its call module.
    if (answer === null) return { done: true, answer: { value: undefined as TAnswer, retryAfterSeconds: seconds } };
    const parsed = await readJson(response, controller.signal);
    if (!parsed.ok) {
      if (parsed.why === 'unreadable') return unanswered();
      throw new ApiError('invalid-answer', { status: response.status });
    }
    return {
      done: true,
      answer: { value: checkedAnswer(answer, parsed.value, response.status), retryAfterSeconds: seconds },
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Sends a v1.1 call. A read is sent once, within the reads' time (`config.apiTimeoutMs`). A state
 * change (`key` given) drops the reads made ahead, and is sent again with the same key while no
 * answer comes, within `changeTimeoutMs` in all. Its first try waits the reads' time, so that a
 * request lost on its way is found out and sent again long before the machines give up; each
 * further try waits twice as long as the one before.
 */
async function sendV11<TAnswer>(
  method: V11Method,
  path: string,
  options: V11Options<TAnswer>,
): Promise<V11Answer<TAnswer>> {
  if (options.signal?.aborted) throw new ApiError('aborted');
  if (options.key === undefined) {
    const result = await attempt(method, path, options, config.apiTimeoutMs);
    if (result.done) return result.answer;
    throw result.error;
  }
  // What was read ahead may be stale once this changes something (as for v1's changes).
  forgetEarlyReads();
  const deadline = Date.now() + changeTimeoutMs;
  for (let tries = 0; ; tries += 1) {
    const left = deadline - Date.now();
    // Each try waits twice as long as the one before: a server slow on every request still answers.
    const result = await attempt(method, path, options, Math.min(config.apiTimeoutMs * 2 ** tries, Math.max(left, 1)));
    if (result.done) return result.answer;
    const pause = pauseMs(tries, result.retryAfterSeconds);
    if (deadline - Date.now() <= pause) throw result.error;
    await sleep(pause, options.signal);
  }
}

/**
 * Sends a v1.1 call (as `sendV11` above). A change the server answers `reauth-required` waits for
 * the customer's fresh sign-in (src/api/fresh-sign-in.ts) and is then sent once more, the same
 * request with the same key (decision 058, point 4); given up, it ends with the server's refusal,
 * and a session found over in the dialog ends it as a 401 would.
 */
export async function requestV11<TAnswer>(
  method: V11Method,
  path: string,
  options: V11Options<TAnswer>,
): Promise<V11Answer<TAnswer>> {
  try {
    return await sendV11(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.problem !== 'reauth-required') throw error;
    const outcome = await askForFreshSignIn(options.signal);
    if (outcome === 'session-ended')
      throw new ApiError('http', { status: 401, problem: 'session-ended', cause: error });
    if (outcome === 'cancelled') throw error;
    // Asked once: a server that asks again after a fresh sign-in is refused as it answers.
    return sendV11(method, path, options);
  }
}
