import { describe, expect, it } from 'vitest';
import { attentionReasons } from '../../src/domain/backup-attention';
import type { BackupHealth } from '../../src/domain/entities';

const now = 1_795_000_000;
const day = 86_400;

function health(overrides: Partial<BackupHealth> = {}): BackupHealth {
  return {
    last_backup: now - 3_600,
    snapshots: { count: 3, unencrypted: 0 },
    verification: { state: 'ok', last: now - 2 * day },
    garbage_collection: { state: 'ok', last: now - 3 * day, removed_bytes: 0 },
    tasks: [],
    ...overrides,
  };
}

describe('what needs the customer’s attention', () => {
  it('is nothing for a datastore backed up within the day, verified and collected', () => {
    expect(attentionReasons(health(), false, now)).toEqual([]);
  });

  it('is a last backup begun more than a day and six hours ago, not one exactly that old', () => {
    const late = day + 6 * 3_600;
    expect(attentionReasons(health({ last_backup: now - late }), false, now)).toEqual([]);
    expect(attentionReasons(health({ last_backup: now - late - 1 }), false, now)).toEqual(['no-recent-backup']);
  });

  it('is not a nightly backup while the next night’s runs: its time is when it began', () => {
    // Begun yesterday at 01:00 and finished at 01:20; tonight's began at 01:00 and runs on at 01:10.
    expect(attentionReasons(health({ last_backup: now - day - 600 }), false, now)).toEqual([]);
  });

  it('is not a datastore that never had a backup: it may be new', () => {
    expect(attentionReasons(health({ last_backup: null }), false, now)).toEqual([]);
  });

  it('is a failed verification and a failed garbage collection, and the space, in this order', () => {
    const failed = health({
      last_backup: now - 2 * day,
      verification: { state: 'failed', last: now },
      garbage_collection: { state: 'failed', last: now, removed_bytes: null },
    });
    expect(attentionReasons(failed, true, now)).toEqual([
      'no-recent-backup',
      'verification-failed',
      'collection-failed',
      'space',
    ]);
  });

  it('is only the space where the server tells no health', () => {
    expect(attentionReasons(null, true, now)).toEqual(['space']);
    expect(attentionReasons(null, false, now)).toEqual([]);
  });

  it('is not a state the portal does not know', () => {
    expect(attentionReasons(health({ verification: { state: 'queued', last: null } }), false, now)).toEqual([]);
  });
});
