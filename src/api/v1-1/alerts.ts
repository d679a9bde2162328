/**
 * The account's alerts on v1.1 (issue 45, feature `alerts`; docs/api-v1.1.md "Alerts"): the list,
 * the rules, and the `alert.raised` events of `GET /events`, followed from a position the caller
 * keeps (`Last-Event-ID`), so that a dropped stream resumes where it broke. Loaded with the
 * logged-in pages' top bar once the server tells the feature, never on a v1 server.
 */
import { array, nullable, number, optional, string, type } from 'superstruct';
import type { Alert } from '../../domain/alerts';
import { AlertRulesStruct, type AlertRules } from '../../domain/alert-rules';
import { ApiError } from '../error';
import { describing } from '../structs';
import { parseEvents } from './events';
import { newIdempotencyKey, pageLanguage, portalCall, requestV11, v11Url } from './request';

export const AlertStruct = describing<Alert>()(
  type({
    id: string(),
    kind: string(),
    datastore: nullable(string()),
    raised_at: string(),
    percent: optional(number()),
    hours: optional(number()),
  }),
);

interface Call {
  signal?: AbortSignal;
}

/** `GET /alerts`: newest first. */
export async function getAlerts({ signal }: Call = {}): Promise<Alert[]> {
  const { value } = await requestV11('GET', '/alerts', { answer: type({ alerts: array(AlertStruct) }), signal });
  return value.alerts;
}

/** `GET /alert-rules`. */
export async function getAlertRules({ signal }: Call = {}): Promise<AlertRules> {
  const { value } = await requestV11('GET', '/alert-rules', { answer: AlertRulesStruct, signal });
  return value;
}

/** `PUT /alert-rules` with a key: a retry after no answer sets the same rules once. */
export async function putAlertRules(rules: AlertRules, { signal }: Call = {}): Promise<AlertRules> {
  const { value } = await requestV11('PUT', '/alert-rules', {
    body: rules,
    answer: AlertRulesStruct,
    key: newIdempotencyKey(),
    signal,
  });
  return value;
}

/** How long the stream may take to open. */
const openMs = 10_000;
/** How long the stream may say nothing, keep-alives included (sent at least every 25 s). */
const quietMs = 35_000;

/** Why a stream ended: it broke or ended (`dropped`; reconnect), or the server lost the position (`resync`). */
export interface StreamEnd {
  reason: 'dropped' | 'resync';
}

export interface AlertStreamHandlers {
  /** The stream is open: from here on nothing raised is missed. */
  opened: () => void;
  /** An event arrived: its id (the position to resume from) and the alert it carries, if any. */
  heard: (id: string | undefined, alert: Alert | null) => void;
}

function alertIn(data: string): Alert | null {
  try {
    const [error, value] = AlertStruct.validate(JSON.parse(data));
    return error ? null : value;
  } catch {
    return null;
  }
}

/**
 * Follows `GET /events` from `lastEventId` (none: from now on) until it ends, breaks, falls silent
 * or the server cannot resume (`resync`). Throws a 401 (the session has ended) and other refusals
 * as `ApiError`, and `aborted` on the caller's abort.
 */
export async function followAlerts(
  lastEventId: string | null,
  handlers: AlertStreamHandlers,
  signal: AbortSignal,
): Promise<StreamEnd> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let silence = setTimeout(() => controller.abort(), openMs);
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => controller.abort(), quietMs);
  };
  try {
    const response = await fetch(v11Url('/events'), {
      credentials: 'include',
      headers: {
        Accept: 'text/event-stream',
        'Accept-Language': pageLanguage(),
        ...portalCall,
        ...(lastEventId === null ? {} : { 'Last-Event-ID': lastEventId }),
      },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok) throw new ApiError('http', { status: response.status });
    if (!response.body) return { reason: 'dropped' };
    heard();
    handlers.opened();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    // An abort ends the reading too, also where it does not end the answer's body (a mocked one).
    controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      // A stream the caller ended may end quietly rather than with an error.
      if (done && signal.aborted) throw new ApiError('aborted');
      if (done) return { reason: 'dropped' };
      heard();
      const { events, rest } = parseEvents(buffer + value);
      buffer = rest;
      for (const event of events) {
        if (event.event === 'resync') return { reason: 'resync' };
        handlers.heard(event.id, event.event === 'alert.raised' ? alertIn(event.data) : null);
      }
    }
  } catch (error) {
    if (signal.aborted) throw new ApiError('aborted', { cause: error });
    if (error instanceof ApiError) throw error;
    return { reason: 'dropped' };
  } finally {
    clearTimeout(silence);
    controller.abort();
    signal.removeEventListener('abort', onAbort);
  }
}
