import { describe, expect, it, vi } from 'vitest';
import { me } from '../../src/api/auth';
import { getStatus } from '../../src/api/datastores';
import { quickDatastore } from '../../src/api/datastore-structs';
import { spaceUse } from '../../src/domain/space';
import { db } from '../../src/mocks/db';
import { getLatency, listFaults } from '../../src/mocks/faults';
import { mock } from '../../src/mocks/node';
import { restoreDatabase, saveDatabase, STORAGE_KEY } from '../../src/mocks/persistence';
import { loginAs, seedEmails } from '../support/mock-api';

describe('the operator controls', () => {
  it('seed three accounts: one active with a company, one pending, one fresh', () => {
    expect(db.account.getAll().map((account) => [account.email, account.active])).toEqual([
      [seedEmails.demo, true],
      [seedEmails.pending, false],
      [seedEmails.fresh, true],
    ]);
    expect(mock.pendingAccounts()).toEqual([
      expect.objectContaining({ email: seedEmails.pending, companyName: 'Wartend & Co. KG' }),
    ]);
    expect(db.licence.count()).toBe(12);
    expect(mock.outbox()).toEqual([]);
  });

  it('activate an account once and tell when it was already active', () => {
    expect(mock.activate(seedEmails.pending)).toBe(true);
    expect(mock.activate(seedEmails.pending)).toBe(false);
    expect(mock.pendingAccounts()).toEqual([]);
    expect(() => mock.activate('nobody@example.com')).toThrow('No account is registered with nobody@example.com.');
  });

  it('list the outbox newest last', () => {
    mock.activate(seedEmails.pending);
    db.account.update({ where: { email: { equals: seedEmails.fresh } }, data: { active: false } });
    mock.activate(seedEmails.fresh);
    expect(mock.outbox().map((mail) => mail.to)).toEqual([seedEmails.pending, seedEmails.fresh]);
    expect(mock.outbox()[0]).toEqual({
      to: seedEmails.pending,
      subject: 'Your account has been activated',
      body: expect.stringContaining('K-10002'),
      link: '/login',
    });
  });

  it('tell subscribers about every mutating call and operator action', async () => {
    const listener = vi.fn();
    const unsubscribe = mock.subscribe(listener);
    await loginAs();
    await me();
    expect(listener).toHaveBeenCalledTimes(1);
    mock.fault('GET /me', 'slow');
    mock.clearFaults();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    mock.reset();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('persistence for the browser mock', () => {
  it('saves the database, faults and latency and restores them after a reset', async () => {
    mock.activate(seedEmails.pending);
    mock.fault('GET /status', 'http500', { times: 2 });
    mock.fault('GET /licences', 'slow', { ms: 250 });
    mock.setLatency({ min: 5, max: 10 });
    mock.failVerification('k10001_archive');
    saveDatabase();
    expect(localStorage.getItem(STORAGE_KEY)).toContain('"version":3');
    mock.reset();
    expect(restoreDatabase()).toBe(true);
    expect(mock.pendingAccounts()).toEqual([]);
    // The activation's mail, and the failed verification's alert to the demo account.
    expect(mock.outbox().map((mail) => mail.to)).toEqual([seedEmails.pending, seedEmails.demo]);
    expect(listFaults()).toEqual([
      { call: 'GET /status', kind: 'http500', remaining: 2 },
      { call: 'GET /licences', kind: 'slow', remaining: null, ms: 250 },
    ]);
    expect(getLatency()).toEqual({ min: 5, max: 10 });
    expect(db.scheduleChange.findMany({}).map((change) => change.kind)).toEqual(['failed-verification']);
    expect(db.alert.findMany({}).map((alert) => alert.kind)).toEqual(['verification-failed']);
    await loginAs(seedEmails.pending);
    await expect(me()).resolves.toMatchObject({ company_number: 'K-10002' });
  });

  it('keeps a session across a reload when the cookie and the saved session agree', async () => {
    await loginAs();
    saveDatabase();
    mock.reset();
    restoreDatabase();
    await expect(me()).resolves.toMatchObject({ email: seedEmails.demo });
  });

  it('seeds when nothing was saved, or when the saved data does not load', () => {
    expect(restoreDatabase()).toBe(false);
    expect(db.account.count()).toBe(3);
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(restoreDatabase()).toBe(false);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 0, models: {} }));
    expect(restoreDatabase()).toBe(false);
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, models: { account: 'nope' } }));
    expect(restoreDatabase()).toBe(false);
    expect(db.account.count()).toBe(3);
  });
});

describe('the operator controls: a reseller account (decision 024)', () => {
  it('give an account N datastores of every kind, the same ones for the same N', async () => {
    expect(mock.seedDatastores(240)).toBe(240);
    await loginAs(seedEmails.demo);
    const first = await getStatus();
    expect(first).toHaveLength(240);
    expect(new Set(first.map((entry) => entry.datastore)).size).toBe(240);
    const share = (test: (entry: (typeof first)[number]) => boolean) => first.filter(test).length / first.length;
    expect(share((entry) => entry.volume === 0)).toBeGreaterThan(0.2);
    expect(share((entry) => entry.volume !== 0)).toBeGreaterThan(0.5);
    expect(share((entry) => entry.unencrypted_files === true)).toBeGreaterThan(0.02);
    expect(share((entry) => Boolean(entry.contract_end_date))).toBeGreaterThan(0.01);
    expect(share((entry) => spaceUse(entry).warning)).toBeGreaterThan(0.03);
    expect(first.every((entry) => !entry.password && /^k\d+_[a-z]{2,3}\d{1,5}$/.test(entry.datastore))).toBe(true);
    mock.seedDatastores(240);
    expect((await getStatus()).map((entry) => entry.datastore)).toEqual(first.map((entry) => entry.datastore));
  });

  it("serve a reseller's status list that takes the quick check's way, entry by entry", async () => {
    mock.seedDatastores(500);
    await loginAs(seedEmails.demo);
    const answer: unknown = await (await fetch('/api/v1/status', { credentials: 'include' })).json();
    expect(Array.isArray(answer) && answer.length === 500 && answer.every(quickDatastore)).toBe(true);
  });

  it('replace the datastores the account had, down to none', async () => {
    expect(mock.seedDatastores(0)).toBe(0);
    await loginAs(seedEmails.demo);
    expect(await getStatus()).toEqual([]);
  });

  it('refuse a number they cannot give and an unknown account', () => {
    expect(() => mock.seedDatastores(10_001)).toThrow(RangeError);
    expect(() => mock.seedDatastores(-1)).toThrow(RangeError);
    expect(() => mock.seedDatastores(2.5)).toThrow(RangeError);
    expect(() => mock.seedDatastores(3, 'nobody@example.com')).toThrow(
      'No account is registered with nobody@example.com.',
    );
  });
});
