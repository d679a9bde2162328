import { delay, http, HttpResponse } from 'msw';
import { StructError } from 'superstruct';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { me, forgotPassword, changePassword } from '../../src/api/auth';
import { login } from '../../src/api/login';
import { register } from '../../src/api/registration';
import { ApiError, apiUrl, changeTimeoutMs, request } from '../../src/api/client';
import { config } from '../../src/config';
import { timers } from '../../src/domain/constants';
import { getCompany } from '../../src/api/company';
import { editCompany } from '../../src/api/company-edit';
import { cancelContract } from '../../src/api/contract';
import { sendContact } from '../../src/api/contact';
import { buyDatastore, cancelDatastore, getStatus } from '../../src/api/datastores';
import { getCatalogue } from '../../src/api/licences';
import { orderLicence } from '../../src/api/licence-order';
import { setLanguage, setNotifications, logout } from '../../src/api/settings';
import { LoginAnswer } from '../../src/api/login';
import { offeredV11 } from '../../src/api/server-version';
import { mock, server } from '../../src/mocks/node';

// The client's v1 calls: the mock speaks only v1 here (v1.1's calls: tests/api/v1-1.dom.test.ts).
beforeEach(() => mock.setApiVersion('v1'));

const user = {
  email: 'a@example.com',
  language: 'en',
  notifications: true,
  firstname: 'A',
  lastname: 'B',
  phone: null,
  company_number: 'K-1',
  products: [],
};
const company = {
  name: 'X GmbH',
  street: 'S 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: null,
  payment_type: 'bill',
  iban: null,
  checkbox_iban: false,
  company_number: 'K-1',
  phone: null,
  has_product_count: 0,
  notifications: true,
  pending_name: null,
  pending_street: null,
  pending_postcode: null,
  pending_city: null,
  pending_state: null,
  pending_country: null,
  pending_ustid: null,
};
const datastore = {
  datastore: 'k1_backup',
  custom_name: 'backup',
  hostname: 'pbs1.example.com',
  port: 8007,
  username: 'k1',
  password: '',
  repository: 'k1@pbs@pbs1.example.com:8007:k1_backup',
  unencrypted_files: false,
  contract_end_date: null,
  volume: 0,
  space_used_text: '1 GB',
  space_total_text: 'unlimited',
};
const licence = {
  id: 1,
  name: 'VE',
  price_1_cpu: 100,
  price_2_cpu: 200,
  price_4_cpu: 400,
  highlight: false,
  product_type: 'VE',
};
const registration = {
  email: 'new@example.com',
  password: 'Aa1-long-enough-pw',
  language: 'en' as const,
  firstname: 'A',
  lastname: 'B',
  phone: '',
  pending_name: '',
  pending_street: 'S 1',
  pending_postcode: '10115',
  pending_city: 'Berlin',
  pending_state: '',
  pending_country: 'DE',
  pending_ustid: '',
  notifications: false,
};
const edit = {
  firstname: 'A',
  lastname: 'B',
  phone: '',
  pending_name: 'X GmbH',
  pending_street: 'S 1',
  pending_postcode: '10115',
  pending_city: 'Berlin',
  pending_state: '',
  pending_country: 'DE',
  pending_ustid: '',
  payment_type: 'bill' as const,
  iban: '',
  checkbox_iban: false,
};
const order = {
  email: 'a@example.com',
  company_name: 'X',
  firstname: 'A',
  lastname: 'B',
  phone: '',
  street: 'S 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: '',
  product_id: 1,
  cpu_count: 2,
};

interface Seen {
  method: string;
  url: string;
  body: unknown;
  credentials: string;
  accept: string | null;
  contentType: string | null;
  portalCall: string | null;
  acceptLanguage: string | null;
  cache: string;
}

