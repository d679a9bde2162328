/**
 * A datastore's usage history as the mock tells it (issue 45, `GET /datastores/{name}/usage`):
 * believable, and the same on every read, made from the datastore's own row and the clock.
 *
 * - The schedule of ./backup-schedule.ts: each night's backup adds a share of today's space,
 *   each Sunday's garbage collection gives back two fifths of the week's growth; between those
 *   moments the space holds still; a fill of the operator's is a jump at its moment. Counted back
 *   from the space used now, so the series ends at the row's `usedBytes`; nothing before the
 *   datastore was created (null), nothing below zero.
 * - The total is the fixed volume in bytes, null for the dynamic rate (it has no limit).
 * - The steps are those of Proxmox Backup Server's round-robin databases, one series per range,
 *   its last step the one that holds now.
 */
import { estimatedFullDate } from '../../domain/usage-forecast';
import type { UsageRange } from '../../domain/usage-ranges';
import {
  collectedBytes,
  day,
  filledAfter,
  hour,
  nightlyBytes,
  runsBetween,
  type RunKind,
  type Schedule,
} from './backup-schedule';

const week = 7 * day;

/** Seconds between two steps and the number of steps of each range. */
const rangeSteps: Record<UsageRange, { step: number; count: number }> = {
  day: { step: hour / 2, count: 48 },
  week: { step: 2 * hour, count: 84 },
  month: { step: 12 * hour, count: 60 },
  year: { step: week, count: 52 },
};

const bytesPerTb = 1e12;

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

/** The bytes the datastore used at `time`, counted back from what it uses at `now`. */
function usedAt(schedule: Schedule, time: number, now: number): number | null {
  const { row } = schedule;
  const created = Math.floor(row.created / 1000);
  if (time < created) return null;
  const runs = runsBetween(schedule, time, now);
  const count = (kind: RunKind) => runs.filter((run) => run.kind === kind).length;
  const used =
    row.usedBytes -
    count('backup') * nightlyBytes(schedule) +
    count('garbage-collection') * collectedBytes(schedule) -
    filledAfter(schedule, time);
  return Math.max(0, Math.round(used));
}

/** The series of the datastore over `range` at `now` (epoch seconds). */
function series(schedule: Schedule, range: UsageRange, now: number) {
  const { row } = schedule;
  const { step, count } = rangeSteps[range];
  const start = (Math.floor(now / step) - (count - 1)) * step;
  const total = row.volume > 0 ? row.volume * bytesPerTb : null;
  // Each step holds what was used at its end (now, for the step that holds now).
  const used = Array.from({ length: count }, (_, index) =>
    usedAt(schedule, Math.min(start + (index + 1) * step, now), now),
  );
  return { start, step, used, total: used.map((value) => (value === null ? null : total)) };
}

/** The usage history of a datastore over `range` at `nowMs`. */
export function usageHistory(schedule: Schedule, range: UsageRange, nowMs: number): UsageHistoryAnswer {
  const now = Math.floor(nowMs / 1000);
  const { start, step, used, total } = series(schedule, range, now);
  return {
    range,
    start,
    step,
    used_bytes: used,
    total_bytes: total,
    estimated_full_date: estimatedFullDate(series(schedule, 'month', now)) ?? null,
  };
}
