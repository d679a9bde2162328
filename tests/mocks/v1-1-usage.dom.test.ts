/**
 * The mock's usage history (issue 45, feature `usage-history`, GET /datastores/{name}/usage): a
 * series per range made from the datastore's row and the clock, the same on every read, ending at
 * the space used now, with Proxmox Backup Server's full date from the month's series.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { estimatedFullDate } from '../../src/domain/usage-forecast';
import { v11Base } from '../../src/mocks/api-version';
import { datastoresOf, db, findAccountByEmail } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import type { UsageHistoryAnswer as UsageAnswer } from '../../src/mocks/v1-1/usage-history';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs } from '../support/mock-api';

const day = 86_400_000;

function usage(name: string, range: string, language = 'en') {
  return fetch(`${v11Base(apiUrl(''))}/datastores/${name}/usage?range=${range}`, {
    headers: { 'X-Portal-Request': '1', 'Accept-Language': language },
  });
}

async function usageOf(name: string, range: string): Promise<UsageAnswer> {
  const response = await usage(name, range);
  expect(response.status).toBe(200);
  return (await response.json()) as UsageAnswer;
}

/** The names the mock gave the customer's 2 TB datastore and dynamic one. */
let fixed = '';
let dynamic = '';

/** A customer with a 2 TB datastore made 400 days ago and a dynamic one made yesterday, logged in. */
async function customerWithHistory(): Promise<Customer> {
  const customer = createCustomer({
    datastores: [aDatastore('web', { volume: 2, space_used_text: '1.2 TB' }), aDatastore('mail', { volume: 0 })],
  });
  const [web, mail] = datastoresOf(findAccountByEmail(customer.email)?.id ?? '');
  const madeAgo = (row: typeof web, ms: number) =>
    db.datastore.update({ where: { id: { equals: row?.id ?? '' } }, data: { created: Date.now() - ms } });
  madeAgo(web, 400 * day);
  madeAgo(mail, day);
  fixed = web?.datastore ?? '';
  dynamic = mail?.datastore ?? '';
  await loginAs(customer.email, customer.password);
  return customer;
}

beforeEach(() => mock.setApiVersion('v1.1'));

describe('the usage history of a datastore', () => {
  it('answers a month of twelve-hour steps that ends at the space used now, with the volume as total', async () => {
    await customerWithHistory();
    const month = await usageOf(fixed, 'month');
    expect(month.range).toBe('month');
    expect(month.step).toBe(43_200);
    expect(month.used_bytes).toHaveLength(60);
    expect(month.start % month.step).toBe(0);
    const now = Date.now() / 1000;
    expect(month.start + 59 * month.step).toBeLessThanOrEqual(now);
    expect(month.start + 60 * month.step).toBeGreaterThan(now);
    expect(month.used_bytes.at(-1)).toBe(1.2e12);
    expect(new Set(month.total_bytes)).toEqual(new Set([2e12]));
  });

  it('grows with each night’s backup and gives some back on the Sunday’s garbage collection', async () => {
    await customerWithHistory();
    const used = (await usageOf(fixed, 'month')).used_bytes.map(Number);
    const changes = used.slice(1).map((value, index) => value - (used[index] ?? 0));
    // 29 or 30 nights in a month's steps; on each of its 4 or 5 Sundays the collection gives back
    // more than the night's backup added (both fall in the same twelve hours).
    const drops = changes.filter((change) => change < 0).length;
    expect(drops).toBeGreaterThanOrEqual(4);
    expect(drops).toBeLessThanOrEqual(5);
    expect(changes.filter((change) => change > 0).length).toBeGreaterThanOrEqual(29 - drops);
    expect(changes.filter((change) => change === 0).length).toBeGreaterThanOrEqual(28);
    expect(used[0]).toBeLessThan(used.at(-1) ?? 0);
  });

  it('gives the same answer on every read', async () => {
    await customerWithHistory();
    expect(await usageOf(fixed, 'week')).toEqual(await usageOf(fixed, 'week'));
  });

  it('has the steps of each range: a day of half hours, a week of two hours, a year of weeks', async () => {
    await customerWithHistory();
    const ranges = await Promise.all(['day', 'week', 'year'].map((range) => usageOf(fixed, range)));
    expect(ranges.map(({ step, used_bytes }) => [step, used_bytes.length])).toEqual([
      [1_800, 48],
      [7_200, 84],
      [604_800, 52],
    ]);
  });

  it('knows nothing of the time before the datastore was made', async () => {
    await customerWithHistory();
    const month = await usageOf(dynamic, 'month');
    const known = month.used_bytes.filter((value) => value !== null);
    expect(known.length).toBeGreaterThanOrEqual(2);
    expect(known.length).toBeLessThanOrEqual(3);
    expect(month.used_bytes.slice(0, -3).every((value) => value === null)).toBe(true);
  });

  it('says when a fixed volume will be full as the server computes it from the month, whatever the range', async () => {
    await customerWithHistory();
    const month = await usageOf(fixed, 'month');
    const full = estimatedFullDate({
      start: month.start,
      step: month.step,
      used: month.used_bytes,
      total: month.total_bytes,
    });
    expect(full).toBeGreaterThan(Date.now() / 1000);
    expect(month.estimated_full_date).toBe(full);
    expect((await usageOf(fixed, 'day')).estimated_full_date).toBe(full);
  });

  it('gives the dynamic rate no total and no full date', async () => {
    await customerWithHistory();
    const month = await usageOf(dynamic, 'month');
    expect(month.total_bytes.every((value) => value === null)).toBe(true);
    expect(month.estimated_full_date).toBeNull();
  });
});

describe('the usage history refuses', () => {
  it('a range it does not know, naming the field, in German when asked', async () => {
    await customerWithHistory();
    const response = await usage(fixed, 'decade', 'de');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { type: string; errors: { field: string; detail: string }[] };
    expect(body.type).toBe('/problems/invalid-fields');
    expect(body.errors).toEqual([{ field: 'range', detail: 'Wählen Sie day, week, month oder year' }]);
  });

  it('a datastore of another account, as unknown', async () => {
    await customerWithHistory();
    const other = createCustomer({ datastores: [aDatastore('other')] });
    await loginAs(other.email, other.password);
    const response = await usage(fixed, 'month');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { type: string }).type).toBe('/problems/datastore-unknown');
  });

  it('a visitor without a session', async () => {
    await customerWithHistory();
    await fetch(`${v11Base(apiUrl(''))}/logout`, { method: 'POST', headers: { 'X-Portal-Request': '1' } });
    expect((await usage(fixed, 'month')).status).toBe(401);
  });

  it('everything while the mock speaks v1 only', async () => {
    await customerWithHistory();
    mock.setApiVersion('v1');
    expect((await usage(fixed, 'month')).status).toBe(404);
  });
});
