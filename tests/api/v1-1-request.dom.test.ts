/**
 * How one v1.1 request travels (src/api/v1-1/request.ts, decision 057): what it sends, how long each
 * try may take, which failures are sent again and which end the call, and the key's and the event
 * stream's formats. Against MSW handlers of the test's own in jsdom, with the clock moved on.
 */
import { delay, http, HttpResponse } from 'msw';
import { string, type } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseEvents } from '../../src/api/v1-1/events';
import { newIdempotencyKey, problemError, requestV11, sleep, v11Base, v11Url } from '../../src/api/v1-1/request';
import { apiUrl } from '../../src/api/transport';
import { mock, server } from '../../src/mocks/node';
import { settled } from '../support/clock';

/** An answer with an `id`, as an operation has. */
const struct = type({ id: string() });

const failure = (call: Promise<unknown>) => settled(call).catch((caught: unknown) => caught);

/** A handler that never answers (until the request is given up). */
const never = () => delay('infinite');

beforeEach(() => {
  mock.setApiVersion('v1.1');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  document.documentElement.lang = '';
});

describe('what a request sends', () => {
  it('sends a state change with the key quoted, its body as JSON, the page’s language and the portal’s header', async () => {
    document.documentElement.lang = 'de';
    const seen: Request[] = [];
    server.use(
      http.put(v11Url('/notifications'), ({ request }) => {
        seen.push(request.clone());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await requestV11('PUT', '/notifications', { body: { enabled: true }, answer: null, key: 'k-1' });
    const [request] = seen;
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Accept-Language')).toBe('de');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.headers.get('Idempotency-Key')).toBe('"k-1"');
    expect(request?.headers.get('X-Portal-Request')).toBe('1');
    expect(await request?.json()).toEqual({ enabled: true });
  });

  it('sends a read without a body, a content type or a key', async () => {
    const seen: Request[] = [];
    server.use(
      http.get(v11Url('/operations/op_1'), ({ request }) => {
        seen.push(request.clone());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await requestV11('GET', '/operations/op_1', { answer: null });
    const [request] = seen;
    expect(request?.headers.get('Content-Type')).toBeNull();
    expect(request?.headers.get('Idempotency-Key')).toBeNull();
    expect(request?.headers.get('Accept-Language')).toBe('en');
    expect(await request?.text()).toBe('');
  });

  it('answers a call without an answer struct with nothing and the answer’s Retry-After', async () => {
    server.use(
      http.post(v11Url('/logout'), () => new HttpResponse(null, { status: 204, headers: { 'Retry-After': '3' } })),
    );
    await expect(requestV11('POST', '/logout', { answer: null })).resolves.toEqual({
      value: undefined,
      retryAfterSeconds: 3,
    });
  });

  it('finds v1.1 beside v1’s base, and nowhere else', () => {
    expect(v11Base('https://api.example.com/api/v1/')).toBe('https://api.example.com/api/v1.1');
    expect(v11Base('/api/v1')).toBe('/api/v1.1');
    expect(v11Base('/api/v10')).toBeNull();
    expect(v11Base('/v1/api')).toBeNull();
    expect(v11Url('/capabilities')).toBe(`${apiUrl('').replace(/\/$/, '')}.1/capabilities`);
  });
});

describe('how long each try may take', () => {
  it('gives the first try of a state change the reads’ 20 s and each further one twice as long, within 130 s', async () => {
    const sentAt: number[] = [];
    const start = Date.now();
    server.use(
      http.post(v11Url('/contract/cancellation'), async () => {
        sentAt.push(Date.now() - start);
        await never();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const error = await failure(requestV11('POST', '/contract/cancellation', { answer: null, key: 'k' }));
    const ended = Date.now() - start;
    expect(error).toMatchObject({ kind: 'timeout' });
    // Tries at 0 s (20 s), 21 s (after 1 s; 40 s), 63 s (after 2 s; the 67 s left of 130 s).
    expect(sentAt.map((ms) => Math.round(ms / 1000))).toEqual([0, 21, 63]);
    expect(Math.round(ended / 1000)).toBe(130);
  });

  it('gives a read that gets no answer up after 20 s as a timeout, sent once', async () => {
    let tries = 0;
    const start = Date.now();
    server.use(
      http.get(v11Url('/operations/op_1'), async () => {
        tries += 1;
        await never();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const error = await failure(requestV11('GET', '/operations/op_1', { answer: null }));
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(Math.round((Date.now() - start) / 1000)).toBe(20);
    expect(tries).toBe(1);
  });

  it('reads a refusal whose body never ends as no answer, not as the refusal', async () => {
    server.use(
      http.get(
        v11Url('/operations/op_1'),
        () =>
          new HttpResponse(new ReadableStream({ start() {} }), {
            status: 503,
            headers: { 'Content-Type': 'application/problem+json' },
          }),
      ),
    );
    await expect(failure(requestV11('GET', '/operations/op_1', { answer: null }))).resolves.toMatchObject({
      kind: 'timeout',
    });
  });

  it('stops a try at once when the caller aborts, with nothing sent again', async () => {
    let tries = 0;
    server.use(
      http.post(v11Url('/contract/cancellation'), async () => {
        tries += 1;
        await never();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const controller = new AbortController();
    const start = Date.now();
    const call = failure(
      requestV11('POST', '/contract/cancellation', { answer: null, key: 'k', signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect(await call).toMatchObject({ kind: 'aborted' });
    expect(Date.now() - start).toBeLessThan(2_000);
    expect(tries).toBe(1);
  });

  it('ends a pause between tries at once when the caller aborts, and never starts one already aborted', async () => {
    const controller = new AbortController();
    const start = Date.now();
    const pause = failure(sleep(10_000, controller.signal));
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(await pause).toMatchObject({ kind: 'aborted' });
    expect(Date.now() - start).toBeLessThan(1_500);
    await expect(sleep(10_000, controller.signal)).rejects.toMatchObject({ kind: 'aborted' });
    await expect(settled(sleep(2_000, undefined))).resolves.toBeUndefined();
  });
});

describe('what is sent again', () => {
  it('sends a refused state change once and ends with the refusal', async () => {
    let tries = 0;
    server.use(
      http.post(v11Url('/licence/order'), () => {
        tries += 1;
        return HttpResponse.json(
          { type: '/problems/product-unknown', title: 'Unknown product', status: 400 },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        );
      }),
    );
    const error = await failure(requestV11('POST', '/licence/order', { body: {}, answer: null, key: 'k' }));
    expect(error).toMatchObject({ kind: 'http', status: 400, problem: 'product-unknown', reason: 'Unknown product' });
    expect(tries).toBe(1);
  });

  it('ends a state change whose gateway never stops giving up with the gateway’s own 502', async () => {
    let tries = 0;
    server.use(
      http.post(v11Url('/contract/cancellation'), () => {
        tries += 1;
        return new HttpResponse(null, { status: 502 });
      }),
    );
    const error = await failure(requestV11('POST', '/contract/cancellation', { answer: null, key: 'k' }));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(tries).toBeGreaterThan(5);
  });

  it('sends a read once when its gateway gives up', async () => {
    let tries = 0;
    server.use(
      http.get(v11Url('/operations/op_1'), () => {
        tries += 1;
        return new HttpResponse(null, { status: 504 });
      }),
    );
    await expect(requestV11('GET', '/operations/op_1', { answer: null })).rejects.toMatchObject({ status: 504 });
    expect(tries).toBe(1);
  });

  it('sends a state change again when its answer broke off, and takes the next one', async () => {
    let tries = 0;
    server.use(
      http.post(v11Url('/datastores'), () => {
        tries += 1;
        if (tries === 1)
          return new HttpResponse(
            new ReadableStream({
              start(controller) {
                controller.enqueue(new TextEncoder().encode('{"id":'));
                controller.error(new Error('connection reset'));
              },
            }),
            { status: 202, headers: { 'Content-Type': 'application/json' } },
          );
        return HttpResponse.json({ id: 'op_1' }, { status: 202 });
      }),
    );
    await expect(
      settled(requestV11('POST', '/datastores', { body: {}, answer: struct, key: 'k' })),
    ).resolves.toMatchObject({ value: { id: 'op_1' } });
    expect(tries).toBe(2);
  });

  it('refuses an answer that is no JSON at once, as an invalid answer', async () => {
    let tries = 0;
    server.use(
      http.post(v11Url('/datastores'), () => {
        tries += 1;
        return new HttpResponse('<html>', { status: 202, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    await expect(requestV11('POST', '/datastores', { body: {}, answer: struct, key: 'k' })).rejects.toMatchObject({
      kind: 'invalid-answer',
      status: 202,
    });
    expect(tries).toBe(1);
  });
});

describe('the pieces', () => {
  it('gives a server error no problem type, whatever its body says', () => {
    expect(problemError(500, { type: '/problems/no-contract' }, null).problem).toBeUndefined();
    expect(problemError(499, { type: '/problems/no-contract' }, null).problem).toBe('no-contract');
  });

  it('takes the browser’s UUID where there is one', () => {
    const uuid = '6f1c2a4e-9b7d-4c3a-8e2f-0d5b7a9c1e34';
    vi.spyOn(crypto, 'randomUUID').mockReturnValue(uuid);
    expect(newIdempotencyKey()).toBe(uuid);
  });

  it('keeps the random bits beside the version and the variant in the keys made without it', () => {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = Array.from({ length: 64 }, () => newIdempotencyKey());
      // The hex digit after the version's 4, and the variant's digit: random, so not all alike.
      expect(new Set(keys.map((key) => key.charAt(15))).size).toBeGreaterThan(1);
      expect(new Set(keys.map((key) => key.charAt(19))).size).toBeGreaterThan(1);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });

  it('reads lines ended by CR alone, skips comments, and takes one space after the colon', () => {
    expect(parseEvents('event: a\rdata:  two\r: comment\rid: 7\r\r').events).toEqual([
      { event: 'a', data: ' two', id: '7' },
    ]);
    expect(parseEvents('data: x y\nretry: 5\n\n').events).toEqual([{ event: 'message', data: 'x y', id: undefined }]);
  });
});
