/**
 * The edge, second pass (decision 043): deploy/nginx as shipped, in front of an API of this test's
 * own that records what reaches it and answers as the test needs (a cookie scoped to a parent
 * domain, a logout that fails or never answers). Its nginx names the load balancer 127.0.0.1 in
 * the real_ip block, as an operator behind one would, so that each test is a client of its own
 * address (X-Forwarded-For) and the rate limits' buckets of one test are not those of another.
 *
 * The logout whose API fails is also run in the browser, on the production journeys' server and
 * its mock API, at the end of this file.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort, startNginx, type RunningNginx } from '../../../scripts/nginx';
import { expect, logInAsDemo, mockApi, mockSpeaks, productionUrl, test } from '../support/production';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** What the test's API does with a logout: answer, fail as a crashed server, or never answer. */
let logout: 'done' | 'crash' | 'hang' = 'done';
const received: Received[] = [];
let api: Server;
/** The shipped configuration, the balancer named 127.0.0.1. */
let edge: RunningNginx;
/** The shipped configuration without a balancer: nginx's own client is the client. */
let direct: RunningNginx;

test.beforeAll(async () => {
  api = createServer((incoming, outgoing) => {
    received.push({ method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers });
    incoming.resume();
    const path = (incoming.url ?? '').split('?')[0];
    const json = { 'Content-Type': 'application/json' };
    if (path === '/api/v1.1/events') {
      // A stream as the v1.1 proposal's: one event at once, the next only after a second, then
      // open until the client goes. No X-Accel-Buffering: what passes it on at once is the edge's own.
      outgoing.writeHead(200, { 'Content-Type': 'text/event-stream' });
      outgoing.write('retry: 5000\n\nevent: operation.updated\nid: 1\ndata: {"state":"running"}\n\n');
      const next = setTimeout(
        () => outgoing.write('event: operation.updated\nid: 2\ndata: {"state":"succeeded"}\n\n'),
        1_000,
      );
      outgoing.once('close', () => clearTimeout(next));
      return;
    }
    if (path === '/api/v1/logout' || path === '/api/v1.1/logout') {
      if (logout === 'hang') return; // never answers
      if (logout === 'crash') return void outgoing.writeHead(500, { 'Content-Type': 'text/plain' }).end('Traceback …');
      return void outgoing.writeHead(200, json).end('{"status":"done"}');
    }
    if (path === '/api/v1/login')
      return void outgoing
        .writeHead(200, {
          ...json,
          'Set-Cookie': [
            `portal_session=s3ss10n; Domain=${incoming.headers['x-cookie-domain'] ?? 'example.com'}; Path=/api/v1; HttpOnly`,
            'portal_hint=1; domain=.example.com; path=/api',
          ],
        })
        .end('{"is_active":true}');
    if (path === '/api/v1/company')
      return void outgoing.writeHead(500, json).end('{"status":"error","reason":"The API says why."}');
    if (path === '/api/v1/contract/cancel')
      return void outgoing.writeHead(429, { ...json, 'Retry-After': '17' }).end('{"status":"error"}');
    outgoing.writeHead(200, json).end('{"status":"done"}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiPort = (api.address() as AddressInfo).port;
  const root = join(process.cwd(), 'dist');
  edge = await startNginx({ port: await freePort(), root, apiPort, realIpFrom: '127.0.0.1' });
  direct = await startNginx({ port: await freePort(), root, apiPort });
});

test.afterAll(async () => {
  // Either may be missing when the other did not start.
  (edge as RunningNginx | undefined)?.stop();
  (direct as RunningNginx | undefined)?.stop();
  await new Promise((resolve) => api.close(resolve));
});

const portalCall = { 'X-Portal-Request': '1', 'Content-Type': 'application/json' };

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

/** A call of the portal's kind through `edge`, from `client` (as the balancer names it). */
async function call(client: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${edge.url}${path}`, {
    method: init.method ?? 'POST',
    headers: { ...portalCall, 'X-Forwarded-For': client, ...init.headers },
    ...((init.method ?? 'POST') === 'POST' ? { body: '{}' } : {}),
  });
  return { status: response.status, headers: response.headers, body: await response.text() } satisfies Answer;
}

/** `count` calls in a row, one after the other; their statuses. */
async function inARow(client: string, path: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await call(client, path)).status);
  return statuses;
}

test.describe('rate limits that stop a script (N1)', () => {
  test('60 new passwords (reset token guesses) in a row are answered 429 after the third', async () => {
    const statuses = await inARow('198.51.100.10', '/api/v1/changepassword', 60);
    expect(statuses.indexOf(429)).toBe(3);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    // nginx's own 429: JSON without a reason, how long to wait, and the headers of every answer.
    const refused = await call('198.51.100.10', '/api/v1/changepassword');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ status: 'error' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  test('9 reset mails a second for 10 s: all but the first few are answered 429', async () => {
    const statuses: Promise<number>[] = [];
    const started = Date.now();
    for (let index = 0; index < 90; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + index * 111 - Date.now())));
      statuses.push(call('198.51.100.11', '/api/v1/forgotpassword').then((answer) => answer.status));
    }
    const all = await Promise.all(statuses);
    // 3 at once, and one more every 20 s.
    expect(all.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
    expect(all.filter((status) => status === 429).length).toBeGreaterThanOrEqual(86);
  });

  test('a login under another spelling of its path is counted as a login', async () => {
    // As the API receives them (the raw path), and as nginx reads them (decoded and normalised).
    const spellings = [
      '/api/v1/login',
      '/api/v1/login;x',
      '/api/v1/login.json',
      '/api/v1/login%20',
      '/api/v1/login/',
      '/api/v1//login',
      '/api/v1/%6Cogin',
      '/api/v1/LOGIN',
    ];
    for (const [index, path] of spellings.entries()) {
      const statuses = await inARow(`198.51.100.${20 + index}`, path, 10);
      // 6 at once (5 a minute, a burst of 5), then 429.
      expect(statuses, path).toEqual([...Array<number>(6).fill(200), ...Array<number>(4).fill(429)]);
    }
    // Other calls are not counted, nor a call whose name only begins like a limited one.
    expect(await inARow('198.51.100.20', '/api/v1/loginx', 3)).toEqual([200, 200, 200]);
    expect((await call('198.51.100.20', '/api/v1/licences', { method: 'GET' })).status).toBe(200);
  });

  test('registrations: 2 at once; messages to support and licence orders: 3 at once, together', async () => {
    expect(await inARow('198.51.100.30', '/api/v1/register/company', 4)).toEqual([200, 200, 429, 429]);
    const messages = [];
    for (const path of ['/api/v1/contact', '/api/v1/licence/order', '/api/v1/contact', '/api/v1/licence/order'])
      messages.push((await call('198.51.100.31', path)).status);
    expect(messages).toEqual([200, 200, 200, 429]);
    // Each limit has its own bucket: this client may still log in.
    expect((await call('198.51.100.31', '/api/v1/login')).status).toBe(200);
  });

  test('an IPv6 client is counted per /64, however nginx writes its address', async () => {
    expect(await inARow('2001:db8:1:2::a', '/api/v1/login', 6)).toEqual(Array<number>(6).fill(200));
    // Other addresses of the same /64.
    expect((await call('2001:db8:1:2:ffff:ffff:ffff:fffe', '/api/v1/login')).status).toBe(429);
    expect((await call('2001:db8:1:2::b', '/api/v1/login')).status).toBe(429);
    // Another /64.
    expect((await call('2001:db8:1:3::a', '/api/v1/login')).status).toBe(200);
    // nginx writes 2001:db8:0:0:1:0:0:2 as 2001:db8::1:0:0:2: the same /64 as 2001:db8::5.
    expect(await inARow('2001:db8::5', '/api/v1/login', 6)).toEqual(Array<number>(6).fill(200));
    expect((await call('2001:db8:0:0:1:0:0:2', '/api/v1/login')).status).toBe(429);
  });

  test("the v1.1 proposal's calls of the same names count against the same limits as v1's", async () => {
    // One bucket for both: three logins of each, and the seventh of either is refused.
    expect(await inARow('198.51.100.70', '/api/v1/login', 3)).toEqual([200, 200, 200]);
    expect(await inARow('198.51.100.70', '/api/v1.1/login', 4)).toEqual([200, 200, 200, 429]);
    expect((await call('198.51.100.70', '/api/v1/login')).status).toBe(429);
    expect(await inARow('198.51.100.71', '/api/v1.1/register/company', 3)).toEqual([200, 200, 429]);
    expect(await inARow('198.51.100.72', '/api/v1.1/%6Cogin', 7)).toEqual([...Array<number>(6).fill(200), 429]);
    // Another version's path is another call: /api/v1.2/login is not a login here.
    expect(await inARow('198.51.100.73', '/api/v1.2/login', 7)).toEqual(Array<number>(7).fill(200));
  });

  test("a passkey's challenges have a limit of their own: 11 at once, none of them a login", async () => {
    const challenges = [
      '/api/v1.1/login/passkey/options',
      '/api/v1.1/account/reauth/options',
      '/api/v1.1/account/passkeys/options',
    ];
    // At once: the bucket fills again one every 6 s.
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => call('198.51.100.74', challenges[index % challenges.length] ?? '')),
    );
    expect(statuses.map((answer) => answer.status).sort()).toEqual([...Array<number>(11).fill(200), 429]);
    // The logins of this client are all still there, and the passkey sign-in itself is one of them.
    expect(await inARow('198.51.100.74', '/api/v1.1/login/passkey', 7)).toEqual([...Array<number>(6).fill(200), 429]);
    // Another spelling of the options (the API decodes it) is read as sent, a path below the login's:
    // it counts against the stricter limit, the login's.
    expect(await inARow('198.51.100.75', '/api/v1.1/login/passkey/%6Fptions', 7)).toEqual([
      ...Array<number>(6).fill(200),
      429,
    ]);
  });

  test("the API's own 429 is passed on with its Retry-After", async () => {
    const answer = await call('198.51.100.40', '/api/v1/contract/cancel', { method: 'GET' });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('17');
  });
});

test.describe("the API learns the client's address (N1)", () => {
  test('from the balancer named in the real_ip block, and nothing a client added before it', async () => {
    received.length = 0;
    await call('203.0.113.7', '/api/v1/licences', { method: 'GET' });
    // A client that names an address of its choice before its own, which the balancer appends.
    await call('192.0.2.66, 203.0.113.8', '/api/v1/licences', { method: 'GET' });
    expect(received.map(({ headers }) => [headers['x-forwarded-for'], headers['x-real-ip']])).toEqual([
      ['203.0.113.7', '203.0.113.7'],
      ['203.0.113.8', '203.0.113.8'],
    ]);
  });

  test('without a balancer, the address nginx sees, whatever X-Forwarded-For the client sends', async () => {
    received.length = 0;
    for (const path of ['/api/v1/licences', '/api/v1/logout'])
      await fetch(`${direct.url}${path}`, { headers: { ...portalCall, 'X-Forwarded-For': '192.0.2.66' } });
    expect(received.map(({ url, headers }) => [url, headers['x-forwarded-for'], headers['x-real-ip']])).toEqual([
      ['/api/v1/licences', '127.0.0.1', '127.0.0.1'],
      ['/api/v1/logout', '127.0.0.1', '127.0.0.1'],
    ]);
  });
});

test.describe('a host-only session cookie (N2)', () => {
  test('a cookie the API scopes to a parent domain arrives without a domain, for every path, Secure, HttpOnly and SameSite=Strict', async () => {
    const login = await call('198.51.100.50', '/api/v1/login');
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      const attributes = cookie.split(/;\s*/).slice(1);
      // An empty Domain, which a browser ignores (RFC 6265 §5.2.3): the cookie is the host's alone.
      expect(
        attributes.filter((attribute) => /^domain=/i.test(attribute)),
        cookie,
      ).toEqual([expect.stringMatching(/^domain=$/i)]);
      expect(
        attributes.filter((attribute) => /^path=/i.test(attribute)),
        cookie,
      ).toEqual([expect.stringMatching(/^path=\/$/i)]);
      expect(attributes.map((attribute) => attribute.toLowerCase())).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=strict']),
      );
    }
  });

  test("the browser keeps it for the portal's host alone", async ({ page }) => {
    // A name of loopback with a domain above it (Chromium resolves *.localhost itself and keeps
    // Secure cookies over HTTP there): Chromium stores a cookie with Domain=portal.localhost for
    // that host and every host under it, one without for the host alone.
    const logIn = (origin: string) =>
      page.evaluate(
        async (url) =>
          (
            await fetch(url, {
              method: 'POST',
              headers: {
                'X-Portal-Request': '1',
                'Content-Type': 'application/json',
                'X-Cookie-Domain': 'portal.localhost',
              },
              body: '{}',
            })
          ).status,
        `${origin}/api/v1/login`,
      );
    const edgeOrigin = `http://portal.localhost:${new URL(edge.url).port}`;
    await page.goto(`${edgeOrigin}/robots.txt`);
    expect(await logIn(edgeOrigin)).toBe(200);
    const session = (await page.context().cookies()).find((cookie) => cookie.name === 'portal_session');
    expect(session).toMatchObject({
      domain: 'portal.localhost',
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });

    // The same answer straight from the API: the cookie goes to every host under portal.localhost.
    await page.context().clearCookies();
    const apiOrigin = `http://portal.localhost:${(api.address() as AddressInfo).port}`;
    await page.goto(`${apiOrigin}/robots.txt`);
    expect(await logIn(apiOrigin)).toBe(200);
    const scoped = (await page.context().cookies()).find((cookie) => cookie.name === 'portal_session');
    expect(scoped).toMatchObject({ domain: '.portal.localhost', path: '/api/v1' });
  });
});

