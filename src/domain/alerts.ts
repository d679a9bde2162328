/**
 * The account's alerts (issue 45, feature `alerts`): what the server raised, as the portal holds
 * them. A kind the portal does not know is kept as a word and shown without details (the server's
 * list may grow).
 */

/** The kinds the portal tells in words. */
export const alertKinds = [
  'space',
  'backup-missed',
  'verification-failed',
  'collection-failed',
  'operation-done',
] as const;
export type KnownAlertKind = (typeof alertKinds)[number];

export interface Alert {
  id: string;
  kind: string;
  /** The datastore's name on the server; null for none. */
  datastore: string | null;
  /** ISO 8601. */
  raised_at: string;
  /** `space`: the share used when raised. */
  percent?: number;
  /** `backup-missed`: the hours since the last backup. */
  hours?: number;
}

/** The most alerts the portal keeps (the server lists at most 100). */
export const keptAlerts = 100;

/**
 * `held` with `news` added: each alert once (by its id: a resumed stream or a list read again may
 * bring one the portal holds), newest first, at most `keptAlerts`.
 */
export function mergeAlerts(held: readonly Alert[], news: readonly Alert[]): Alert[] {
  const known = new Set(held.map((alert) => alert.id));
  const added = news.filter((alert) => {
    if (known.has(alert.id)) return false;
    known.add(alert.id);
    return true;
  });
  // A stable sort: alerts raised at the same moment keep the order they came in; one whose time
  // cannot be read goes last.
  return [...added, ...held]
    .map((alert) => ({ alert, at: Date.parse(alert.raised_at) || 0 }))
    .sort((a, b) => b.at - a.at)
    .slice(0, keptAlerts)
    .map(({ alert }) => alert);
}

/**
 * How many alerts are new to the customer: those raised after the newest one they saw on the
 * alerts page (`seenAt`, epoch ms); every one when they saw none.
 */
export function unseenCount(alerts: readonly Alert[], seenAt: number | null): number {
  return alerts.filter((alert) => (Date.parse(alert.raised_at) || 0) > (seenAt ?? -Infinity)).length;
}

/** When the newest alert was raised (epoch ms): what the customer has seen once the list is shown. */
export function newestRaisedAt(alerts: readonly Alert[]): number | null {
  const times = alerts.map((alert) => Date.parse(alert.raised_at)).filter((at) => !Number.isNaN(at));
  return times.length === 0 ? null : Math.max(...times);
}
