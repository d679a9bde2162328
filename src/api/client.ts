/**
 * Every call goes to the versioned API with credentials (src/api/transport.ts
 * sends it), JSON in and out, a timeout, and a superstruct check of the payload and of the answer.
 * Every failure is thrown as one typed `ApiError`; nothing here redirects or shows anything.
 */
import { StructError, type Struct } from 'superstruct';
import { config } from '../config';
import { timers } from '../domain/constants';
import { plainReason } from '../domain/plain-text';
import { ApiError } from './error';
import { retryAfterSeconds } from './retry-after';
import { StatusAnswer } from './structs';
import { send, takeEarlyRead } from './transport';

// The error type lives in its own module so that code which only inspects errors (the
// session machine on the landing page) does not pull in the client and its structs.
export { ApiError, isApiError } from './error';
export { apiUrl } from './transport';

type Method = 'GET' | 'POST';

export interface RequestOptions<TAnswer> {
  /** Request body, checked against `payload` before it is sent. */
  body?: unknown;
  payload?: Pick<Struct<unknown, unknown>, 'validate'>;
  /** Struct of the answer; `null` when any 2xx answer is success and its body is not read. */
  answer: Struct<TAnswer, unknown> | null;
  signal?: AbortSignal;
  /**
   * The call changes something on the server (a purchase, an order, a cancellation, an edit):
   * it is not given up after the reads' `config.apiTimeoutMs`, because a second try could book
   * twice. The machine that makes it bounds it with the loading timeout of SPEC §4/§9 and, when
   * no answer came, finds out what happened (docs/decisions/026); the client's own limit is
   * only a safety net behind that.
   */
  changes?: boolean;
  timeoutMs?: number;
}

/**
 * The safety net of a call that changes something: longer than the machines' loading timeout
 * (SPEC §9: 120 s), which ends the wait first and decides what the customer is told.
 */
export const changeTimeoutMs = timers.loadingTimeout + 10_000;

const TIMEOUT = Symbol('timeout');

/**
 * Picks the server's explanation from an error body, `reason` first, then `message`, made plain
 * text (SPEC §8, decision 017): whatever the server sends, a page shows no markup of it.
 */
function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const reason = 'reason' in body && typeof body.reason === 'string' ? plainReason(body.reason) : null;
  const message = 'message' in body && typeof body.message === 'string' ? plainReason(body.message) : null;
  return reason ?? message ?? undefined;
}

/**
 * The body as JSON: `unreadable` when the body could not be read (the connection broke, or
 * the call was aborted or timed out meanwhile), `invalid` when it is no JSON.
 */
export async function readJson(
  response: Response,
  signal: AbortSignal,
): Promise<{ ok: true; value: unknown } | { ok: false; why: 'unreadable' | 'invalid' }> {
  let text: string;
  // Not every fetch ends a body's reading when its signal aborts: the abort ends it here.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the listener is removed after the read in any case
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    text = await Promise.race([response.text(), aborted]);
  } catch {
    return { ok: false, why: 'unreadable' };
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  try {
    // Stryker disable next-line ConditionalExpression,StringLiteral: an empty body fails every answer struct, as a body that is no JSON does
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) };
  } catch {
    return { ok: false, why: 'invalid' };
  }
}

/** An answer's JSON checked against its struct (tolerantly, coercing); `invalid-answer` when it fails. */
export function checkedAnswer<TAnswer>(answer: Struct<TAnswer, unknown>, json: unknown, status: number): TAnswer {
  let checked: ReturnType<typeof answer.validate>;
  try {
    checked = answer.validate(json, { coerce: true });
  } catch (cause) {
    // superstruct prints a wrong value into its message; a JSON object with its own
    // `toString` field cannot be printed, and the check throws a TypeError instead.
    throw new ApiError('invalid-answer', { status, cause });
  }
  const [error, value] = checked;
  if (error) throw new ApiError('invalid-answer', { status, cause: error instanceof StructError ? error : undefined });
  return value;
}

export async function request<TAnswer>(
  method: Method,
  path: string,
  options: RequestOptions<TAnswer>,
): Promise<TAnswer> {
  const { body, payload, answer, signal, changes = false } = options;
  const timeoutMs = options.timeoutMs ?? (changes ? changeTimeoutMs : config.apiTimeoutMs);
  if (payload) {
    const [error] = payload.validate(body);
    if (error) throw new ApiError('invalid-request', { cause: error });
  }
  if (signal?.aborted) throw new ApiError('aborted');

  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  // The timeout and the caller's abort cover the whole call, the body included: a server that
  // sends its headers and then stalls is a timeout too.
  const timer = setTimeout(() => controller.abort(TIMEOUT), timeoutMs);
  const transportError = (cause?: unknown) => {
    if (controller.signal.reason === TIMEOUT) return new ApiError('timeout', { cause });
    if (signal?.aborted) return new ApiError('aborted', { cause });
    return new ApiError('network', { cause });
  };

  try {
    let response: Response;
    try {
      // A read that the app started before the page's code had run is picked up (issue 41).
      response = await ((method === 'GET' ? takeEarlyRead(path, controller.signal) : undefined) ??
        // Stryker disable next-line ConditionalExpression: JSON.stringify(undefined) is undefined too
        send(method, path, body === undefined ? undefined : JSON.stringify(body), controller.signal));
    } catch (cause) {
      throw transportError(cause);
    }

    if (!response.ok) {
      const parsed = await readJson(response, controller.signal);
      if (!parsed.ok && controller.signal.aborted) throw transportError();
      throw new ApiError('http', {
        status: response.status,
        reason: parsed.ok ? reasonOf(parsed.value) : undefined,
        // A rate limit (429) or an unavailable server (503) may say how long to wait (decision 044).
        retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After'), Date.now()),
      });
    }
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a call without an answer struct is typed Promise<void> by its resource module.
    if (answer === null) return undefined as TAnswer;

    const parsed = await readJson(response, controller.signal);
    if (!parsed.ok) {
      if (parsed.why === 'unreadable') throw transportError();
      throw new ApiError('invalid-answer', { status: response.status });
    }
    return checkedAnswer(answer, parsed.value, response.status);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Calls whose answer reads `status` (SPEC §7) succeed with `status: "done"`; any other status
 * is a refusal explained by its `reason` or `message`.
 */
export async function requestDone(
  method: Method,
  path: string,
  options: Omit<RequestOptions<unknown>, 'answer'>,
): Promise<void> {
  const result = await request(method, path, { ...options, answer: StatusAnswer });
  if (result.status !== 'done') {
    throw new ApiError('http', { status: 200, reason: reasonOf(result) });
  }
}
