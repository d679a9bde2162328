/**
 * v1.1's `GET /events` (contracts/v1.1.openapi.yaml, feature `events`): the logged-in account's
 * news as Server-Sent Events, read by the portal with `fetch`. The stream opens with `retry: 5000`;
 * with `Last-Event-ID` it first sends every later event of the account (or `resync` when it cannot
 * resume from that id), without it only what happens from now on. It then looks for news every
 * `pollMs`, moving the account's operations on as the clock says (./operations.ts) and looking
 * for the account's alerts every 2 s (./alerts.ts), sends
 * `: keep-alive` after `keepAliveMs` without an event, and ends when the session does.
 */
import { HttpResponse } from 'msw';
import { route } from '../faults';
import { sessionAccount } from '../session';
import { eventsAfter, eventText, newestEventId } from './events';
import { settleOperations } from './operations';
import { sessionEnded } from './guard';
import { lookEveryMs, lookForAlerts } from './alerts';

/** How to end each open stream: the operator drops them all (a proxy's restart, a train's tunnel). */
const openStreams = new Set<() => void>();

/** Ends every open stream as a broken connection would; the sessions go on. Returns how many. */
export function dropEventStreams(): number {
  const count = openStreams.size;
  for (const end of [...openStreams]) end();
  return count;
}

/** How often the stream looks for news (the mock's operations settle when read). */
const pollMs = 100;
/** The longest quiet time before a keep-alive comment (the description's "at least every 25 s"). */
export const keepAliveMs = 25_000;

export const eventStreamHandlers = [
  route('v1.1 GET /events', ({ request, cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return sessionEnded(language);
    const resumeFrom = request.headers.get('Last-Event-ID');
    const encoder = new TextEncoder();
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => clearInterval(timer);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let ended = false;
        const send = (text: string) => {
          if (!ended) controller.enqueue(encoder.encode(text));
        };
        // Once, whichever comes first: the session's end, or the client's abort.
        const end = () => {
          stop();
          openStreams.delete(end);
          if (ended) return;
          ended = true;
          controller.close();
        };
        openStreams.add(end);
        send('retry: 5000\n\n');
        settleOperations(account.id);
        let position: string | null;
        const resumed = resumeFrom === null ? [] : eventsAfter(account.id, resumeFrom);
        if (resumed === null) {
          send(`event: resync\ndata: ${JSON.stringify({ reason: 'expired' })}\n\n`);
          position = newestEventId(account.id);
        } else {
          for (const kept of resumed) send(eventText(kept));
          position = resumed.at(-1)?.id ?? (resumeFrom === null ? newestEventId(account.id) : resumeFrom);
        }
        let quietSince = Date.now();
        let lookedAt = 0;
        timer = setInterval(() => {
          // The stream ends with the session: a logout, a password change, an expiry.
          if (sessionAccount(cookies)?.id !== account.id) {
            end();
            return;
          }
          settleOperations(account.id);
          // The rules' conditions arise with the clock too (a backup that did not come).
          if (Date.now() - lookedAt >= lookEveryMs) {
            lookedAt = Date.now();
            const current = sessionAccount(cookies);
            if (current) lookForAlerts(current);
          }
          const news = eventsAfter(account.id, position) ?? [];
          for (const kept of news) send(eventText(kept));
          if (news.length > 0) {
            position = news.at(-1)?.id ?? position;
            quietSince = Date.now();
          } else if (Date.now() - quietSince >= keepAliveMs) {
            send(': keep-alive\n\n');
            quietSince = Date.now();
          }
        }, pollMs);
        request.signal.addEventListener('abort', end, { once: true });
      },
      cancel: stop,
    });
    return new HttpResponse(body, {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      },
    });
  }),
];
