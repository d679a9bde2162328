/**
 * The one schedule the mock's usage history (./usage-history.ts) and backup health
 * (./backup-health.ts) both tell, made from a datastore's row and what the operator changed in it,
 * the same on every read:
 *
 * - a backup every night at 01:00 UTC, taking 6 to 20 minutes, adding a share of the space the
 *   schedule grew to (0.4 to 1.2 %; the identifier chooses both);
 * - a verification of the snapshots every Saturday at 05:00 UTC (30 minutes);
 * - the garbage collection every Sunday at 03:00 UTC (20 minutes), giving back two fifths of the
 *   week's growth;
 * - the operator's changes (issue 45, ../controls.ts): the space filled at a moment (a jump in the
 *   history), a verification that failed at once, nights without a backup.
 */
import type { DatastoreRow, ScheduleChangeRow } from '../db';

const minute = 60;
export const hour = 60 * minute;
export const day = 24 * hour;
const saturday = 6;
const sunday = 0;

export type RunKind = 'backup' | 'verification' | 'garbage-collection';

/** One run of the schedule, in epoch seconds. */
export interface Run {
  kind: RunKind;
  started: number;
  ended: number;
  failed: boolean;
}

/** A datastore's row and the operator's changes to its schedule. */
export interface Schedule {
  row: DatastoreRow;
  changes: readonly ScheduleChangeRow[];
}

/** A number from 0 to 1 that the text always gives (FNV-1a). */
function fractionOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0xffffffff;
}

/** The operator's changes of one kind, oldest first. */
function changesOf(schedule: Schedule, kind: 'fill' | 'failed-verification' | 'skipped-backups') {
  return schedule.changes.filter((change) => change.kind === kind).sort((a, b) => a.at - b.at);
}

/** The bytes the operator's fills added after `time` (all of them when not told). */
export function filledAfter(schedule: Schedule, time = -Infinity): number {
  return changesOf(schedule, 'fill')
    .filter((change) => change.at > time)
    .reduce((sum, change) => sum + change.amount, 0);
}

/** What one night's backup adds: a share of the space the schedule grew to, which the identifier chooses. */
export function nightlyBytes(schedule: Schedule): number {
  const grown = Math.max(0, schedule.row.usedBytes - filledAfter(schedule));
  return grown * (0.004 + 0.008 * fractionOf(schedule.row.identifier));
}

/** What a garbage collection gives back: two fifths of the week's growth. */
export function collectedBytes(schedule: Schedule): number {
  return 0.4 * 7 * nightlyBytes(schedule);
}

/** Whether the operator skipped the backups at `time`. */
function skipped(schedule: Schedule, time: number): boolean {
  return changesOf(schedule, 'skipped-backups').some((change) => time > change.at && time <= change.amount);
}

/** Every run of the schedule that started after `from` and by `until`, oldest first. */
export function runsBetween(schedule: Schedule, from: number, until: number): Run[] {
  const { row } = schedule;
  const backupMinutes = 6 + Math.round(14 * fractionOf(`${row.identifier} backup`));
  const runs: Run[] = [];
  for (let midnight = Math.floor(from / day) * day; midnight <= until; midnight += day) {
    const weekday = new Date(midnight * 1000).getUTCDay();
    const backup = midnight + 1 * hour;
    const planned: Run[] = [];
    if (!skipped(schedule, backup)) {
      planned.push({ kind: 'backup', started: backup, ended: backup + backupMinutes * minute, failed: false });
    }
    if (weekday === sunday) {
      const started = midnight + 3 * hour;
      planned.push({ kind: 'garbage-collection', started, ended: started + 20 * minute, failed: false });
    }
    if (weekday === saturday) {
      const started = midnight + 5 * hour;
      planned.push({ kind: 'verification', started, ended: started + 30 * minute, failed: false });
    }
    runs.push(...planned);
  }
  // A verification the operator failed ran for a minute and ended at the moment of the control.
  for (const change of changesOf(schedule, 'failed-verification')) {
    runs.push({ kind: 'verification', started: change.at - minute, ended: change.at, failed: true });
  }
  return runs.filter((run) => run.started > from && run.started <= until).sort((a, b) => a.started - b.started);
}
