/**
 * The mock's alerts (issue 45, feature `alerts`): raised when a condition of the account's rules
 * arises, once until it clears, never for what was so at the account's first look; each an
 * `alert.raised` event and, with the notifications on, a mail to the rules' recipients.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { datastoresOf, db, findAccountByEmail } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { eventsAfter } from '../../src/mocks/v1-1/events';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { loginAs } from '../support/mock-api';

const day = 86_400_000;
/** Wednesday, 25 November 2026, 12:00 UTC. */
const wednesdayNoon = Date.UTC(2026, 10, 25, 12);

interface ListedAlert {
  id: string;
  kind: string;
  datastore: string | null;
  raised_at: string;
  percent?: number;
  hours?: number;
}

async function call(method: 'GET' | 'PUT', path: string, body?: unknown) {
  return fetch(`${v11Base(apiUrl(''))}${path}`, {
    method,
    credentials: 'include',
    headers: {
      'X-Portal-Request': '1',
      ...(body === undefined
        ? {}
        : { 'Content-Type': 'application/json', 'Idempotency-Key': `"${crypto.randomUUID()}"` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function alerts(): Promise<ListedAlert[]> {
  const response = await call('GET', '/alerts');
  expect(response.status).toBe(200);
  return ((await response.json()) as { alerts: ListedAlert[] }).alerts;
}

const rules = {
  space_percent: 80,
  backup_hours: 24,
  verification: true,
  collection: true,
  recipients: [] as string[],
};

/** A logged-in customer with a 2 TB datastore at 40 % and a dynamic one, both a year old. */
async function customerWithDatastores(notifications = true) {
  const customer = createCustomer({
    datastores: [aDatastore('web', { volume: 2, space_used_text: '800 GB' }), aDatastore('mail', { volume: 0 })],
  });
  const account = findAccountByEmail(customer.email);
  if (!account) throw new Error('The customer has no account.');
  db.account.update({ where: { id: { equals: account.id } }, data: { notifications } });
  const rows = datastoresOf(account.id);
  for (const row of rows) {
    db.datastore.update({ where: { id: { equals: row.id } }, data: { created: Date.now() - 400 * day } });
  }
  await loginAs(customer.email, customer.password);
  return {
    email: customer.email,
    accountId: account.id,
    fixed: rows[0]?.datastore ?? '',
    dynamic: rows[1]?.datastore ?? '',
  };
}

const mailsTo = (to: string) => mock.outbox().filter((mail) => mail.to === to && /Alert|Hinweis/.test(mail.subject));

beforeEach(() => {
  mock.setApiVersion('v1.1');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(wednesdayNoon);
});
afterEach(() => vi.useRealTimers());

describe('the alerts of an account', () => {
  it('raise nothing for what was so at the first look, and a space alert when the operator fills a datastore to 85 %', async () => {
    const { email, fixed } = await customerWithDatastores();
    expect(await alerts()).toEqual([]);
    mock.fillDatastore(fixed);
    const [alert, ...others] = await alerts();
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      kind: 'space',
      datastore: fixed,
      percent: 85,
      raised_at: new Date(wednesdayNoon).toISOString(),
    });
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]?.body).toContain(`${fixed} is 85\u00a0% full`);
  });

  it('are raised by the operator’s controls even before the customer ever looked', async () => {
    const { fixed } = await customerWithDatastores();
    mock.failVerification(fixed);
    mock.skipBackups(fixed);
    expect((await alerts()).map((alert) => alert.kind).sort()).toEqual(['backup-missed', 'verification-failed']);
  });

  it('raise a condition once until it clears, and again when it comes back', async () => {
    const { fixed } = await customerWithDatastores();
    await alerts();
    mock.fillDatastore(fixed, 85);
    mock.fillDatastore(fixed, 90);
    expect(await alerts()).toHaveLength(1);
    mock.fillDatastore(fixed, 50);
    mock.fillDatastore(fixed, 95);
    expect((await alerts()).map((alert) => alert.percent)).toEqual([95, 85]);
  });

  it('tell the hours since the last backup, and each new failed verification', async () => {
    const { fixed } = await customerWithDatastores();
    await alerts();
    mock.skipBackups(fixed, 2);
    mock.failVerification(fixed);
    vi.setSystemTime(wednesdayNoon + 3_600_000);
    mock.failVerification(fixed);
    const listed = await alerts();
    expect(listed.filter((alert) => alert.kind === 'verification-failed')).toHaveLength(2);
    // The last backup ran Monday at 01:00 UTC: 59 hours before Wednesday noon.
    expect(listed.find((alert) => alert.kind === 'backup-missed')?.hours).toBe(59);
  });

  it('raise no missed backup while the night’s backup runs, though the last one began 24 hours before', async () => {
    const { email } = await customerWithDatastores();
    await alerts();
    // Thursday 01:05 UTC: Wednesday's backups began at 01:00, Thursday's began and run 6 minutes at least.
    vi.setSystemTime(wednesdayNoon + 13 * 3_600_000 + 5 * 60_000);
    expect(await alerts()).toEqual([]);
    expect(mailsTo(email)).toEqual([]);
  });

  it('are events of the stream, in the order they were raised', async () => {
    const { accountId, fixed } = await customerWithDatastores();
    await alerts();
    mock.fillDatastore(fixed);
    mock.failVerification(fixed);
    const raised = (eventsAfter(accountId, null) ?? []).filter((event) => event.event === 'alert.raised');
    expect(raised.map((event) => (event.data as ListedAlert).kind)).toEqual(['space', 'verification-failed']);
    expect(raised.map((event) => (event.data as ListedAlert).id)).toEqual(
      (await alerts()).map((alert) => alert.id).reverse(),
    );
  });
});

describe('the alert rules', () => {
  it('are the defaults until set, and as set afterwards', async () => {
    await customerWithDatastores();
    expect(await (await call('GET', '/alert-rules')).json()).toEqual(rules);
    const mine = {
      ...rules,
      space_percent: 90,
      backup_hours: null,
      collection: false,
      recipients: ['ops@example.com'],
    };
    const response = await call('PUT', '/alert-rules', mine);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(mine);
    expect(await (await call('GET', '/alert-rules')).json()).toEqual(mine);
  });

  it('send the mails to the recipients they name, and none while the notifications are off', async () => {
    const { fixed } = await customerWithDatastores();
    await call('PUT', '/alert-rules', { ...rules, recipients: ['ops@example.com', 'boss@example.com'] });
    mock.fillDatastore(fixed);
    expect(mailsTo('ops@example.com')).toHaveLength(1);
    expect(mailsTo('boss@example.com')).toHaveLength(1);

    const quiet = await customerWithDatastores(false);
    mock.fillDatastore(quiet.fixed);
    expect(await alerts()).toHaveLength(1);
    expect(mailsTo(quiet.email)).toEqual([]);
  });

  it('raise at once what a lower threshold finds, and nothing for a rule switched off', async () => {
    const { fixed } = await customerWithDatastores();
    await alerts();
    await call('PUT', '/alert-rules', { ...rules, verification: false });
    mock.failVerification(fixed);
    expect(await alerts()).toEqual([]);
    await call('PUT', '/alert-rules', { ...rules, verification: false, space_percent: 70 });
    mock.fillDatastore(fixed, 60);
    expect(await alerts()).toEqual([]);
    await call('PUT', '/alert-rules', { ...rules, verification: false, space_percent: 55 });
    expect((await alerts()).map((alert) => alert.kind)).toEqual(['space']);
  });

  it.each([
    ['a threshold under 50 %', { space_percent: 40 }, 'space_percent'],
    ['a threshold of a fraction', { space_percent: 80.5 }, 'space_percent'],
    ['more than a week without a backup', { backup_hours: 169 }, 'backup_hours'],
    [
      'six recipients',
      {
        recipients: [
          'a@example.com',
          'b@example.com',
          'c@example.com',
          'd@example.com',
          'e@example.com',
          'f@example.com',
        ],
      },
      'recipients',
    ],
    ['a recipient that is no address', { recipients: ['ops'] }, 'recipients'],
  ])('refuse %s, naming the field', async (_, change, field) => {
    await customerWithDatastores();
    const response = await call('PUT', '/alert-rules', { ...rules, ...change });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe(field);
  });

  it('are the logged-in customer’s only', async () => {
    expect((await call('GET', '/alerts')).status).toBe(401);
    expect((await call('GET', '/alert-rules')).status).toBe(401);
  });
});
