/**
 * A datastore's usage history and backup health on v1.1 (issue 45; features `usage-history` and
 * `backup-health`), read by the datastore page only and loaded with it. Read tolerantly: a state
 * or a task kind the portal does not know is kept as a word, never refused.
 */
import { array, integer, min, nullable, number, optional, string, type } from 'superstruct';
import type { BackupHealth, UsageHistory, UsageRange } from '../../domain/entities';
import { describing } from '../structs';
import { requestV11 } from './request';

const bytes = () => nullable(min(integer(), 0));

export const UsageHistoryStruct = describing<UsageHistory>()(
  type({
    range: string(),
    start: number(),
    step: min(number(), 1),
    used_bytes: array(bytes()),
    total_bytes: array(bytes()),
    estimated_full_date: optional(nullable(number())),
  }),
);

const RunOutcomeStruct = type({ state: string(), last: nullable(number()) });

export const BackupHealthStruct = describing<BackupHealth>()(
  type({
    last_backup: nullable(number()),
    snapshots: type({ count: min(integer(), 0), unencrypted: min(integer(), 0) }),
    verification: RunOutcomeStruct,
    garbage_collection: type({ state: string(), last: nullable(number()), removed_bytes: optional(bytes()) }),
    tasks: array(
      type({ id: string(), kind: string(), state: string(), started: number(), ended: nullable(number()) }),
    ),
  }),
);

interface Call {
  signal?: AbortSignal;
}

const datastorePath = (name: string) => `/datastores/${encodeURIComponent(name)}`;

/** `GET /datastores/{name}/usage?range=…`. */
export async function getUsageHistory(name: string, range: UsageRange, { signal }: Call = {}): Promise<UsageHistory> {
  const { value } = await requestV11('GET', `${datastorePath(name)}/usage?range=${range}`, {
    answer: UsageHistoryStruct,
    signal,
  });
  return value;
}

/** `GET /datastores/{name}/health`. */
export async function getBackupHealth(name: string, { signal }: Call = {}): Promise<BackupHealth> {
  const { value } = await requestV11('GET', `${datastorePath(name)}/health`, { answer: BackupHealthStruct, signal });
  return value;
}
