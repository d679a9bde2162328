/**
 * The one schedule the mock's usage history (./usage-history.ts) and backup health
 * (./backup-health.ts) both tell, made from a datastore's row, the same on every read:
 *
 * - a backup every night at 01:00 UTC, taking 6 to 20 minutes, adding a share of today's space
 *   (0.4 to 1.2 %; the identifier chooses both);
 * - a verification of the snapshots every Saturday at 05:00 UTC (30 minutes);
 * - the garbage collection every Sunday at 03:00 UTC (20 minutes), giving back two fifths of the
 *   week's growth.
 */
import type { DatastoreRow } from '../db';

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

/** What one night's backup adds: a share of today's space that the identifier chooses. */
export function nightlyBytes(row: DatastoreRow): number {
  return row.usedBytes * (0.004 + 0.008 * fractionOf(row.identifier));
}

/** What a garbage collection gives back: two fifths of the week's growth. */
export function collectedBytes(row: DatastoreRow): number {
  return 0.4 * 7 * nightlyBytes(row);
}

/** Every run of `row`'s schedule that started after `from` and by `until`, oldest first. */
export function runsBetween(row: DatastoreRow, from: number, until: number): Run[] {
  const backupMinutes = 6 + Math.round(14 * fractionOf(`${row.identifier} backup`));
  const runs: Run[] = [];
  for (let midnight = Math.floor(from / day) * day; midnight <= until; midnight += day) {
    const weekday = new Date(midnight * 1000).getUTCDay();
    const backup = midnight + 1 * hour;
    const planned: Run[] = [{ kind: 'backup', started: backup, ended: backup + backupMinutes * minute }];
    if (weekday === sunday) {
      const started = midnight + 3 * hour;
      planned.push({ kind: 'garbage-collection', started, ended: started + 20 * minute });
    }
    if (weekday === saturday) {
      const started = midnight + 5 * hour;
      planned.push({ kind: 'verification', started, ended: started + 30 * minute });
    }
    runs.push(...planned.filter((run) => run.started > from && run.started <= until));
  }
  return runs;
}
