/**
 * The operator's changes to a datastore's schedule (issue 45): what a real server's history would
 * show after a busy night, a broken disk or a stopped backup client, kept as rows of the mock's
 * database (`scheduleChange`) that the usage history and the backup health read
 * (./backup-schedule.ts). Each is made at the moment of the control.
 */
import { db, type DatastoreRow, type ScheduleChangeRow } from '../db';
import { day, type Schedule } from './backup-schedule';

/** The datastore of this name on the server (`k10001_archive`), of any account. */
function datastoreNamed(name: string): DatastoreRow {
  const row = db.datastore.findFirst({ where: { datastore: { equals: name } } });
  if (!row) throw new TypeError(`No datastore is named "${name}".`);
  return row;
}

/** A datastore's row with the operator's changes to its schedule. */
export function scheduleOf(row: DatastoreRow): Schedule {
  return { row, changes: db.scheduleChange.findMany({ where: { datastoreId: { equals: row.id } } }) };
}

/** The schedules of many datastores at once (a reseller's thousands): the changes read once. */
export function schedulesOf(rows: readonly DatastoreRow[]): Schedule[] {
  const changes = new Map<string, ScheduleChangeRow[]>();
  for (const change of db.scheduleChange.getAll()) {
    changes.set(change.datastoreId, [...(changes.get(change.datastoreId) ?? []), change]);
  }
  return rows.map((row) => ({ row, changes: changes.get(row.id) ?? [] }));
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Fills a fixed-volume datastore to `percent` of its volume at once (a jump in its history, as a
 * large first backup makes); returns the bytes it uses. Throws for the dynamic rate, which has no
 * volume, and for a percentage outside 0 to 100.
 */
export function fillDatastore(name: string, percent: number): number {
  const row = datastoreNamed(name);
  if (row.volume <= 0) throw new TypeError(`${name} is on the dynamic rate: it has no volume to fill.`);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new TypeError('The share to fill must be from 0 to 100 percent.');
  }
  const usedBytes = Math.round(row.volume * 1e12 * (percent / 100));
  db.scheduleChange.create({ datastoreId: row.id, kind: 'fill', at: nowSeconds(), amount: usedBytes - row.usedBytes });
  db.datastore.update({ where: { id: { equals: row.id } }, data: { usedBytes } });
  return usedBytes;
}

/** A verification of the datastore runs now and fails. */
export function failVerification(name: string): void {
  const row = datastoreNamed(name);
  db.scheduleChange.create({ datastoreId: row.id, kind: 'failed-verification', at: nowSeconds(), amount: 0 });
}

/** The datastore had no backup in the last `nights` nights (1 to 30). */
export function skipBackups(name: string, nights: number): void {
  const row = datastoreNamed(name);
  if (!Number.isInteger(nights) || nights < 1 || nights > 30) {
    throw new TypeError('The nights to skip must be a whole number from 1 to 30.');
  }
  const now = nowSeconds();
  db.scheduleChange.create({ datastoreId: row.id, kind: 'skipped-backups', at: now - nights * day, amount: now });
}
