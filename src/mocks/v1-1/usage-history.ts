/**
 * A datastore's usage history as the mock tells it (issue 45, `GET /datastores/{name}/usage`):
 * believable, and the same on every read, made from the datastore's own row and the clock.
 *
 * - The customer's backups run every night at 01:00 UTC and add a share of today's space, the
 *   share chosen by the datastore's identifier (0.4 to 1.2 % a night); the garbage collection on
 *   Sunday at 03:00 UTC gives back two fifths of the week's growth. Between those moments the
 *   space holds still. Counted back from the space used now, so the series ends at the row's
 *   `usedBytes`; nothing before the datastore was created (null), nothing below zero.
 * - The total is the fixed volume in bytes, null for the dynamic rate (it has no limit).
 * - The steps are those of Proxmox Backup Server's round-robin databases, one series per range,
 *   its last step the one that holds now.
 */
import { estimatedFullDate } from '../../domain/usage-forecast';
import type { DatastoreRow } from '../db';

export const usageRanges = ['day', 'week', 'month', 'year'] as const;
export type UsageRange = (typeof usageRanges)[number];

const hour = 3_600;
const day = 24 * hour;
const week = 7 * day;

/** Seconds between two steps and the number of steps of each range. */
const rangeSteps: Record<UsageRange, { step: number; count: number }> = {
  day: { step: hour / 2, count: 48 },
  week: { step: 2 * hour, count: 84 },
  month: { step: 12 * hour, count: 60 },
  year: { step: week, count: 52 },
};

const bytesPerTb = 1e12;
/** The hours (UTC) of the nightly backup and of the Sunday's garbage collection (./backup-health.ts too). */
export const backupHour = 1;
export const collectionHour = 3;
/** Sunday, as `Date#getUTCDay` counts. */
export const sunday = 0;
/** What a garbage collection gives back: this share of the week's growth. */
export const collectedShare = 0.4;

export interface UsageHistoryAnswer {
  range: UsageRange;
  start: number;
  step: number;
  used_bytes: (number | null)[];
  total_bytes: (number | null)[];
  /**
   * Proxmox Backup Server's `estimated-full-date`, from the month's series whatever the range:
   * epoch seconds, 0 when the space does not grow, null without a total (the dynamic rate) or
   * with fewer than seven known steps.
   */
  estimated_full_date: number | null;
}

/** A number from 0 to 1 that the identifier always gives (FNV-1a). */
export function fractionOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0xffffffff;
}

/** The moments of the nightly backups and the Sunday collections after `from` and up to `until`, in seconds. */
function eventsBetween(from: number, until: number): { backups: number; collections: number } {
  let backups = 0;
  let collections = 0;
  for (let midnight = Math.floor(from / day) * day; midnight <= until; midnight += day) {
    const backup = midnight + backupHour * hour;
    if (backup > from && backup <= until) backups += 1;
    const collection = midnight + collectionHour * hour;
    if (new Date(collection * 1000).getUTCDay() === sunday && collection > from && collection <= until) {
      collections += 1;
    }
  }
  return { backups, collections };
}

/** What one night's backup adds: a share of today's space that the identifier chooses. */
export function nightlyBytes(row: DatastoreRow): number {
  return row.usedBytes * (0.004 + 0.008 * fractionOf(row.identifier));
}

/** The bytes `row` used at `time`, counted back from what it uses at `now`. */
function usedAt(row: DatastoreRow, time: number, now: number): number | null {
  const created = Math.floor(row.created / 1000);
  if (time < created) return null;
  const nightly = nightlyBytes(row);
  const { backups, collections } = eventsBetween(time, now);
  const used = row.usedBytes - backups * nightly + collections * collectedShare * 7 * nightly;
  return Math.max(0, Math.round(used));
}

/** The series of `row` over `range` at `now` (epoch seconds). */
function series(row: DatastoreRow, range: UsageRange, now: number) {
  const { step, count } = rangeSteps[range];
  const start = (Math.floor(now / step) - (count - 1)) * step;
  const total = row.volume > 0 ? row.volume * bytesPerTb : null;
  // Each step holds what was used at its end (now, for the step that holds now).
  const used = Array.from({ length: count }, (_, index) => usedAt(row, Math.min(start + (index + 1) * step, now), now));
  return { start, step, used, total: used.map((value) => (value === null ? null : total)) };
}

/** The usage history of `row` over `range` at `nowMs`. */
export function usageHistory(row: DatastoreRow, range: UsageRange, nowMs: number): UsageHistoryAnswer {
  const now = Math.floor(nowMs / 1000);
  const { start, step, used, total } = series(row, range, now);
  return {
    range,
    start,
    step,
    used_bytes: used,
    total_bytes: total,
    estimated_full_date: estimatedFullDate(series(row, 'month', now)) ?? null,
  };
}