test.describe("the v1.1 proposal's event stream through the edge", () => {
  test('passes each event on as it comes, uncompressed and never stored, and only for the portal', async () => {
    const started = Date.now();
    const response = await fetch(`${edge.url}/api/v1.1/events`, {
      headers: { 'X-Portal-Request': '1', 'X-Forwarded-For': '198.51.100.80', 'Accept-Encoding': 'gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readOn = async () => {
      const { done, value } = await reader.read();
      if (done) throw new Error(`The stream ended early: ${text}`);
      text += decoder.decode(value, { stream: true });
    };
    while (!text.includes('id: 1')) await readOn();
    // The first event, before the API sends its second a second later: nothing held back.
    expect(Date.now() - started).toBeLessThan(900);
    expect(text).not.toContain('id: 2');
    while (!text.includes('id: 2')) await readOn();
    await reader.cancel();
    const foreign = await fetch(`${edge.url}/api/v1.1/events`, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(foreign.status).toBe(403);
  });
});

test.describe('a logout that cannot fail open (N3, the edge)', () => {
  const clears = '"cache", "cookies"';

  test.afterEach(() => {
    logout = 'done';
  });

  test('the logout clears the cookies whatever the API answers, and in time when it answers nothing', async () => {
    const answered = await call('198.51.100.60', '/api/v1/logout', { method: 'GET' });
    expect([answered.status, answered.headers.get('clear-site-data')]).toEqual([200, clears]);
    expect(answered.body).toBe('{"status":"done"}');

    logout = 'crash';
    const crashed = await call('198.51.100.60', '/api/v1/logout', { method: 'GET' });
    expect([crashed.status, crashed.headers.get('clear-site-data')]).toEqual([502, clears]);
    expect(JSON.parse(crashed.body)).toEqual({ status: 'error' });
    expect(crashed.headers.get('cache-control')).toBe('no-store');
    expect(crashed.headers.get('content-security-policy')).toContain("default-src 'none'");

    logout = 'hang';
    const started = Date.now();
    const timedOut = await call('198.51.100.60', '/api/v1/logout', { method: 'GET' });
    expect([timedOut.status, timedOut.headers.get('clear-site-data')]).toEqual([502, clears]);
    // nginx's 10 s, well before the portal's own 120 s.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test("the v1.1 proposal's POST logout clears the cookies as v1's does, whatever the API answers", async () => {
    const answered = await call('198.51.100.62', '/api/v1.1/logout');
    expect([answered.status, answered.headers.get('clear-site-data')]).toEqual([200, clears]);
    logout = 'crash';
    const crashed = await call('198.51.100.62', '/api/v1.1/logout');
    expect([crashed.status, crashed.headers.get('clear-site-data')]).toEqual([502, clears]);
    const foreign = await call('198.51.100.62', '/api/v1.1/logout', { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect([foreign.status, foreign.headers.get('clear-site-data')]).toEqual([403, null]);
  });

  test('another site cannot log a customer out, and other calls keep the error the API sent', async () => {
    const foreign = await call('198.51.100.61', '/api/v1/logout', {
      method: 'GET',
      headers: { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('clear-site-data')).toBeNull();
    const company = await call('198.51.100.61', '/api/v1/company', { method: 'GET' });
    expect([company.status, company.body]).toEqual([500, '{"status":"error","reason":"The API says why."}']);
    expect(company.headers.get('clear-site-data')).toBeNull();
  });
});

test.describe('a logout that cannot fail open, in the browser (N3)', () => {
  test.use({ locale: 'en-US' });

  // v1's `GET /logout`, and v1.1's `POST /logout` (a location of its own) where the server offers it.
  for (const [version, call, path] of [
    ['v1', 'GET /logout', '/api/v1/logout'],
    ['v1.1', 'v1.1 POST /logout', '/api/v1.1/logout'],
  ] as const) {
    test(`a logout whose API call fails leaves no session in the browser: the next /me is 401 (${version})`, async ({
      page,
    }) => {
      await mockSpeaks(version);
      await logInAsDemo(page);
      const cookie = (await page.context().cookies(productionUrl)).find(
        (candidate) => candidate.name === 'portal_session',
      );
      if (!cookie) throw new Error('no session cookie after the login');
      const fault = await fetch(`${mockApi}/__mock/fault`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ call, kind: 'http500', times: 1 }),
      });
      expect(fault.status).toBe(200);

      const answer = page.waitForResponse((response) => response.url() === `${productionUrl}${path}`);
      await page.getByRole('button', { name: 'Log out' }).click();
      expect((await answer).status()).toBe(502);
      // The login page, which may say that the logout could not be confirmed (the portal's own part of N3).
      await expect(page).toHaveURL(/\/login(\/|$)/);

      const me = await page.evaluate(
        async () => (await fetch('/api/v1/me', { headers: { 'X-Portal-Request': '1' } })).status,
      );
      expect(me).toBe(401);
      expect((await page.context().cookies(productionUrl)).map((candidate) => candidate.name)).not.toContain(
        'portal_session',
      );
      // The API itself never ended the session: only the browser's forgetting protects the next person.
      const atTheApi = await fetch(`${mockApi}/api/v1/me`, { headers: { Cookie: `portal_session=${cookie.value}` } });
      expect(atTheApi.status).toBe(200);
    });
  }
});

test.describe('the redirect on a stock server (N5)', () => {
  /** A plain-HTTP GET naming `host`, as a client that typed another name for the server would. */
  function get(url: string, host: string): Promise<{ status: number; location: string | undefined; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { headers: { Host: host } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
        );
      });
      request.once('error', reject);
      request.end();
    });
  }

  test('plain HTTP under any Host goes to the configured name, beside a stock site, over IPv4 and IPv6', async () => {
    const stock = await startNginx({
      port: await freePort(),
      redirectPort: await freePort(),
      root: join(process.cwd(), 'dist'),
      serverName: 'portal.example.com',
      stockSite: 'named',
      ipv6: true,
    });
    try {
      const port = new URL(stock.redirectUrl ?? '').port;
      for (const host of ['portal.example.com', 'attacker.example', '127.0.0.1']) {
        const answer = await get(`http://127.0.0.1:${port}/login?next=%2Fcompany`, host);
        expect([answer.status, answer.location], host).toEqual([
          301,
          'https://portal.example.com/login?next=%2Fcompany',
        ]);
      }
      const overIpv6 = await get(`http://[::1]:${port}/`, 'attacker.example');
      expect([overIpv6.status, overIpv6.location]).toEqual([301, 'https://portal.example.com/']);
      // The stock site still answers its own name.
      expect(await get(`http://127.0.0.1:${port}/`, 'localhost')).toMatchObject({ status: 200 });
    } finally {
      stock.stop();
    }
  });

  test("nginx refuses to start beside a stock site that is the port's default server too", async () => {
    await expect(
      startNginx({
        port: await freePort(),
        redirectPort: await freePort(),
        root: join(process.cwd(), 'dist'),
        stockSite: 'default_server',
      }),
    ).rejects.toThrow(/a duplicate default server/);
  });
});
