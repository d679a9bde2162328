/**
 * v1.1's long operations (docs/api-v1.1.md, "Operations and events"): today only a purchase,
 * which Proxmox Backup Server sets up in a worker task. The mock's task takes `provisioningMs`:
 * `pending`, `running` from `runningAfterMs`, then `succeeded` with the datastore made and its
 * mail sent. The state follows the clock and is settled whenever the account's operations or
 * datastores are read, so no timer runs and a test's fake clock drives it. Operations are kept
 * 24 hours after they end, in memory, readable only by their account. Each change of state is
 * an `operation.updated` event of the account (./events.ts), for `GET /events`.
 */
import { config } from '../../config';
import type { Language } from '../../domain/constants';
import { v11Base } from '../api-version';
import type { AccountRow } from '../db';
import { db } from '../db';
import { completePurchase } from '../purchases';
import { randomToken } from '../random';
import { operationDone } from './alerts';
import { recordEvent } from './events';

/** How long the mock's create-datastore task takes. */
export const provisioningMs = 1_500;
/** When a purchase's operation starts running. */
const runningAfterMs = 200;
/** Operations are kept this long after they end. */
const keptMs = 86_400_000;

type OperationState = 'pending' | 'running' | 'succeeded' | 'failed';

interface PurchaseOperation {
  id: string;
  accountId: string;
  identifier: string;
  volume: number;
  /** The mail of the datastore goes out in the purchase's language. */
  language: Language;
  createdAt: number;
  updatedAt: number;
  state: OperationState;
  /** The datastore's name on the server, once made. */
  datastore: string | null;
}

const operations = new Map<string, PurchaseOperation>();

/** Forgets every operation (the mock's reset). */
export function forgetOperations(): void {
  operations.clear();
}

/** Accepts a checked purchase: its operation starts `pending`. */
export function startPurchase(
  account: AccountRow,
  identifier: string,
  volume: number,
  language: Language,
): PurchaseOperation {
  const now = Date.now();
  const operation: PurchaseOperation = {
    id: `op_${randomToken(12)}`,
    accountId: account.id,
    identifier,
    volume,
    language,
    createdAt: now,
    updatedAt: now,
    state: 'pending',
    datastore: null,
  };
  changed(operation);
  return operation;
}

/** Keeps an operation's new state and tells the account (`operation.updated`). */
function changed(operation: PurchaseOperation): void {
  operations.set(operation.id, operation);
  recordEvent(operation.accountId, 'operation.updated', operationJson(operation), operation.updatedAt);
}

/** The identifiers that purchases still running have reserved. */
export function reservedIdentifiers(accountId: string): string[] {
  return [...operations.values()]
    .filter((operation) => operation.accountId === accountId && !isOver(operation.state))
    .map((operation) => operation.identifier);
}

function isOver(state: OperationState): boolean {
  return state === 'succeeded' || state === 'failed';
}

/** Moves the account's operations on to where the clock says they are; drops those long over. */
export function settleOperations(accountId: string, now = Date.now()): void {
  for (const [id, operation] of operations) {
    if (isOver(operation.state) && now - operation.updatedAt > keptMs) operations.delete(id);
    if (operation.accountId !== accountId || isOver(operation.state)) continue;
    const elapsed = now - operation.createdAt;
    let current = operation;
    if (elapsed >= runningAfterMs && current.state === 'pending') {
      current = { ...current, state: 'running', updatedAt: current.createdAt + runningAfterMs };
      changed(current);
    }
    if (elapsed >= provisioningMs) {
      const account = db.account.findFirst({ where: { id: { equals: accountId } } });
      if (!account) continue;
      const made = completePurchase(account, current.identifier, current.volume, current.language);
      const done: PurchaseOperation = {
        ...current,
        state: 'succeeded',
        updatedAt: current.createdAt + provisioningMs,
        datastore: made.datastore,
      };
      changed(done);
      operationDone(accountId, made.datastore, operationJson(done), done.updatedAt);
    }
  }
}

/** The account's operation of this id, settled; null for another account's or an unknown one. */
export function operationOf(accountId: string, id: string): PurchaseOperation | null {
  settleOperations(accountId);
  const operation = operations.get(id);
  return operation?.accountId === accountId ? operation : null;
}

/** Where an operation is read. */
export function operationPath(operation: PurchaseOperation): string {
  return `${v11Base(config.apiBaseUrl)}/operations/${operation.id}`;
}

/** The operation as v1.1 answers it (the `Operation` schema). */
export function operationJson(operation: PurchaseOperation) {
  return {
    id: operation.id,
    kind: 'datastore.purchase',
    state: operation.state,
    created_at: new Date(operation.createdAt).toISOString(),
    updated_at: new Date(operation.updatedAt).toISOString(),
    ...(operation.datastore === null
      ? {}
      : { result: `${v11Base(config.apiBaseUrl)}/datastores/${operation.datastore}` }),
  };
}
