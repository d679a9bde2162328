/**
 * The mock's backup health (issue 45, feature `backup-health`, GET /datastores/{name}/health): the
 * schedule of its usage history told as Proxmox Backup Server's snapshots, jobs and tasks would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { datastoresOf, db, findAccountByEmail } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import type { BackupHealthAnswer as Health } from '../../src/mocks/v1-1/backup-health';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { loginAs } from '../support/mock-api';

const hour = 3_600;
const day = 24 * hour;
/** Wednesday, 25 November 2026, 12:00 UTC. */
const wednesdayNoon = Date.UTC(2026, 10, 25, 12) / 1000;
const at = (month: number, date: number, hours: number, minutes = 0) =>
  Date.UTC(2026, month - 1, date, hours, minutes) / 1000;

function health(name: string) {
  return fetch(`${v11Base(apiUrl(''))}/datastores/${name}/health`, { headers: { 'X-Portal-Request': '1' } });
}

async function healthOf(name: string): Promise<Health> {
  const response = await health(name);
  expect(response.status).toBe(200);
  return (await response.json()) as Health;
}

/** A logged-in customer with one datastore made `ago` seconds before now; its name. */
async function datastoreMade(ago: number, unencrypted = false): Promise<string> {
  const customer = createCustomer({ datastores: [aDatastore('web', { unencrypted_files: unencrypted })] });
  const [row] = datastoresOf(findAccountByEmail(customer.email)?.id ?? '');
  db.datastore.update({ where: { id: { equals: row?.id ?? '' } }, data: { created: Date.now() - ago * 1000 } });
  await loginAs(customer.email, customer.password);
  return row?.datastore ?? '';
}

function clockAt(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(seconds * 1000);
}

beforeEach(() => mock.setApiVersion('v1.1'));
afterEach(() => vi.useRealTimers());

describe('the backup health of a datastore', () => {
  it('tells last night’s backup, Saturday’s verification and Sunday’s collection, and the week’s tasks newest first', async () => {
    clockAt(wednesdayNoon);
    const name = await datastoreMade(400 * day);
    const answer = await healthOf(name);
    expect(answer.last_backup).toBe(at(11, 25, 1));
    expect(answer.verification).toEqual({ state: 'ok', last: at(11, 21, 5) });
    expect(answer.garbage_collection.state).toBe('ok');
    expect(answer.garbage_collection.last).toBe(at(11, 22, 3));
    expect(answer.garbage_collection.removed_bytes).toBeGreaterThan(0);
    // Kept as keep-daily 14 and keep-weekly 8 keep them.
    expect(answer.snapshots).toEqual({ count: 22, unencrypted: 0 });
    expect(answer.tasks.map(({ kind, started }) => [kind, started])).toEqual([
      ['backup', at(11, 25, 1)],
      ['backup', at(11, 24, 1)],
      ['backup', at(11, 23, 1)],
      ['garbage-collection', at(11, 22, 3)],
      ['backup', at(11, 22, 1)],
      ['verification', at(11, 21, 5)],
      ['backup', at(11, 21, 1)],
      ['backup', at(11, 20, 1)],
      ['backup', at(11, 19, 1)],
    ]);
    expect(answer.tasks.every(({ state, ended, started }) => state === 'ok' && ended !== null && ended > started)).toBe(
      true,
    );
    expect(answer.tasks[0]?.id).toMatch(/^UPID:pbs1:[0-9A-F]{8}:backup:/);
  });

  it('shows a backup under way as running, and the one before it as the last', async () => {
    clockAt(at(11, 25, 1, 3));
    const name = await datastoreMade(400 * day);
    const answer = await healthOf(name);
    expect(answer.tasks[0]).toMatchObject({ kind: 'backup', state: 'running', started: at(11, 25, 1), ended: null });
    expect(answer.last_backup).toBe(at(11, 24, 1));
  });

  it('knows of nothing before the datastore was made', async () => {
    clockAt(wednesdayNoon);
    const name = await datastoreMade(day);
    const answer = await healthOf(name);
    expect(answer.last_backup).toBe(at(11, 25, 1));
    expect(answer.snapshots.count).toBe(1);
    expect(answer.verification).toEqual({ state: 'none', last: null });
    expect(answer.garbage_collection).toEqual({ state: 'none', last: null, removed_bytes: null });
    expect(answer.tasks).toHaveLength(1);
  });

  it('counts every snapshot as unencrypted when the datastore has unencrypted files', async () => {
    clockAt(wednesdayNoon);
    const name = await datastoreMade(400 * day, true);
    expect((await healthOf(name)).snapshots).toEqual({ count: 22, unencrypted: 22 });
  });
});

describe('the backup health refuses', () => {
  it('a datastore it does not know', async () => {
    await datastoreMade(400 * day);
    const response = await health('nothing');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { type: string }).type).toBe('/problems/datastore-unknown');
  });

  it('a visitor without a session', async () => {
    const name = await datastoreMade(400 * day);
    await fetch(`${v11Base(apiUrl(''))}/logout`, { method: 'POST', headers: { 'X-Portal-Request': '1' } });
    expect((await health(name)).status).toBe(401);
  });

  it('everything while the mock speaks v1 only', async () => {
    const name = await datastoreMade(400 * day);
    mock.setApiVersion('v1');
    expect((await health(name)).status).toBe(404);
  });
});
