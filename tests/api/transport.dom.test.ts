import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCatalogue } from '../../src/api/licences';
import { getStatus } from '../../src/api/datastores';
import { ApiError, apiUrl, request } from '../../src/api/client';
import { earlyReadLifetimeMs, startEarlyReads } from '../../src/api/transport';
import { server } from '../../src/mocks/node';

/** Answers GET /status with an empty list and counts how often it was asked. */
function countStatusReads() {
  const count = { value: 0 };
  server.use(
    http.get(apiUrl('/status'), () => {
      count.value += 1;
      return HttpResponse.json([]);
    }),
  );
  return count;
}

/** Long enough for a read that was started to reach the mock server. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('a read started before the page has run (issue 41)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the first call of the same read, so the server is asked once', async () => {
    const reads = countStatusReads();
    startEarlyReads(['/status']);
    await expect(getStatus()).resolves.toEqual([]);
    expect(reads.value).toBe(1);
  });

  it('answers only once: the next call asks the server itself', async () => {
    const reads = countStatusReads();
    startEarlyReads(['/status']);
    await getStatus();
    await getStatus();
    expect(reads.value).toBe(2);
  });

  it('is not started again for a read the client has just made, nor twice at once', async () => {
    const reads = countStatusReads();
    await getStatus();
    startEarlyReads(['/status']);
    startEarlyReads(['/status']);
    await getStatus();
    expect(reads.value).toBe(2);
  });

  it('is started again once the read is 2 s old, not a moment before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reads = countStatusReads();
    startEarlyReads(['/status']);
    await getStatus();
    expect(reads.value).toBe(1);
    vi.advanceTimersByTime(1999);
    startEarlyReads(['/status']);
    await settled();
    expect(reads.value).toBe(1);
    vi.advanceTimersByTime(1);
    startEarlyReads(['/status']);
    await settled();
    expect(reads.value).toBe(2);
  });

  it('is not started twice while one is still on its way, however long it takes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let answer: (() => void) | undefined;
    let count = 0;
    server.use(
      http.get(apiUrl('/status'), async () => {
        count += 1;
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json([]);
      }),
    );
    startEarlyReads(['/status']);
    vi.advanceTimersByTime(5000);
    startEarlyReads(['/status']);
    const call = getStatus();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer?.();
    await expect(call).resolves.toEqual([]);
    expect(count).toBe(1);
  });

  it('is not ended by the time limit of an earlier read of the same path', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const reads = countStatusReads();
    startEarlyReads(['/status']);
    await getStatus();
    await vi.advanceTimersByTimeAsync(earlyReadLifetimeMs - 1000);
    startEarlyReads(['/status']);
    // The first read's time limit passes; the second read's has not.
    await vi.advanceTimersByTimeAsync(2000);
    vi.useRealTimers();
    await getStatus();
    expect(reads.value).toBe(2);
  });

  it('is not kept from starting by a call that changed something at the same path', async () => {
    const reads = countStatusReads();
    server.use(http.post(apiUrl('/status'), () => HttpResponse.json({ status: 'done' })));
    await request('POST', '/status', { body: {}, answer: null });
    startEarlyReads(['/status']);
    await settled();
    expect(reads.value).toBe(1);
  });

  it('is dropped by a call that changes something or ends the session: its answer may be stale or another account’s', async () => {
    const reads = countStatusReads();
    server.use(
      http.post(apiUrl('/language'), () => HttpResponse.json({ status: 'done' })),
      http.get(apiUrl('/logout'), () => HttpResponse.json({ status: 'done' })),
    );
    startEarlyReads(['/status']);
    await request('POST', '/language', { body: {}, answer: null });
    await getStatus();
    expect(reads.value).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.advanceTimersByTime(5000);
    startEarlyReads(['/status']);
    await request('GET', '/logout', { answer: null });
    vi.advanceTimersByTime(5000);
    vi.useRealTimers();
    await getStatus();
    expect(reads.value).toBe(4);
  });

  it('counts as just made itself: taken at once, it is not started again', async () => {
    const reads = countStatusReads();
    startEarlyReads(['/status']);
    await getStatus();
    startEarlyReads(['/status']);
    await settled();
    expect(reads.value).toBe(1);
  });

  it('is dropped when no call takes it in time, and the call then asks for itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const reads = countStatusReads();
    startEarlyReads(['/status']);
    await vi.advanceTimersByTimeAsync(earlyReadLifetimeMs + 1);
    vi.useRealTimers();
    await expect(getStatus()).resolves.toEqual([]);
    expect(reads.value).toBe(2);
  });

  it("ends with the call's abort, as the call's own request would", async () => {
    server.use(http.get(apiUrl('/licences'), () => new Promise<never>(() => {})));
    startEarlyReads(['/licences']);
    const controller = new AbortController();
    const call = getCatalogue({ signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('fails the call that takes it as its own request would fail', async () => {
    server.use(http.get(apiUrl('/status'), () => HttpResponse.json({ reason: 'down' }, { status: 503 })));
    startEarlyReads(['/status']);
    const error = await getStatus().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 503 });
  });
});
