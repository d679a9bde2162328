/**
 * The datastore page's reads on v1.1 (issue 45): the usage history over a range and the backup
 * health, against the mock's real handlers, read tolerantly and refused when unreadable.
 */
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetServerOffer, insightOffered } from '../../src/api/server-version';
import {
  getBackupHealth,
  getBackupHealthOfAll,
  getUsageHistory,
  loadDatastoreOverview,
} from '../../src/api/v1-1/datastore-insight';
import { v11Url } from '../../src/api/v1-1/request';
import { db } from '../../src/mocks/db';
import { mock, server } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { apiError, loginAs } from '../support/mock-api';
import { countCalls } from '../support/render-app';

let name = '';

beforeEach(async () => {
  mock.setApiVersion('v1.1');
  const customer = createCustomer({ datastores: [aDatastore('web', { volume: 2, space_used_text: '1.2 TB' })] });
  await loginAs(customer.email, customer.password);
  name = mock.datastores(customer.email)[0]?.name ?? '';
  // Made a year ago: every range has its history.
  db.datastore.updateMany({ where: { datastore: { equals: name } }, data: { created: Date.now() - 365 * 86_400_000 } });
});

describe('the usage history', () => {
  it('reads each range with its steps, both series as long, and the full date', async () => {
    for (const [range, count] of [
      ['day', 48],
      ['week', 84],
      ['month', 60],
      ['year', 52],
    ] as const) {
      const history = await getUsageHistory(name, range);
      expect(history.range).toBe(range);
      expect(history.used_bytes).toHaveLength(count);
      expect(history.total_bytes).toHaveLength(count);
    }
    expect((await getUsageHistory(name, 'month')).estimated_full_date).toEqual(expect.any(Number));
  });

  it('keeps a range it does not know and fields added later, and takes a missing full date as none', async () => {
    server.use(
      http.get(v11Url(`/datastores/${name}/usage`), () =>
        HttpResponse.json({
          range: 'decade',
          start: 0,
          step: 3600,
          used_bytes: [1, null],
          total_bytes: [null, null],
          unit: 'B',
        }),
      ),
    );
    expect(await getUsageHistory(name, 'day')).toMatchObject({ range: 'decade', used_bytes: [1, null] });
  });

  it('refuses an answer with a negative size or a step of zero as one it cannot read', async () => {
    for (const answer of [
      { range: 'day', start: 0, step: 3600, used_bytes: [-1], total_bytes: [null] },
      { range: 'day', start: 0, step: 0, used_bytes: [1], total_bytes: [null] },
    ]) {
      server.use(http.get(v11Url(`/datastores/${name}/usage`), () => HttpResponse.json(answer), { once: true }));
      expect(await apiError(getUsageHistory(name, 'day'))).toMatchObject({ kind: 'invalid-answer' });
    }
  });
});

describe('the backup health', () => {
  it('reads the last backup, the jobs, the snapshots and the tasks', async () => {
    const health = await getBackupHealth(name);
    expect(health.last_backup).toEqual(expect.any(Number));
    expect(health.verification.state).toMatch(/^(ok|none)$/);
    expect(health.tasks.length).toBeGreaterThan(0);
  });

  it('keeps a task state and a task kind it does not know as words', async () => {
    server.use(
      http.get(v11Url(`/datastores/${name}/health`), () =>
        HttpResponse.json({
          last_backup: null,
          snapshots: { count: 0, unencrypted: 0 },
          verification: { state: 'queued', last: null },
          garbage_collection: { state: 'none', last: null, removed_bytes: null },
          tasks: [{ id: 'UPID:x', kind: 'sync', state: 'paused', started: 1, ended: null }],
        }),
      ),
    );
    const health = await getBackupHealth(name);
    expect(health.verification.state).toBe('queued');
    expect(health.tasks[0]).toMatchObject({ kind: 'sync', state: 'paused' });
  });

  it('answers an unknown datastore with the server’s refusal', async () => {
    expect(await apiError(getBackupHealth('k99999_none'))).toMatchObject({ kind: 'http', status: 404 });
  });
});

describe('the backup health of every datastore in brief', () => {
  it('reads it by the datastore’s name', async () => {
    const briefs = await getBackupHealthOfAll();
    expect([...briefs.keys()]).toEqual([name]);
    expect(briefs.get(name)?.verification.state).toMatch(/^(ok|none)$/);
  });

  it('refuses an answer that is no list as one it cannot read', async () => {
    server.use(http.get(v11Url('/backup-health'), () => HttpResponse.json({ datastores: [] })));
    expect(await apiError(getBackupHealthOfAll())).toMatchObject({ kind: 'invalid-answer' });
  });
});

describe('the datastore page’s first read', () => {
  it('is the datastore from the list with its health, or without when not asked for', async () => {
    const health = countCalls('get', `/datastores/${name}/health`, 'v1.1');
    const overview = await loadDatastoreOverview(name, true);
    expect(overview?.datastore.datastore).toBe(name);
    expect(overview?.health?.last_backup).toEqual(expect.any(Number));
    expect(await loadDatastoreOverview(name, false)).toMatchObject({ datastore: { datastore: name }, health: null });
    expect(health()).toBe(1);
  });

  it('is nothing for a name the list does not hold, whatever the health answers', async () => {
    expect(await loadDatastoreOverview('k99999_none', true)).toBeNull();
  });

  it('fails with the health’s failure for a datastore the list holds', async () => {
    mock.fault('v1.1 GET /datastores/{name}/health', 'http500');
    expect(await apiError(loadDatastoreOverview(name, true))).toMatchObject({ kind: 'http', status: 500 });
  });
});

describe('what the server tells of the datastores', () => {
  it('is the usage history and the backup health on v1.1, neither on v1', async () => {
    expect(await insightOffered()).toEqual({ usageHistory: true, backupHealth: true });
    forgetServerOffer();
    mock.setApiVersion('v1');
    expect(await insightOffered()).toEqual({ usageHistory: false, backupHealth: false });
  });
});
