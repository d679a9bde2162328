import { afterEach, describe, expect, it, vi, beforeEach } from 'vitest';
import { me } from '../../src/api/auth';
import { request } from '../../src/api/client';
import { sendContact } from '../../src/api/contact';
import { buyDatastore, cancelDatastore, getStatus } from '../../src/api/datastores';
import { getCatalogue } from '../../src/api/licences';
import { UserStruct } from '../../src/api/structs';
import { callRoute, mockCalls, mockCallsV11, type MockCall } from '../../src/mocks/calls';
import { faultKinds, SLOW_FAULT_MS } from '../../src/mocks/faults';
import { mock } from '../../src/mocks/node';
import { apiError, loginAs } from '../support/mock-api';

// Faults on v1's calls, met by the client's v1 calls: the mock speaks only v1 here.
beforeEach(() => mock.setApiVersion('v1'));

afterEach(() => vi.useRealTimers());

describe('the call keys', () => {
  it('name the 17 calls of the spec and the v1.1 calls answered so far, and map to route patterns', () => {
    expect(mockCalls).toHaveLength(17);
    expect(callRoute('GET /product/pbs/{datastoreIdentifier}/{productId}')).toEqual({
      version: 'v1',
      method: 'GET',
      path: '/product/pbs/:datastoreIdentifier/:productId',
    });
    expect(callRoute('GET /notifications/{true|false}')).toEqual({
      version: 'v1',
      method: 'GET',
      path: '/notifications/:flag',
    });
    expect(mockCallsV11).toContain('v1.1 GET /capabilities');
    expect(callRoute('v1.1 GET /capabilities')).toEqual({ version: 'v1.1', method: 'GET', path: '/capabilities' });
    expect(faultKinds).toEqual(['http500', 'http401', 'network', 'timeout', 'malformed', 'slow']);
  });

  it('refuse an unknown call or kind', () => {
    expect(() => mock.fault('GET /nothing' as MockCall, 'http500')).toThrow(TypeError);
    expect(() => mock.fault('GET /me', 'boom' as 'http500')).toThrow(TypeError);
  });
});

describe('fault kinds, as the client sees them', () => {
  it('http500 answers 500 without a reason, as a crashed server does, and the client throws an http error', async () => {
    await loginAs();
    mock.fault('GET /status', 'http500');
    const error = await apiError(getStatus());
    expect(error).toMatchObject({ kind: 'http', status: 500, reason: undefined });
  });

  it('http401 answers 401 and ends the session, as a real expiry would', async () => {
    await loginAs();
    mock.fault('GET /status', 'http401', { times: 1 });
    const error = await apiError(getStatus());
    expect(error).toMatchObject({ kind: 'http', status: 401, reason: 'Not logged in' });
    expect(error.isUnauthorized).toBe(true);
    expect((await apiError(me())).status).toBe(401);
  });

  it('network makes the request fail without an answer', async () => {
    mock.fault('GET /licences', 'network');
    expect((await apiError(getCatalogue())).kind).toBe('network');
  });

  it('timeout never answers, so the client gives up after its own timeout', async () => {
    await loginAs();
    mock.fault('GET /me', 'timeout');
    const started = Date.now();
    const error = await apiError(request('GET', '/me', { answer: UserStruct, timeoutMs: 50 }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('malformed answers 200 with JSON that fails the answer struct', async () => {
    await loginAs();
    mock.fault('GET /me', 'malformed');
    const error = await apiError(me());
    expect(error).toMatchObject({ kind: 'invalid-answer', status: 200 });
    mock.fault('GET /licences', 'malformed');
    expect((await apiError(getCatalogue())).kind).toBe('invalid-answer');
  });

  it('malformed on a body-less call answers 200 with a page the client takes as success, and nothing happens', async () => {
    await loginAs();
    mock.fault('GET /product/pbs/{datastoreIdentifier}/{productId}', 'malformed', { times: 1 });
    await expect(buyDatastore('ghost', 1)).resolves.toBeUndefined();
    expect((await getStatus()).map((datastore) => datastore.custom_name)).not.toContain('ghost');
    mock.fault('POST /contact', 'malformed', { times: 1 });
    await expect(sendContact({ name: 'A', email: 'a@example.com', message: 'Hi' })).resolves.toBeUndefined();
  });

  it('slow waits 3 seconds and then answers normally', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.fault('GET /licences', 'slow');
    let settled = false;
    const catalogue = getCatalogue().finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(SLOW_FAULT_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    await expect(catalogue).resolves.toMatchObject({ VE: expect.any(Array) });
  });

  it('slow waits the time it is given, and only for the given number of calls', async () => {
    mock.fault('GET /licences', 'slow', { ms: 200, times: 1 });
    expect(mock.faults()).toEqual([{ call: 'GET /licences', kind: 'slow', remaining: 1, ms: 200 }]);
    let started = Date.now();
    await expect(getCatalogue()).resolves.toMatchObject({ VE: expect.any(Array) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(mock.faults()).toEqual([]);
    started = Date.now();
    await getCatalogue();
    expect(Date.now() - started).toBeLessThan(150);
  });

  it('refuses a slow time that is not a positive number of milliseconds, and a time on any other kind', () => {
    for (const ms of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => mock.fault('GET /licences', 'slow', { ms })).toThrow(RangeError);
    }
    expect(() => mock.fault('GET /licences', 'http500', { ms: 200 })).toThrow(RangeError);
    expect(mock.faults()).toEqual([]);
    mock.fault('GET /licences', 'slow');
    expect(mock.faults()).toEqual([{ call: 'GET /licences', kind: 'slow', remaining: null, ms: SLOW_FAULT_MS }]);
  });
});

describe('fault lifetime and matching', () => {
  it('keeps a fault until clearFaults', async () => {
    mock.fault('GET /licences', 'http500');
    expect((await apiError(getCatalogue())).status).toBe(500);
    expect((await apiError(getCatalogue())).status).toBe(500);
    mock.clearFaults();
    await expect(getCatalogue()).resolves.toBeDefined();
  });

  it('applies a fault only the given number of times', async () => {
    mock.fault('GET /licences', 'http500', { times: 2 });
    expect(mock.faults()).toEqual([{ call: 'GET /licences', kind: 'http500', remaining: 2 }]);
    expect((await apiError(getCatalogue())).status).toBe(500);
    expect((await apiError(getCatalogue())).status).toBe(500);
    await expect(getCatalogue()).resolves.toBeDefined();
    expect(mock.faults()).toEqual([]);
  });

  it('matches the route pattern, whatever the path parameters, and no other call', async () => {
    await loginAs();
    mock.fault('GET /datastore/cancel/{name}', 'http500');
    expect((await apiError(cancelDatastore('media'))).status).toBe(500);
    expect((await apiError(cancelDatastore('archive'))).status).toBe(500);
    await expect(getStatus()).resolves.toHaveLength(4);
  });

  it('is dropped by a reset', async () => {
    mock.fault('GET /licences', 'network');
    mock.reset();
    await expect(getCatalogue()).resolves.toBeDefined();
  });
});

describe('latency', () => {
  it('delays every answer by the base latency, and none after a reset', async () => {
    mock.setLatency(60);
    let started = Date.now();
    await getCatalogue();
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    mock.reset();
    expect(mock.latency()).toBe(0);
    started = Date.now();
    await getCatalogue();
    expect(Date.now() - started).toBeLessThan(55);
  });

  it('refuses a negative latency', () => {
    expect(() => mock.setLatency(-1)).toThrow(RangeError);
  });
});
