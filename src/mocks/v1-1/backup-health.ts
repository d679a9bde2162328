/**
 * A datastore's backup health as the mock tells it (issue 45, `GET /datastores/{name}/health`),
 * from the schedule its usage history tells too (./backup-schedule.ts), the same on every read:
 *
 * - every backup, verification and garbage collection passes, but for a verification the operator
 *   failed; nights the operator skipped have no backup;
 * - snapshots kept as a prune of `keep-daily 14, keep-weekly 8` would keep them; all of them
 *   unencrypted when the datastore has unencrypted files;
 * - the tasks of the last seven days, newest first; a task under way at the moment is `running`.
 *
 * Nothing happened before the datastore was created.
 */
import type { DatastoreRow } from '../db';
import { collectedBytes, day, runsBetween, type Run, type RunKind, type Schedule } from './backup-schedule';

const keptDaily = 14;
const keptWeekly = 8;

type RunState = 'ok' | 'failed' | 'none';

interface Task {
  id: string;
  kind: RunKind;
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
function lastOf(runs: readonly Run[], kind: RunKind, now: number): { state: RunState; last: number | null } {
  const last = runs.filter((run) => run.kind === kind && run.ended <= now).at(-1);
  if (!last) return { state: 'none', last: null };
  return { state: last.failed ? 'failed' : 'ok', last: last.started };
}

function taskState(run: Run, now: number): Task['state'] {
  if (run.ended > now) return 'running';
  return run.failed ? 'failed' : 'ok';
}

/** The backup health of a datastore at `nowMs`. */
export function backupHealth(schedule: Schedule, nowMs: number): BackupHealthAnswer {
  const { row } = schedule;
  const now = Math.floor(nowMs / 1000);
  const created = Math.floor(row.created / 1000);
  const runs = runsBetween(schedule, created, now);
  const backups = runs.filter((run) => run.kind === 'backup' && run.ended <= now);
  const count = keptSnapshots(backups.length);
  const collection = lastOf(runs, 'garbage-collection', now);
  return {
    last_backup: backups.at(-1)?.started ?? null,
    snapshots: { count, unencrypted: row.unencrypted_files ? count : 0 },
    verification: lastOf(runs, 'verification', now),
    garbage_collection: {
      ...collection,
      removed_bytes: collection.last === null ? null : Math.round(collectedBytes(schedule)),
    },
    tasks: runs
      .filter((run) => run.started > now - 7 * day)
      .reverse()
      .map((run) => ({
        id: upid(row, run),
        kind: run.kind,
        state: taskState(run, now),
        started: run.started,
        ended: run.ended <= now ? run.ended : null,
      })),
  };
}

export interface BackupHealthBriefAnswer {
  name: string;
  last_backup: number | null;
  verification: { state: RunState; last: number | null };
  garbage_collection: { state: RunState; last: number | null };
}

/** Far enough back for the last backup after the longest skip (30 nights) and a week's jobs. */
const briefDays = 40;

/** The runs of the last `briefDays` up to `now` (epoch seconds). */
function recentRuns(schedule: Schedule, now: number): Run[] {
  return runsBetween(schedule, Math.max(Math.floor(schedule.row.created / 1000), now - briefDays * day), now);
}

/** A datastore's backup health in brief (`GET /backup-health`), at `nowMs`: its last runs only. */
export function backupHealthBrief(schedule: Schedule, nowMs: number): BackupHealthBriefAnswer {
  return backupFacts(schedule, nowMs).brief;
}

/**
 * The brief health at `nowMs`, and when the newest backup began that is under way or done (epoch
 * seconds, null when none did): what the alerts' hours without a backup count from (decision 064).
 * A backup under way counts, so that a nightly one does not raise "no backup for 24 hours" each
 * night while it runs.
 */
export function backupFacts(
  schedule: Schedule,
  nowMs: number,
): { brief: BackupHealthBriefAnswer; lastBegun: number | null } {
  const now = Math.floor(nowMs / 1000);
  const runs = recentRuns(schedule, now);
  return {
    brief: {
      name: schedule.row.datastore,
      last_backup: lastOf(runs, 'backup', now).last,
      verification: lastOf(runs, 'verification', now),
      garbage_collection: lastOf(runs, 'garbage-collection', now),
    },
    lastBegun: runs.filter((run) => run.kind === 'backup' && run.started <= now).at(-1)?.started ?? null,
  };
}
