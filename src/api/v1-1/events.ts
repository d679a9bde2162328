/**
 * v1.1's event stream (`GET /events`, feature `events`; docs/api-v1.1.md "Operations and events"),
 * read with `fetch` rather than `EventSource` so that it carries the portal's header. Today the
 * portal waits on it for one thing: a purchase's operation to be over. It opens the stream, reads
 * the operation once (it may have ended before the stream opened), then takes the
 * `operation.updated` events of that operation; a `resync` (the server lost its place) reads the
 * operation again. A stream that cannot be opened, breaks or ends before the operation is over
 * returns null: the caller polls instead. So does a stream that is not open within `openMs`, or
 * says nothing for `quietMs` (the server sends a keep-alive at least every 25 s): a proxy that
 * holds the stream back must not leave a purchase waiting for news that never come.
 */
import { ApiError } from '../error';
import { OperationStruct, isOver, type Operation } from './operation';
import { pageLanguage, portalCall, v11Url } from './request';

/** How long the stream may take to open. */
const openMs = 5_000;
/** How long the stream may say nothing, keep-alives included, before it counts as lost. */
const quietMs = 30_000;

export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/**
 * The events in `text` that are complete (ended by a blank line), and what is left of it: the
 * event stream format of the HTML standard (`event`, `data` lines joined by newlines, `id`; lines
 * starting with a colon are comments; `retry` is read by nobody here).
 */
export function parseEvents(text: string): { events: ServerSentEvent[]; rest: string } {
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: ServerSentEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    let id: string | undefined;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
    }
    if (data.length > 0) events.push({ event, data: data.join('\n'), id });
  }
  return { events, rest };
}

function operationIn(data: string): Operation | null {
  try {
    const [error, value] = OperationStruct.validate(JSON.parse(data), { coerce: true });
    return error ? null : value;
  } catch {
    return null;
  }
}

/**
 * The operation `id` once it is over, as the event stream tells it; null when the stream cannot
 * tell (not opened, broken, ended). `read` reads the operation directly.
 */
export async function operationEvents(
  id: string,
  read: () => Promise<{ value: Operation }>,
  signal: AbortSignal | undefined,
): Promise<Operation | null> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  // Given up when the stream does not open, or falls silent: the caller polls instead.
  let silence = setTimeout(() => controller.abort(), openMs);
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => controller.abort(), quietMs);
  };
  try {
    const response = await fetch(v11Url('/events'), {
      credentials: 'include',
      headers: { Accept: 'text/event-stream', 'Accept-Language': pageLanguage(), ...portalCall },
      cache: 'no-store',
      signal: controller.signal,
    });
    if (!response.ok || !response.body) return null;
    heard();
    const first = await read();
    if (isOver(first.value)) return first.value;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return null;
      heard();
      const { events, rest } = parseEvents(buffer + value);
      buffer = rest;
      for (const event of events) {
        if (event.event === 'resync') {
          const again = await read();
          if (isOver(again.value)) return again.value;
        }
        if (event.event !== 'operation.updated') continue;
        const operation = operationIn(event.data);
        if (operation?.id === id && isOver(operation)) return operation;
      }
    }
  } catch (error) {
    if (signal?.aborted) throw new ApiError('aborted', { cause: error });
    if (error instanceof ApiError && error.kind === 'http') throw error;
    return null;
  } finally {
    clearTimeout(silence);
    controller.abort();
    signal?.removeEventListener('abort', onAbort);
  }
}
