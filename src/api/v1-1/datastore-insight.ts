/**
 * A datastore's usage history and backup health on v1.1 (issue 45; features `usage-history` and
 * `backup-health`), read by the datastore page only and loaded with it. Read tolerantly: a state
 * or a task kind the portal does not know is kept as a word, never refused.
 */
import { array, nullable, number, optional, refine, string, type } from 'superstruct';
import type { BackupHealth, BackupHealthBrief, Datastore, UsageHistory } from '../../domain/entities';
import { getStatus } from '../datastores';
import type { UsageRange } from '../../domain/usage-ranges';
import { describing } from '../structs';
import { requestV11 } from './request';

// `refine` rather than superstruct's `min` and `integer`: the struct library's chunk, which every
// form's first visit loads, keeps only what the forms use (decision 061).
const count = () => refine(number(), 'count', (value) => Number.isInteger(value) && value >= 0);
const bytes = () => nullable(count());

export const UsageHistoryStruct = describing<UsageHistory>()(
  type({
    range: string(),
    start: number(),
    step: refine(number(), 'step', (value) => value >= 1),
    used_bytes: array(bytes()),
    total_bytes: array(bytes()),
    estimated_full_date: optional(nullable(number())),
  }),
);

const RunOutcomeStruct = type({ state: string(), last: nullable(number()) });

export const BackupHealthStruct = describing<BackupHealth>()(
  type({
    last_backup: nullable(number()),
    snapshots: type({ count: count(), unencrypted: count() }),
    verification: RunOutcomeStruct,
    garbage_collection: type({ state: string(), last: nullable(number()), removed_bytes: optional(bytes()) }),
    tasks: array(
      type({ id: string(), kind: string(), state: string(), started: number(), ended: optional(nullable(number())) }),
    ),
  }),
);

export const BackupHealthBriefStruct = describing<BackupHealthBrief>()(
  type({
    name: string(),
    last_backup: nullable(number()),
    verification: RunOutcomeStruct,
    garbage_collection: RunOutcomeStruct,
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

/** `GET /backup-health`: every running datastore's health in brief, by its name. */
export async function getBackupHealthOfAll({ signal }: Call = {}): Promise<Map<string, BackupHealthBrief>> {
  const { value } = await requestV11('GET', '/backup-health', { answer: array(BackupHealthBriefStruct), signal });
  return new Map(value.map((brief) => [brief.name, brief]));
}

/** The datastore as the list names it, and its health where the server tells it (issue 45). */
export interface DatastoreOverview {
  datastore: Datastore;
  health: BackupHealth | null;
}

const readOf = <T>(value: T) => ({ ok: true as const, value });
const failureOf = (error: unknown) => ({ ok: false as const, error });

/**
 * The datastore page's first read: the list (`GET /status`, on every server) and, where asked,
 * the health, at once. Null when the list holds no datastore of that name, whatever the health's
 * answer (a 404 for a name the account does not have); the health's failure otherwise.
 */
export async function loadDatastoreOverview(
  name: string,
  withHealth: boolean,
  { signal }: Call = {},
): Promise<DatastoreOverview | null> {
  const [list, health] = await Promise.all([
    getStatus({ signal }),
    withHealth ? getBackupHealth(name, { signal }).then(readOf, failureOf) : null,
  ]);
  const datastore = list.find((entry) => entry.datastore === name);
  if (!datastore) return null;
  if (health && !health.ok) throw health.error;
  return { datastore, health: health?.value ?? null };
}
