/**
 * v1.1's event log (docs/api-v1.1.md, "Operations and events"): what `GET /events` streams. Each
 * event is recorded when it happens, with an `id` that increases across the mock (so an id of
 * another account is unknown to this one), and kept 24 hours. The position is the client's: the
 * log keeps no "delivered" mark, so a second stream of the same account reads the same events.
 */

/** What an event says: the `event` field of the stream and its JSON `data`. */
export interface AccountEvent {
  id: string;
  accountId: string;
  at: number;
  event: 'operation.updated' | 'alert.raised';
  data: object;
}

/** Events are kept this long; a `Last-Event-ID` older than that cannot be resumed. */
const keptMs = 86_400_000;

let log: AccountEvent[] = [];
let lastId = 0;

/** Forgets every event (the mock's reset). */
export function forgetEvents(): void {
  log = [];
  lastId = 0;
}

/** Records an event of the account, as it happens. */
export function recordEvent(accountId: string, event: AccountEvent['event'], data: object, at = Date.now()): void {
  log = log.filter((kept) => at - kept.at <= keptMs);
  lastId += 1;
  log.push({ id: String(lastId), accountId, at, event, data });
}

/** The id of the account's newest event, or null: where a stream without `Last-Event-ID` starts. */
export function newestEventId(accountId: string): string | null {
  return log.findLast((kept) => kept.accountId === accountId)?.id ?? null;
}

/**
 * The account's events after `id`, oldest first; null when the log cannot resume from it (an id it
 * never gave this account, or one older than 24 hours). `id` null: every event of the account.
 */
export function eventsAfter(accountId: string, id: string | null, now = Date.now()): AccountEvent[] | null {
  const own = log.filter((kept) => kept.accountId === accountId && now - kept.at <= keptMs);
  if (id === null) return own;
  const index = own.findIndex((kept) => kept.id === id);
  return index === -1 ? null : own.slice(index + 1);
}

/** One event on the wire (WHATWG HTML, Server-Sent Events): its name, id and JSON data. */
export function eventText(kept: Pick<AccountEvent, 'event' | 'id' | 'data'>): string {
  return `event: ${kept.event}\nid: ${kept.id}\ndata: ${JSON.stringify(kept.data)}\n\n`;
}
