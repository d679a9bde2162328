import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCatalogue } from '../../src/api/licences';
import { getStatus } from '../../src/api/datastores';
import { ApiError, apiUrl } from '../../src/api/client';
import { earlyReadLifetimeMs, startEarlyReads } from '../../src/api/transport';
import { firstReadsAt } from '../../src/domain/routes';
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

describe("a page's first reads", () => {
  it("are the dashboard's status and company with a login, and none without", () => {
    expect(firstReadsAt('/dashboard', true)).toEqual(['/status', '/company']);
    expect(firstReadsAt('/dashboard', false)).toEqual([]);
  });

  it("are the shop's catalogue for everyone, on its list and its order step", () => {
    expect(firstReadsAt('/shop', false)).toEqual(['/licences']);
    expect(firstReadsAt('/shop/3', false)).toEqual(['/licences']);
  });

  it('are none for a page that reads nothing first, or an unknown address', () => {
    expect(firstReadsAt('/login', false)).toEqual([]);
    expect(firstReadsAt('/nowhere', true)).toEqual([]);
  });
});
