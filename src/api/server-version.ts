/**
 * Which API the server speaks (issue 43, docs/api-v1.1.md "Finding v1.1, and falling back"): the
 * portal asks `GET /api/v1.1/capabilities` once, the first time a call that v1.1 does better is
 * made, and keeps the answer until the session ends (the logout forgets it). v1.1 is used only
 * when the answer is 200 with `"api": "1.1"` and the features `idempotency`, `problem-details`
 * and `sizes-in-bytes`; anything else (a 404, any other status, an unreadable body, no answer
 * within the reads' time) means v1, and a v1-only server sees nothing else of v1.1.
 *
 * The call modules (src/api/*.ts) ask `offeredV11()` and choose; no machine knows the version.
 * This module and the v1.1 calls load on demand, with the logged-in pages or when the customer
 * sends a licence order, never with a public page's first visit.
 */
import { array, string, type } from 'superstruct';
import { ApiError } from './error';

export const Capabilities = type({ api: string(), features: array(string()) });

/** What the portal needs of a server to use v1.1; `events` is optional. */
const needed = ['idempotency', 'problem-details', 'sizes-in-bytes'] as const;

export interface ServerOffer {
  /** The server offers the event stream (`GET /events`). */
  readonly events: boolean;
  /** The server protects accounts with second factors and offers the passkey sign-in (decision 058). */
  readonly secondFactor: boolean;
  /** The server tells a datastore's usage over a range (issue 45). */
  readonly usageHistory: boolean;
  /** The server tells a datastore's backups, verification, garbage collection and tasks (issue 45). */
  readonly backupHealth: boolean;
  /** The server raises alerts by the account's rules (issue 45). */
  readonly alerts: boolean;
}

let probe: Promise<ServerOffer | null> | undefined;

async function ask(): Promise<ServerOffer | null> {
  try {
    const { requestV11, v11Base } = await import('./v1-1/request');
    if (v11Base() === null) return null;
    const { value } = await requestV11('GET', '/capabilities', { answer: Capabilities });
    if (value.api !== '1.1' || !needed.every((feature) => value.features.includes(feature))) return null;
    const offers = (feature: string) => value.features.includes(feature);
    return {
      events: offers('events'),
      secondFactor: offers('second-factor'),
      usageHistory: offers('usage-history'),
      backupHealth: offers('backup-health'),
      alerts: offers('alerts'),
    };
  } catch {
    // A 404, a failure, an answer that is no capabilities, or the v1.1 code that did not load: v1.
    return null;
  }
}

/**
 * What the server offers of v1.1, or null when it speaks only v1. The first caller starts the
 * probe, every later one shares it; a caller's abort ends only its own wait, never the probe.
 */
export async function offeredV11(signal?: AbortSignal): Promise<ServerOffer | null> {
  probe ??= ask();
  if (!signal) return probe;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new ApiError('aborted'));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    void probe?.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Forgets the answer: the session ended, and the next one asks again (also between tests). */
export function forgetServerOffer(): void {
  probe = undefined;
}

/** What the server tells of the datastores beyond v1 (issue 45): neither on a v1 server. */
export interface DatastoreInsight {
  usageHistory: boolean;
  backupHealth: boolean;
}

/** Whether the server tells the usage history and the backup health (the probe every v1.1 call shares). */
export async function insightOffered(signal?: AbortSignal): Promise<DatastoreInsight> {
  const offer = await offeredV11(signal);
  return { usageHistory: offer?.usageHistory === true, backupHealth: offer?.backupHealth === true };
}

/** How the server tells the account's alerts: not at all (v1), live over the event stream, or only when read. */
export type AlertsOffer = 'none' | 'live' | 'read';

/** Whether the server raises alerts (issue 45), and whether it streams them (feature `events`). */
export async function alertsOffered(signal?: AbortSignal): Promise<AlertsOffer> {
  const offer = await offeredV11(signal);
  if (offer?.alerts !== true) return 'none';
  return offer.events ? 'live' : 'read';
}
