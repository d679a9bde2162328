/**
 * What about a datastore needs the customer's attention (issue 45): no backup for more than a day,
 * a failed verification or garbage collection, or its space above the warning threshold.
 */
import type { BackupHealth } from './entities';

export type AttentionReason = 'no-recent-backup' | 'verification-failed' | 'collection-failed' | 'space';

/**
 * A backup is late when the newest finished one began more than a day and six hours ago (decision
 * 064). Its time is when it began (a snapshot's backup time), and the next one counts only once it
 * has finished: with a day alone, a datastore backed up every night showed "no backup for more
 * than a day" while each night's backup ran. Six hours is the time a nightly backup may take; a
 * night without one shows by the morning after.
 */
const lateBackupSeconds = 86_400 + 6 * 3_600;

/** Whether a datastore whose newest finished backup began at `lastBackup` is late at `nowSeconds`. */
export function isBackupLate(lastBackup: number | null, nowSeconds: number): boolean {
  return lastBackup !== null && nowSeconds - lastBackup > lateBackupSeconds;
}

/**
 * The reasons, in this order, for a datastore whose health is `health` (null where the server
 * tells none) and whose space is `spaceWarning`, at `nowSeconds`. A datastore that never had a
 * backup is not "late": it may be new.
 */
export function attentionReasons(
  health: Pick<BackupHealth, 'last_backup' | 'verification' | 'garbage_collection'> | null,
  spaceWarning: boolean,
  nowSeconds: number,
): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (health) {
    if (isBackupLate(health.last_backup, nowSeconds)) reasons.push('no-recent-backup');
    if (health.verification.state === 'failed') reasons.push('verification-failed');
    if (health.garbage_collection.state === 'failed') reasons.push('collection-failed');
  }
  if (spaceWarning) reasons.push('space');
  return reasons;
}
