/**
 * A datastore's backup health as the mock tells it (issue 45, `GET /datastores/{name}/health`),
 * from the same schedule as its usage history (./usage-history.ts), the same on every read:
 *
 * - a backup every night at 01:00 UTC, taking 6 to 20 minutes (the identifier chooses);
 * - a verification of the snapshots every Saturday at 05:00 UTC (30 minutes), which passes;
 * - the garbage collection every Sunday at 03:00 UTC (20 minutes), giving back two fifths of the
 *   week's growth;
 * - snapshots kept as a prune of `keep-daily 14, keep-weekly 8` would keep them; all of them
 *   unencrypted when the datastore has unencrypted files;
 * - the tasks of the last seven days, newest first; a task under way at the moment is `running`.
 *
 * Nothing happened before the datastore was created.
 */
import type { DatastoreRow } from '../db';
import { backupHour, collectedShare, collectionHour, fractionOf, nightlyBytes, sunday } from './usage-history';

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;
const saturday = 6;
const verificationHour = 5;
const keptDaily = 14;
const keptWeekly = 8;

type TaskKind = 'backup' | 'verification' | 'garbage-collection';
type RunState = 'ok' | 'failed' | 'none';

interface Task {
  id: string;
  kind: TaskKind;
  state: 'running' | 'ok' | 'failed';
  started: number;
  ended: number | null;
}

export interface BackupHealthAnswer {
  last_backup: number | null;
  snapshots: { count: number; unencrypted: number };
  verification: { state: RunState; last: number | null };
  garbage_collection: { state: RunState; last: number | null; removed_bytes: number | null };
  tasks: Task[];
}

interface Run {
  kind: TaskKind;
  started: number;
  ended: number;
}

/** Every run of `row`'s schedule that started after `from` and by `until`, oldest first. */
function runsBetween(row: DatastoreRow, from: number, until: number): Run[] {
  const backupMinutes = 6 + Math.round(14 * fractionOf(`${row.identifier} backup`));
  const runs: Run[] = [];
  for (let midnight = Math.floor(from / day) * day; midnight <= until; midnight += day) {
    const weekday = new Date(midnight * 1000).getUTCDay();
    const planned: Run[] = [
      {
        kind: 'backup',
        started: midnight + backupHour * hour,
        ended: midnight + backupHour * hour + backupMinutes * minute,
      },
    ];
    if (weekday === sunday) {
      const started = midnight + collectionHour * hour;
      planned.push({ kind: 'garbage-collection', started, ended: started + 20 * minute });
    }
    if (weekday === saturday) {
      const started = midnight + verificationHour * hour;
      planned.push({ kind: 'verification', started, ended: started + 30 * minute });
    }
    runs.push(...planned.filter((run) => run.started > from && run.started <= until));
  }
  return runs;
}

/** A task identifier in the shape of Proxmox Backup Server's UPIDs (node, start, kind, datastore). */
function upid(row: DatastoreRow, run: Run): string {
  const kind = { backup: 'backup', verification: 'verificationjob', 'garbage-collection': 'garbage_collection' }[
    run.kind
  ];
  return `UPID:pbs1:${run.started.toString(16).toUpperCase().padStart(8, '0')}:${kind}:${row.datastore}:root@pam:`;
}

/** How many snapshots a prune of keep-daily 14 and keep-weekly 8 keeps of `backups` nightly ones. */
function keptSnapshots(backups: number): number {
  return Math.min(backups, keptDaily) + Math.min(Math.floor(Math.max(0, backups - keptDaily) / 7), keptWeekly);
}

/** The latest finished run of a kind: its state and its start. */
function lastOf(runs: readonly Run[], kind: TaskKind, now: number): { state: RunState; last: number | null } {
  const last = runs.filter((run) => run.kind === kind && run.ended <= now).at(-1);
  return last ? { state: 'ok', last: last.started } : { state: 'none', last: null };
}

/** The backup health of `row` at `nowMs`. */
export function backupHealth(row: DatastoreRow, nowMs: number): BackupHealthAnswer {
  const now = Math.floor(nowMs / 1000);
  const created = Math.floor(row.created / 1000);
  const runs = runsBetween(row, created, now);
  const backups = runs.filter((run) => run.kind === 'backup' && run.ended <= now);
  const count = keptSnapshots(backups.length);
  const collection = lastOf(runs, 'garbage-collection', now);
  return {
    last_backup: backups.at(-1)?.started ?? null,
    snapshots: { count, unencrypted: row.unencrypted_files ? count : 0 },
    verification: lastOf(runs, 'verification', now),
    garbage_collection: {
      ...collection,
      removed_bytes: collection.last === null ? null : Math.round(collectedShare * 7 * nightlyBytes(row)),
    },
    tasks: runs
      .filter((run) => run.started > now - 7 * day)
      .reverse()
      .map((run) => ({
        id: upid(row, run),
        kind: run.kind,
        state: run.ended <= now ? 'ok' : 'running',
        started: run.started,
        ended: run.ended <= now ? run.ended : null,
      })),
  };
}
