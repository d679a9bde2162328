/**
 * The v1.1 client at its edges (decision 057): what a server may get wrong or leave out, the limits
 * of its retries, and the event stream's own format. Against the mock's real handlers in jsdom, with
 * the clock moved on instead of waited for.
 */
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelContract } from '../../src/api/contract';
import { buyDatastore } from '../../src/api/datastores';
import { offeredV11 } from '../../src/api/server-version';
import { setNotifications } from '../../src/api/settings';
import { parseEvents } from '../../src/api/v1-1/events';
import { newIdempotencyKey, problemError, problemKind, requestV11, v11Url } from '../../src/api/v1-1/request';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { loginAs } from '../support/mock-api';
import { settled } from '../support/clock';

async function aCustomer() {
  const customer = createCustomer();
  await loginAs(customer.email, customer.password);
  return customer;
}

beforeEach(() => {
  mock.setApiVersion('v1.1');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

describe('the probe', () => {
  it('offers the event stream, the second factors, the usage history, the backup health and the alerts only when the server names them', async () => {
    await expect(offeredV11()).resolves.toEqual({
      events: true,
      secondFactor: true,
      usageHistory: true,
      backupHealth: true,
      alerts: true,
    });
  });

  it('takes a server that names no event stream as offering v1.1 without it', async () => {
    server.use(
      http.get(v11Url('/capabilities'), () =>
        HttpResponse.json({
          api: '1.1',
          features: ['sizes-in-bytes', 'problem-details', 'idempotency', 'later-thing'],
        }),
      ),
    );
    await expect(offeredV11()).resolves.toEqual({
      events: false,
      secondFactor: false,
      usageHistory: false,
      backupHealth: false,
      alerts: false,
    });
  });
});

describe('a state change sent again', () => {
  it('gives up when no answer comes within the change’s time, as no answer', async () => {
    await aCustomer();
    let tries = 0;
    server.use(
      http.put(v11Url('/notifications'), () => {
        tries += 1;
        return HttpResponse.error();
      }),
    );
    const error = await settled(setNotifications(false)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network' });
    // 1, 2, 4, 8, 8, … s apart within 130 s: more than a few tries, far fewer than one a second.
    expect(tries).toBeGreaterThan(5);
    expect(tries).toBeLessThan(25);
  });

  it('waits as long as the server’s Retry-After asks, at most 8 s', async () => {
    await aCustomer();
    const at: number[] = [];
    server.use(
      http.put(v11Url('/notifications'), () => {
        at.push(Date.now());
        if (at.length > 2) return undefined;
        return new HttpResponse(null, { status: 503, headers: { 'Retry-After': at.length === 1 ? '3' : '60' } });
      }),
    );
    await settled(setNotifications(false));
    expect(at).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = at;
    expect(second - first).toBeGreaterThanOrEqual(3_000);
    expect(second - first).toBeLessThan(4_000);
    expect(third - second).toBeGreaterThanOrEqual(8_000);
    expect(third - second).toBeLessThan(9_000);
  });

  it('reads a request still running when the time is up as no answer, not as a conflict', async () => {
    await aCustomer();
    server.use(
      http.post(v11Url('/contract/cancellation'), () =>
        HttpResponse.json(
          { type: '/problems/request-in-progress', title: 'Still running', status: 409 },
          { status: 409, headers: { 'Retry-After': '8', 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const error = await settled(cancelContract()).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'timeout' });
  });

  it('reads a read that gets no answer as no answer, sent once', async () => {
    let tries = 0;
    server.use(
      http.get(v11Url('/operations/:id'), () => {
        tries += 1;
        return HttpResponse.error();
      }),
    );
    await expect(requestV11('GET', '/operations/op_1', { answer: null })).rejects.toMatchObject({ kind: 'network' });
    expect(tries).toBe(1);
  });

  it('sends nothing when aborted before, and stops waiting when aborted between tries', async () => {
    const before = new AbortController();
    before.abort();
    await expect(
      requestV11('PUT', '/notifications', { answer: null, key: 'k', signal: before.signal }),
    ).rejects.toMatchObject({
      kind: 'aborted',
    });
    await aCustomer();
    server.use(http.put(v11Url('/notifications'), () => HttpResponse.error()));
    const between = new AbortController();
    const call = requestV11('PUT', '/notifications', {
      body: { enabled: true },
      answer: null,
      key: 'k2',
      signal: between.signal,
    });
    await vi.advanceTimersByTimeAsync(500);
    between.abort();
    await expect(settled(call)).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('answers a v1.1 server should not give', () => {
  it('refuses a purchase answered with no operation as an invalid answer', async () => {
    await aCustomer();
    server.use(http.post(v11Url('/datastores'), () => HttpResponse.json({ id: 'op_1' }, { status: 202 })));
    await expect(settled(buyDatastore('bad1', 0))).rejects.toMatchObject({ kind: 'invalid-answer', status: 202 });
    server.use(http.post(v11Url('/datastores'), () => new HttpResponse('<html>', { status: 202 })));
    await expect(settled(buyDatastore('bad2', 0))).rejects.toMatchObject({ kind: 'invalid-answer', status: 202 });
  });

  it('reads a failed operation without its problem as a 502', async () => {
    await aCustomer();
    server.use(
      http.get(v11Url('/capabilities'), () =>
        HttpResponse.json({ api: '1.1', features: ['idempotency', 'problem-details', 'sizes-in-bytes'] }),
      ),
      http.get(v11Url('/operations/:id'), ({ params }) =>
        HttpResponse.json({ id: String(params.id), state: 'failed' }),
      ),
    );
    await expect(settled(buyDatastore('fail1', 0))).rejects.toMatchObject({ kind: 'http', status: 502 });
  });

  it('ends the purchase on a 401 while reading its operation', async () => {
    await aCustomer();
    server.use(
      http.get(v11Url('/operations/:id'), () =>
        HttpResponse.json({ type: '/problems/session-ended', title: 'Ended', status: 401 }, { status: 401 }),
      ),
    );
    const error = await settled(buyDatastore('gone1', 0)).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'http', status: 401 });
  });

  it('reads the operation again when the stream says it lost its place', async () => {
    await aCustomer();
    let reads = 0;
    server.use(
      http.get(v11Url('/events'), () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(
              new TextEncoder().encode('retry: 5000\n\nevent: resync\ndata: {"reason":"expired"}\n\n'),
            );
          },
        });
        return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
      http.get(v11Url('/operations/:id'), ({ params }) => {
        reads += 1;
        return HttpResponse.json({ id: String(params.id), state: reads === 1 ? 'running' : 'succeeded' });
      }),
    );
    await settled(buyDatastore('sync1', 0));
    expect(reads).toBe(2);
  });
});

describe('the pieces', () => {
  it('names a problem by the last segment of its type’s path, lower case, or not at all', () => {
    expect(problemKind('/problems/no-contract?x=1')).toBe('no-contract');
    expect(problemKind('/problems/')).toBeUndefined();
    expect(problemKind('/problems/No-Contract')).toBeUndefined();
    expect(problemKind(`/problems/${'a'.repeat(65)}`)).toBeUndefined();
    expect(problemKind('/problems/9lives')).toBeUndefined();
  });

  it('keeps the status of a problem v1 answers alike, and gives none to a body that is not an object', () => {
    expect(problemError(409, { type: '/problems/already-cancelled' }, null)).toMatchObject({
      status: 409,
      problem: 'already-cancelled',
      reason: undefined,
    });
    expect(problemError(409, { type: '/problems/contract-cancelled' }, null).status).toBe(403);
    expect(problemError(400, 'text', null)).toMatchObject({ status: 400, problem: undefined });
    expect(problemError(400, { detail: 7, title: 'Title' }, null).reason).toBe('Title');
  });

  it('makes a version 4 UUID for each action, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    // Without it (a page served over plain HTTP from another host than localhost), the fallback.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 64 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(64);
      // 64 keys: each version and variant bit the fallback sets would be wrong in one of them by chance.
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('reads an event’s fields with or without the space after the colon, and a field without a value', () => {
    expect(parseEvents('event:resync\ndata\nid:4\n\n').events).toEqual([{ event: 'resync', data: '', id: '4' }]);
    expect(parseEvents('data: only\n\n').events).toEqual([{ event: 'message', data: 'only', id: undefined }]);
    expect(parseEvents('event: x\n\n').events).toEqual([]);
  });
});
