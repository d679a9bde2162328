/**
 * What about a datastore needs the customer's attention (issue 45): its last backup older than a
 * day, a failed verification or garbage collection, or its space above the warning threshold.
 */
import type { BackupHealth } from './entities';

export type AttentionReason = 'no-recent-backup' | 'verification-failed' | 'collection-failed' | 'space';

const daySeconds = 86_400;

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
    if (health.last_backup !== null && nowSeconds - health.last_backup > daySeconds) reasons.push('no-recent-backup');
    if (health.verification.state === 'failed') reasons.push('verification-failed');
    if (health.garbage_collection.state === 'failed') reasons.push('collection-failed');
  }
  if (spaceWarning) reasons.push('space');
  return reasons;
}
