/**
 * Keeps the browser mock across page loads: the whole database, the faults, the latency and the
 * API it speaks as
 * JSON under one localStorage key (so a test's `setLatency(0)` survives its `page.goto`). A
 * snapshot from another schema version, or one that does not load, is dropped and the seed
 * is used instead.
 */
import { drop } from '@mswjs/data';
import { apiVersion, defaultApiVersion, isMockApiVersion, setApiVersion, type MockApiVersion } from './api-version';
import { isMockCall } from './calls';
import { db, modelNames, type ModelName } from './db';
import {
  addFault,
  clearFaults,
  getLatency,
  isFaultKind,
  listFaults,
  setLatency,
  type Fault,
  type Latency,
} from './faults';
import { seed } from './seed';

export const STORAGE_KEY = 'portal-mock-db';
/** Raise when the models in db.ts change, so that old snapshots are not loaded. */
const SNAPSHOT_VERSION = 3;

interface Snapshot {
  version: number;
  models: Partial<Record<ModelName, unknown[]>>;
  faults?: readonly Fault[];
  latency?: Latency;
  apiVersion?: MockApiVersion;
}

function takeSnapshot(): Snapshot {
  const models: Partial<Record<ModelName, unknown[]>> = {};
  for (const name of modelNames) {
    // JSON drops the entities' internal symbol properties, leaving plain rows.
    const rows: unknown[] = JSON.parse(JSON.stringify(db[name].getAll()));
    models[name] = rows;
  }
  return { version: SNAPSHOT_VERSION, models, faults: listFaults(), latency: getLatency(), apiVersion: apiVersion() };
}

/** A property of a value read from storage, if the value is an object that has it. */
function property(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return new Map<string, unknown>(Object.entries(value)).get(key);
}

function loadSettings(faults: unknown, latency: unknown, version: unknown): void {
  clearFaults();
  // A snapshot from before the switch existed speaks what every mock starts with.
  setApiVersion(isMockApiVersion(version) ? version : defaultApiVersion);
  if (Array.isArray(faults)) {
    for (const fault of faults) {
      const [call, kind, remaining, ms] = ['call', 'kind', 'remaining', 'ms'].map((key) => property(fault, key));
      if (typeof call !== 'string' || !isMockCall(call)) continue;
      if (typeof kind !== 'string' || !isFaultKind(kind)) continue;
      addFault(call, kind, {
        ...(typeof remaining === 'number' ? { times: remaining } : {}),
        ...(kind === 'slow' && typeof ms === 'number' ? { ms } : {}),
      });
    }
  }
  if (typeof latency === 'number') setLatency(latency);
  else if (typeof latency === 'object' && latency !== null) {
    const [min, max] = [property(latency, 'min'), property(latency, 'max')];
    if (typeof min === 'number' && typeof max === 'number') setLatency({ min, max });
  }
}

/** The generic face of a model's `create`, which TypeScript cannot express per name in a loop. */
type RowCreator = { create(values: object): unknown };

function loadSnapshot(snapshot: unknown): boolean {
  if (typeof snapshot !== 'object' || snapshot === null) return false;
  const [version, models, faults, latency, api] = ['version', 'models', 'faults', 'latency', 'apiVersion'].map((key) =>
    property(snapshot, key),
  );
  if (version !== SNAPSHOT_VERSION || typeof models !== 'object' || models === null) return false;
  drop(db);
  try {
    for (const name of modelNames) {
      const rows = property(models, name) ?? [];
      if (!Array.isArray(rows)) throw new TypeError(`${name} is not a list`);
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- each model's create takes its own rows; checked by the model at run time.
      const model = db[name] as unknown as RowCreator;
      for (const row of rows) {
        if (typeof row !== 'object' || row === null) throw new TypeError(`${name} has a row that is not an object`);
        model.create(row);
      }
    }
    loadSettings(faults, latency, api);
    return true;
  } catch {
    drop(db);
    return false;
  }
}

export function saveDatabase(storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(takeSnapshot()));
  } catch {
    // A full or blocked storage only costs persistence; the mock goes on in memory.
  }
}

/** Restores the saved database, or seeds an empty one. True when a snapshot was restored. */
export function restoreDatabase(storage: Storage = localStorage): boolean {
  let restored = false;
  try {
    const saved = storage.getItem(STORAGE_KEY);
    restored = saved !== null && loadSnapshot(JSON.parse(saved));
  } catch {
    restored = false;
  }
  if (!restored) {
    drop(db);
    seed();
  }
  return restored;
}
