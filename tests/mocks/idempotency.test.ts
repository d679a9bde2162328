/**
 * Idempotency keys of the v1.1 mock (draft-ietf-httpapi-idempotency-key-header-07, as
 * docs/api-v1.1.md asks of the backend): a repeat gets the stored answer, a repeat while the first
 * runs 409, another request under the same key 422, no key 400; failures are not stored.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetIdempotencyKeys, idempotencyKeyOf, idempotent } from '../../src/mocks/v1-1/idempotency';

const url = 'http://portal.test/api/v1.1/datastores';

function purchase(key: string | null, body = '{"identifier":"web","product_id":"0"}', path = url) {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (key !== null) headers.set('Idempotency-Key', key);
  return new Request(path, { method: 'POST', headers, body });
}

/** A call that counts how often it really ran and answers 202 with its count. */
function countingCall(status = 202) {
  let runs = 0;
  const run = vi.fn(async () => {
    runs += 1;
    return Response.json({ run: runs }, { status, headers: { Location: `/operations/${runs}` } });
  });
  return run;
}

beforeEach(() => forgetIdempotencyKeys());
afterEach(() => vi.useRealTimers());

describe('an Idempotency-Key header', () => {
  it('is a quoted string of 1 to 255 printable characters, with \\" and \\\\ escaped', () => {
    expect(idempotencyKeyOf('"6f1c2a4e-9b7d-4c3a-8e2f-0d5b7a9c1e34"')).toBe('6f1c2a4e-9b7d-4c3a-8e2f-0d5b7a9c1e34');
    expect(idempotencyKeyOf(' "a\\"b\\\\c" ')).toBe('a"b\\c');
    expect(idempotencyKeyOf(`"${'k'.repeat(255)}"`)).toHaveLength(255);
    for (const wrong of [null, '', '""', 'unquoted', '"open', '"a"b"', `"${'k'.repeat(256)}"`, '"tab\there"', '"ü"']) {
      expect(idempotencyKeyOf(wrong), String(wrong)).toBeNull();
    }
  });
});

describe('a state change with an idempotency key', () => {
  it('runs once and answers a repeat with the stored answer, status, headers and body', async () => {
    const run = countingCall();
    const first = await idempotent(purchase('"k1"'), 'account-1', 'en', run);
    const again = await idempotent(purchase('"k1"'), 'account-1', 'en', run);
    expect(run).toHaveBeenCalledTimes(1);
    for (const answer of [first, again]) {
      expect(answer.status).toBe(202);
      expect(answer.headers.get('Location')).toBe('/operations/1');
    }
    await expect(first.json()).resolves.toEqual({ run: 1 });
    await expect(again.json()).resolves.toEqual({ run: 1 });
  });

  it('answers 409 request-in-progress with Retry-After while the first is still running', async () => {
    let finish: (response: Response) => void = () => {};
    const first = idempotent(purchase('"k2"'), 'account-1', 'de', () => new Promise((done) => (finish = done)));
    const repeat = await idempotent(purchase('"k2"'), 'account-1', 'de', countingCall());
    expect(repeat.status).toBe(409);
    expect(repeat.headers.get('Retry-After')).toBe('1');
    expect(repeat.headers.get('Content-Type')).toBe('application/problem+json');
    expect(repeat.headers.get('Content-Language')).toBe('de');
    await expect(repeat.json()).resolves.toEqual({
      type: '/problems/request-in-progress',
      title: 'Dieselbe Anfrage läuft noch',
      status: 409,
      retry_after: 1,
    });
    finish(Response.json({ ok: true }, { status: 202 }));
    expect((await first).status).toBe(202);
  });

  it('answers 422 idempotency-key-reused for another body or another path under the same key', async () => {
    const run = countingCall();
    await idempotent(purchase('"k3"'), 'account-1', 'en', run);
    const otherBody = await idempotent(
      purchase('"k3"', '{"identifier":"mail","product_id":"0"}'),
      'account-1',
      'en',
      run,
    );
    const otherPath = await idempotent(purchase('"k3"', undefined, `${url}/web/cancellation`), 'account-1', 'en', run);
    expect(run).toHaveBeenCalledTimes(1);
    for (const answer of [otherBody, otherPath]) {
      expect(answer.status).toBe(422);
      await expect(answer.json()).resolves.toMatchObject({ type: '/problems/idempotency-key-reused' });
    }
  });

  it('answers 400 idempotency-key-missing without a key or with one that is not a quoted string', async () => {
    const run = countingCall();
    for (const key of [null, 'not-quoted']) {
      const answer = await idempotent(purchase(key), 'account-1', 'en', run);
      expect(answer.status).toBe(400);
      await expect(answer.json()).resolves.toMatchObject({
        type: '/problems/idempotency-key-missing',
        title: 'Idempotency-Key missing',
      });
    }
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps the keys of two accounts apart', async () => {
    const run = countingCall();
    await idempotent(purchase('"same"'), 'account-1', 'en', run);
    await idempotent(purchase('"same"'), 'account-2', 'en', run);
    await idempotent(purchase('"same"'), null, 'en', run);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it("stores the call's own refusals but not a 5xx, a 401, a 429 or a call that threw: their repeat runs again", async () => {
    const refused = countingCall(409);
    await idempotent(purchase('"taken"'), 'account-1', 'en', refused);
    await idempotent(purchase('"taken"'), 'account-1', 'en', refused);
    expect(refused).toHaveBeenCalledTimes(1);
    for (const status of [500, 502, 401, 429]) {
      const run = countingCall(status);
      await idempotent(purchase(`"s${status}"`), 'account-1', 'en', run);
      const again = await idempotent(purchase(`"s${status}"`), 'account-1', 'en', run);
      expect(run, String(status)).toHaveBeenCalledTimes(2);
      expect(again.status).toBe(status);
    }
    const broken = vi.fn(async (): Promise<Response> => {
      throw new Error('lost');
    });
    await expect(idempotent(purchase('"threw"'), 'account-1', 'en', broken)).rejects.toThrow('lost');
    const run = countingCall();
    expect((await idempotent(purchase('"threw"'), 'account-1', 'en', run)).status).toBe(202);
  });

  it('forgets a key 24 hours after its answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const run = countingCall();
    await idempotent(purchase('"day"'), 'account-1', 'en', run);
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
    await idempotent(purchase('"day"'), 'account-1', 'en', run);
    expect(run).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-11-29T10:00:01Z'));
    await idempotent(purchase('"day"'), 'account-1', 'en', run);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
