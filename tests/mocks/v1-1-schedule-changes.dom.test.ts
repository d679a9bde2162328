/**
 * The operator's changes to a datastore's schedule (issue 45): a fill to 85 %, a verification
 * failed at once, two nights without a backup, each told by the usage history, the backup health
 * and v1's datastore list alike.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { datastoresOf, db, findAccountByEmail } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import type { BackupHealthAnswer } from '../../src/mocks/v1-1/backup-health';
import type { UsageHistoryAnswer } from '../../src/mocks/v1-1/usage-history';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { loginAs, send } from '../support/mock-api';

const hour = 3_600;
const day = 24 * hour;
/** Wednesday, 25 November 2026, 12:00 UTC. */
const wednesdayNoon = Date.UTC(2026, 10, 25, 12) / 1000;
const at = (month: number, date: number, hours: number) => Date.UTC(2026, month - 1, date, hours) / 1000;

async function read<T>(name: string, part: string): Promise<T> {
  const response = await fetch(`${v11Base(apiUrl(''))}/datastores/${name}/${part}`, {
    headers: { 'X-Portal-Request': '1' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

const usage = (name: string, range: string) => read<UsageHistoryAnswer>(name, `usage?range=${range}`);
const health = (name: string) => read<BackupHealthAnswer>(name, 'health');

/** The space each step of a series holds, by the moment its step ends (now, for the last). */
function byStepEnd({ start, step, used_bytes }: UsageHistoryAnswer): Map<number, number | null> {
  const now = Math.floor(Date.now() / 1000);
  return new Map(used_bytes.map((used, index) => [Math.min(start + (index + 1) * step, now), used]));
}

/** A logged-in customer with a 2 TB datastore at 40 % and a dynamic one, both made 400 days ago. */
async function customerWithDatastores(): Promise<{ fixed: string; dynamic: string }> {
  const customer = createCustomer({
    datastores: [aDatastore('web', { volume: 2, space_used_text: '800 GB' }), aDatastore('mail', { volume: 0 })],
  });
  const rows = datastoresOf(findAccountByEmail(customer.email)?.id ?? '');
  for (const row of rows) {
    db.datastore.update({ where: { id: { equals: row.id } }, data: { created: Date.now() - 400 * day * 1000 } });
  }
  await loginAs(customer.email, customer.password);
  return { fixed: rows[0]?.datastore ?? '', dynamic: rows[1]?.datastore ?? '' };
}

beforeEach(() => {
  mock.setApiVersion('v1.1');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(wednesdayNoon * 1000);
});
afterEach(() => vi.useRealTimers());

describe('a datastore the operator fills to 85 %', () => {
  it('jumps at that moment in its history and ends at 85 % of its volume', async () => {
    const { fixed } = await customerWithDatastores();
    vi.setSystemTime((wednesdayNoon + 600) * 1000);
    const before = byStepEnd(await usage(fixed, 'day'));
    expect(mock.fillDatastore(fixed)).toBe(1.7e12);
    vi.setSystemTime((wednesdayNoon + hour) * 1000);
    const after = byStepEnd(await usage(fixed, 'day'));
    expect(after.get(wednesdayNoon + hour)).toBe(1.7e12);
    // Until the fill at 12:10 every step holds what it held; the step after it holds the jump.
    const compared = [...before].filter(([end]) => end <= wednesdayNoon && after.has(end));
    expect(compared.length).toBeGreaterThan(40);
    for (const [end, used] of compared) expect(after.get(end)).toBe(used);
    const jump = (after.get(wednesdayNoon + hour / 2) ?? 0) - (after.get(wednesdayNoon) ?? 0);
    expect(jump).toBeGreaterThan(0.8e12);
  });

  it('brings the full date nearer, and shows at 85 % in v1’s list', async () => {
    const { fixed } = await customerWithDatastores();
    const { estimated_full_date: before } = await usage(fixed, 'month');
    mock.fillDatastore(fixed);
    const { estimated_full_date: after } = await usage(fixed, 'month');
    expect(before).toBeGreaterThan(wednesdayNoon);
    expect(after).toBeGreaterThan(wednesdayNoon);
    expect(after).toBeLessThan(before ?? 0);
    const { body } = await send('GET', '/status');
    const datastores = body as { custom_name: string; space_used_text: string }[];
    expect(datastores.find((entry) => entry.custom_name === 'web')?.space_used_text).toBe('1.7 TB');
  });

  it('is refused for the dynamic rate, for a share over 100 % and for a name no datastore has', async () => {
    const { fixed, dynamic } = await customerWithDatastores();
    expect(() => mock.fillDatastore(dynamic)).toThrow(/dynamic rate/);
    expect(() => mock.fillDatastore(fixed, 120)).toThrow(/0 to 100/);
    expect(() => mock.fillDatastore('k99999_none')).toThrow(/No datastore/);
  });
});

describe('a verification the operator fails', () => {
  it('fails at once: the health says so, and the week’s tasks list it failed, newest first', async () => {
    const { fixed } = await customerWithDatastores();
    expect((await health(fixed)).verification).toEqual({ state: 'ok', last: at(11, 21, 5) });
    mock.failVerification(fixed);
    const answer = await health(fixed);
    expect(answer.verification).toEqual({ state: 'failed', last: wednesdayNoon - 60 });
    expect(answer.tasks[0]).toMatchObject({ kind: 'verification', state: 'failed', ended: wednesdayNoon });
  });

  it('is passed over by Saturday’s next verification', async () => {
    const { fixed } = await customerWithDatastores();
    mock.failVerification(fixed);
    vi.setSystemTime(at(11, 28, 6) * 1000);
    expect((await health(fixed)).verification).toEqual({ state: 'ok', last: at(11, 28, 5) });
  });
});

describe('two nights the operator skips', () => {
  it('leave the last backup three nights back, and no backup among the tasks of those nights', async () => {
    const { fixed } = await customerWithDatastores();
    mock.skipBackups(fixed);
    const answer = await health(fixed);
    expect(answer.last_backup).toBe(at(11, 23, 1));
    const backups = answer.tasks.filter((task) => task.kind === 'backup').map((task) => task.started);
    expect(backups).not.toContain(at(11, 24, 1));
    expect(backups).not.toContain(at(11, 25, 1));
    expect(backups).toContain(at(11, 23, 1));
  });

  it('leave the space flat over those nights, and the backups start again the night after', async () => {
    const { fixed } = await customerWithDatastores();
    mock.skipBackups(fixed);
    const week = await usage(fixed, 'week');
    // The steps of the last two days hold the same space: no backup added to it.
    const lastTwoDays = week.used_bytes.slice(-24);
    expect(new Set(lastTwoDays).size).toBe(1);
    vi.setSystemTime(at(11, 26, 2) * 1000);
    expect((await health(fixed)).last_backup).toBe(at(11, 26, 1));
  });

  it('are refused for a count that is not a whole number of nights', async () => {
    const { fixed } = await customerWithDatastores();
    expect(() => mock.skipBackups(fixed, 0)).toThrow(/1 to 30/);
    expect(() => mock.skipBackups(fixed, 1.5)).toThrow(/1 to 30/);
  });
});

describe('the operator’s changes', () => {
  it('are forgotten with the mock’s reset', async () => {
    const { fixed } = await customerWithDatastores();
    mock.failVerification(fixed);
    mock.reset();
    expect(db.scheduleChange.count()).toBe(0);
  });
});

describe('the backup health of every datastore in brief', () => {
  it('tells each running datastore’s last backup, verification and collection, with the operator’s changes', async () => {
    const { fixed, dynamic } = await customerWithDatastores();
    mock.failVerification(fixed);
    mock.skipBackups(dynamic);
    const response = await fetch(`${v11Base(apiUrl(''))}/backup-health`, { headers: { 'X-Portal-Request': '1' } });
    expect(response.status).toBe(200);
    const briefs = (await response.json()) as { name: string }[];
    expect(briefs).toEqual([
      {
        name: fixed,
        last_backup: at(11, 25, 1),
        verification: { state: 'failed', last: wednesdayNoon - 60 },
        garbage_collection: { state: 'ok', last: at(11, 22, 3) },
      },
      {
        name: dynamic,
        last_backup: at(11, 23, 1),
        verification: { state: 'ok', last: at(11, 21, 5) },
        garbage_collection: { state: 'ok', last: at(11, 22, 3) },
      },
    ]);
  });

  it('answers a visitor that the session has ended', async () => {
    const response = await fetch(`${v11Base(apiUrl(''))}/backup-health`, { headers: { 'X-Portal-Request': '1' } });
    expect(response.status).toBe(401);
  });
});