/** Answers one exact call and records what the client sent. */
function answer(method: 'get' | 'post', path: string, body: unknown, status = 200): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http[method](apiUrl(path), async ({ request: sent }) => {
      const text = await sent.text();
      seen.push({
        method: sent.method,
        url: sent.url,
        body: text ? JSON.parse(text) : undefined,
        credentials: sent.credentials,
        accept: sent.headers.get('Accept'),
        contentType: sent.headers.get('Content-Type'),
        portalCall: sent.headers.get('X-Portal-Request'),
        acceptLanguage: sent.headers.get('Accept-Language'),
        cache: sent.cache,
      });
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return seen;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/**
 * An answer whose headers arrive and whose body stops after its first bytes; `reading` is set
 * once the client has read those and waits for more, so a test knows the headers were in.
 */
function stalledBody(start: string, status = 200) {
  const progress = { reading: false };
  const answer = () =>
    new HttpResponse(
      new ReadableStream({
        start: (stream) => stream.enqueue(new TextEncoder().encode(start)),
        pull: () => {
          progress.reading = true;
        },
      }),
      { status, headers: { 'Content-Type': 'application/json' } },
    );
  return { answer, progress };
}

describe('the API client', () => {
  it('sends every call of the specification to its method and path with credentials, its payload and the page’s language', async () => {
    document.documentElement.lang = 'de';
    const calls: [() => Promise<unknown>, Seen[], unknown][] = [
      [
        () => login({ email: 'a@example.com', password: 'x', language: 'en' }),
        answer('post', '/login', { is_active: true }),
        { email: 'a@example.com', password: 'x', language: 'en' },
      ],
      [() => register(registration), answer('post', '/register/company', { status: 'done' }), registration],
      [
        () => forgotPassword({ email: 'a@example.com' }),
        answer('post', '/forgotpassword', { status: 'done' }),
        { email: 'a@example.com' },
      ],
      [
        () => changePassword({ email: 'a@example.com', password: 'Aa1-long-enough-pw', language: 'de', token: 't' }),
        answer('post', '/changepassword', { status: 'done' }),
        { email: 'a@example.com', password: 'Aa1-long-enough-pw', language: 'de', token: 't' },
      ],
      [() => me(), answer('get', '/me', user), undefined],
      [() => logout(), answer('get', '/logout', { status: 'done' }), undefined],
      [() => getCompany(), answer('get', '/company', company), undefined],
      [() => editCompany(edit), answer('post', '/edit/company', { status: 'done' }), edit],
      [() => cancelContract(), answer('get', '/contract/cancel', { status: 'done' }), undefined],
      [() => getStatus(), answer('get', '/status', [datastore]), undefined],
      [() => buyDatastore('test1', 3), answer('get', '/product/pbs/test1/3', { status: 'done' }), undefined],
      [() => cancelDatastore('k1_backup'), answer('get', '/datastore/cancel/k1_backup', { status: 'done' }), undefined],
      [() => getCatalogue(), answer('get', '/licences', { VE: [licence], PBS: [], MG: [] }), undefined],
      [() => orderLicence(order), answer('post', '/licence/order', { status: 'done' }), order],
      [
        () => sendContact({ name: 'A', email: 'a@example.com', message: 'Hi' }),
        answer('post', '/contact', { status: 'done' }),
        { name: 'A', email: 'a@example.com', message: 'Hi' },
      ],
      [() => setLanguage('de'), answer('post', '/language', { status: 'done' }), { language: 'de' }],
      [() => setNotifications(false), answer('get', '/notifications/false', { status: 'done' }), undefined],
    ];
    expect(calls).toHaveLength(17);
    await Promise.all(calls.map(([call]) => call()));
    for (const [, seen, body] of calls) {
      expect(seen).toHaveLength(1);
      expect(seen[0]?.credentials).toBe('include');
      expect(seen[0]?.body).toEqual(body);
      // Decision 031: the portal's own call, which the proxy tells from a cross-site request; never cached.
      expect(seen[0]?.portalCall).toBe('1');
      expect(seen[0]?.cache).toBe('no-store');
      // Decision 039: the server answers its refusals and writes its mails in the page's language.
      expect(seen[0]?.acceptLanguage).toBe('de');
    }
  });

  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['en', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('sends the page language %j as Accept-Language %j (SPEC §1: German or English)', async (lang, sent) => {
    document.documentElement.lang = lang;
    const seen = answer('get', '/me', user);
    await me();
    expect(seen[0]?.acceptLanguage).toBe(sent);
  });

  it('sends the language the page speaks when the call is made, not when the client was loaded', async () => {
    const seen = answer('get', '/me', user);
    await me();
    document.documentElement.lang = 'de';
    await me();
    document.documentElement.lang = 'en';
    await me();
    expect(seen.map((call) => call.acceptLanguage)).toEqual(['en', 'de', 'en']);
  });

  it('returns the answers checked against their structs', async () => {
    answer('get', '/me', user);
    answer('get', '/status', [datastore]);
    answer('post', '/login', { is_active: false });
    await expect(me()).resolves.toMatchObject({ email: 'a@example.com', products: [] });
    await expect(getStatus()).resolves.toEqual([datastore]);
    await expect(login({ email: 'a@example.com', password: 'x', language: 'en' })).resolves.toEqual({
      is_active: false,
    });
  });

  it('reports an HTTP failure with its status and the server reason', async () => {
    answer('post', '/login', { status: 'error', reason: 'Nope' }, 403);
    const error = await failure(login({ email: 'a@example.com', password: 'x', language: 'en' }));
    expect(error).toMatchObject({ kind: 'http', status: 403, reason: 'Nope' });
  });

  it('takes the message field when the server gives no reason', async () => {
    answer('get', '/company', { message: 'Company locked' }, 409);
    expect(await failure(getCompany())).toMatchObject({ kind: 'http', status: 409, reason: 'Company locked' });
  });

  it.each([
    ['keeps a plain reason as it is', { reason: 'Wartungsarbeiten bis 14 Uhr' }, 'Wartungsarbeiten bis 14 Uhr'],
    ['shows the text of a reason with markup', { reason: '<em>IBAN</em>  is\ninvalid' }, 'IBAN is invalid'],
    ['has no reason when the reason is only whitespace', { reason: ' \n\t ' }, undefined],
    ['has no reason when the reason is only HTML tags', { reason: '<p> <br/> </p>' }, undefined],
    ['has no reason when the reason is only control characters', { reason: '\u0000\u0007\u001b' }, undefined],
    ['takes the message when the reason is only markup', { reason: '<br>', message: 'Locked' }, 'Locked'],
    ['ignores a reason that is no text', { reason: 42, message: 'Locked' }, 'Locked'],
    [
      'cuts a reason of 1000 characters to 300 ending with an ellipsis',
      { reason: 'x'.repeat(1000) },
      `${'x'.repeat(299)}…`,
    ],
  ])('makes the server text of a failure plain (SPEC §8, decision 017): %s', async (_name, body, reason) => {
    answer('get', '/company', body, 503);
    const error = await failure(getCompany());
    expect(error).toMatchObject({ kind: 'http', status: 503 });
    expect(error.reason).toBe(reason);
  });

  it('makes the reason of a refusal inside a 200 answer plain as well', async () => {
    answer('post', '/register/company', { status: 'error', reason: '<b>Email</b> already registered' });
    expect(await failure(register(registration))).toMatchObject({ status: 200, reason: 'Email already registered' });
  });

  it('reports a 401 as such, without redirecting anywhere', async () => {
    answer('get', '/me', { status: 'error' }, 401);
    const before = window.location.href;
    const error = await failure(me());
    expect(error.isUnauthorized).toBe(true);
    expect(window.location.href).toBe(before);
  });

  it('reads an HTTP failure without a JSON body', async () => {
    server.use(http.get(apiUrl('/status'), () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    expect(await failure(getStatus())).toMatchObject({ kind: 'http', status: 502, reason: undefined });
  });

  it('reports a network failure', async () => {
    server.use(http.get(apiUrl('/status'), () => HttpResponse.error()));
    expect(await failure(getStatus())).toMatchObject({ kind: 'network' });
  });

  it('gives a call that changes something until the loading timeout, and a read the reads’ limit (decision 026)', async () => {
    const calls: [() => Promise<unknown>, boolean][] = [
      [() => login({ email: 'a@example.com', password: 'x', language: 'en' }), false],
      [() => register(registration), true],
      [() => forgotPassword({ email: 'a@example.com' }), true],
      [
        () => changePassword({ email: 'a@example.com', password: 'Aa1-long-enough-pw', language: 'de', token: 't' }),
        true,
      ],
      [() => me(), false],
      [() => logout(), false],
      [() => getCompany(), false],
      [() => editCompany(edit), true],
      [() => cancelContract(), true],
      [() => getStatus(), false],
      [() => buyDatastore('test1', 3), true],
      [() => cancelDatastore('k1_backup'), true],
      [() => getCatalogue(), false],
      [() => orderLicence(order), true],
      [() => sendContact({ name: 'A', email: 'a@example.com', message: 'Hi' }), true],
      [() => setLanguage('de'), true],
      [() => setNotifications(false), true],
    ];
    expect(changeTimeoutMs).toBeGreaterThan(timers.loadingTimeout);
    for (const [call, changes] of calls) {
      // Every call fails at once; only the timer it set is looked at. Which API the server speaks
      // is asked first (a read, with the reads' limit), and again after the logout.
      await offeredV11();
      server.use(http.all('*', () => HttpResponse.error()));
      const timer = vi.spyOn(globalThis, 'setTimeout');
      await call().catch(() => {});
      const delays = timer.mock.calls.map(([, ms]) => ms);
      timer.mockRestore();
      expect(delays, call.toString()).toContain(changes ? changeTimeoutMs : config.apiTimeoutMs);
      expect(delays, call.toString()).not.toContain(changes ? config.apiTimeoutMs : changeTimeoutMs);
    }
  });

  it('gives up after its timeout', async () => {
    server.use(
      http.post(apiUrl('/login'), async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const call = request('POST', '/login', { body: {}, answer: LoginAnswer, timeoutMs: 30 });
    expect(await failure(call)).toMatchObject({ kind: 'timeout' });
  });

  it('gives up after its timeout when the server sends its headers and then stalls the body', async () => {
    const stalled = stalledBody('{"is_active":');
    server.use(http.post(apiUrl('/login'), stalled.answer));
    const call = request('POST', '/login', { body: {}, answer: LoginAnswer, timeoutMs: 200 });
    expect(await failure(call)).toMatchObject({ kind: 'timeout' });
    // The timeout struck while the body was being read, not before the headers came.
    expect(stalled.progress.reading).toBe(true);
  });

  it('reports a call aborted while its body is still coming as aborted', async () => {
    const stalled = stalledBody('{"email":');
    server.use(http.get(apiUrl('/me'), stalled.answer));
    const controller = new AbortController();
    const call = me({ signal: controller.signal });
    await vi.waitFor(() => expect(stalled.progress.reading).toBe(true));
    controller.abort();
    expect(await failure(call)).toMatchObject({ kind: 'aborted' });
  });

  it('reports an aborted call as aborted, not as a failure of the server', async () => {
    server.use(
      http.get(apiUrl('/me'), async () => {
        await delay('infinite');
        return HttpResponse.json(user);
      }),
    );
    const controller = new AbortController();
    const call = me({ signal: controller.signal });
    controller.abort();
    expect(await failure(call)).toMatchObject({ kind: 'aborted' });
  });

  it('refuses an answer that is not JSON', async () => {
    server.use(
      http.get(
        apiUrl('/me'),
        () => new HttpResponse('<html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    expect(await failure(me())).toMatchObject({ kind: 'invalid-answer', status: 200 });
  });

  it('refuses an answer that fails its struct', async () => {
    answer('get', '/status', [{ ...datastore, port: 'eight thousand' }]);
    expect(await failure(getStatus())).toMatchObject({ kind: 'invalid-answer' });
    // A product type it does not know is left alone (tests/api/structs.test.ts); a licence without a price is not.
    answer('get', '/licences', { VE: [{ ...licence, price_1_cpu: 'on request' }], XX: [] });
    expect(await failure(getCatalogue())).toMatchObject({ kind: 'invalid-answer' });
  });

  it('refuses an answer whose wrong value cannot even be printed in the check’s message', async () => {
    // superstruct names the wrong value in its message, and a JSON object with its own
    // `toString` field cannot be turned into text: its check throws instead of failing.
    answer('get', '/status', [{ ...datastore, hostname: { toString: 1 } }]);
    expect(await failure(getStatus())).toMatchObject({ kind: 'invalid-answer', status: 200 });
    answer('get', '/status', { toString: {} });
    expect(await failure(getStatus())).toMatchObject({ kind: 'invalid-answer', status: 200 });
  });

  it('treats a status other than done as a refusal with its reason', async () => {
    answer('post', '/register/company', { status: 'error', reason: 'Email already registered' });
    expect(await failure(register(registration))).toMatchObject({
      kind: 'http',
      status: 200,
      reason: 'Email already registered',
    });
  });

  it('refuses to send a payload that fails its struct', async () => {
    const seen = answer('post', '/register/company', { status: 'done' });
    expect(await failure(register({ ...registration, password: 'short' }))).toMatchObject({ kind: 'invalid-request' });
    expect(await failure(buyDatastore('too-long-name', 1))).toMatchObject({ kind: 'invalid-request' });
    expect(seen).toHaveLength(0);
  });

  it('asks for JSON on every call, and says it sends JSON only when it sends a body', async () => {
    const read = answer('get', '/me', user);
    const sent = answer('post', '/language', { status: 'done' });
    await me();
    await setLanguage('en');
    expect(read[0]).toMatchObject({ method: 'GET', accept: 'application/json', contentType: null, body: undefined });
    expect(sent[0]).toMatchObject({ method: 'POST', accept: 'application/json', contentType: 'application/json' });
  });

  it('keeps why a call failed: the refused payload, the refused answer and the transport failure', async () => {
    const refused = await failure(register({ ...registration, password: 'short' }));
    expect(refused.cause).toBeInstanceOf(StructError);
    answer('get', '/status', [{ ...datastore, port: 'eight thousand' }]);
    const malformed = await failure(getStatus());
    expect(malformed).toMatchObject({ kind: 'invalid-answer', status: 200 });
    expect(malformed.cause).toBeInstanceOf(StructError);
    server.use(http.get(apiUrl('/me'), () => HttpResponse.error()));
    expect((await failure(me())).cause).toBeInstanceOf(Error);
  });

  it('reads an answer tolerantly: a catalogue group left out is an empty list', async () => {
    answer('get', '/licences', { VE: [licence] });
    await expect(getCatalogue()).resolves.toEqual({ VE: [licence], PBS: [], MG: [] });
  });

  it('reports a failure whose body stalls until the timeout as a timeout, not as the server refusing', async () => {
    const stalled = stalledBody('{"reason":', 503);
    server.use(http.post(apiUrl('/login'), stalled.answer));
    const call = request('POST', '/login', { body: {}, answer: LoginAnswer, timeoutMs: 200 });
    expect(await failure(call)).toMatchObject({ kind: 'timeout' });
  });

  it("leaves no listener on the caller's signal once the call is over", async () => {
    answer('get', '/me', user);
    const controller = new AbortController();
    const added = vi.spyOn(controller.signal, 'addEventListener');
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    await me({ signal: controller.signal });
    expect(added).toHaveBeenCalledWith('abort', expect.any(Function), { once: true });
    expect(removed).toHaveBeenCalledWith('abort', added.mock.calls[0]?.[1]);
  });

  it('sends nothing for a call aborted before it started', async () => {
    const seen = answer('get', '/me', user);
    const controller = new AbortController();
    controller.abort();
    const error = await failure(me({ signal: controller.signal }));
    expect(error.kind).toBe('aborted');
    expect(seen).toHaveLength(0);
  });

  it('reports any other failure of a logout', async () => {
    answer('get', '/logout', { status: 'error' }, 500);
    expect(await failure(logout())).toMatchObject({ kind: 'http', status: 500 });
  });

  it('buys the dynamic rate as product 0 and refuses a negative product before sending', async () => {
    const seen = answer('get', '/product/pbs/test1/0', { status: 'done' });
    await buyDatastore('test1', 0);
    expect(seen).toHaveLength(1);
    expect(await failure(buyDatastore('test1', -1))).toMatchObject({ kind: 'invalid-request' });
    expect(await failure(buyDatastore('test1', 1.5))).toMatchObject({ kind: 'invalid-request' });
  });

  it('takes a 401 on logout as logged out', async () => {
    answer('get', '/logout', { status: 'error' }, 401);
    await expect(logout()).resolves.toBeUndefined();
  });
});
