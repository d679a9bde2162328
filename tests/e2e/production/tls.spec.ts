/**
 * The shipped configuration over real HTTPS (decision 031): deploy/nginx/portal.conf with both its
 * server blocks, the TLS one with a certificate for 127.0.0.1 made by openssl for this run
 * (scripts/nginx.ts), the production build behind it and /api/ proxied to the mock API. The
 * journeys use the same file over plain HTTP; this is where its TLS settings, the redirect from
 * plain HTTP, HSTS and the access log as shipped are tested.
 */
import { readdirSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:tls';
import { join } from 'node:path';
import { freePort, startNginx, type RunningNginx } from '../../../scripts/nginx';
import { expect, mockApi, test } from '../support/production';

let nginx: RunningNginx;

test.beforeAll(async () => {
  nginx = await startNginx({
    port: await freePort(),
    redirectPort: await freePort(),
    root: join(process.cwd(), 'dist'),
    apiPort: Number(new URL(mockApi).port),
    tls: true,
  });
});

test.afterAll(() => nginx.stop());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A GET over HTTPS that trusts the run's certificate (and nothing else), as a browser would check it. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = httpsRequest(`${nginx.url}${path}`, { ca: nginx.ca, headers }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    call.once('error', reject);
    call.end();
  });
}

/** The outcome of a TLS handshake with only the given protocol version (and cipher suites). */
function handshake(version: 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3', ciphers?: string): Promise<string> {
  const { port } = new URL(nginx.url);
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1',
      port: Number(port),
      ca: nginx.ca,
      minVersion: version,
      maxVersion: version,
      // The client would refuse the old versions itself; it must offer them for the server to refuse.
      ciphers: ciphers ?? 'DEFAULT@SECLEVEL=0',
    });
    socket.once('secureConnect', () => {
      resolve(`${socket.getProtocol()} ${socket.getCipher().name}`);
      socket.end();
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

test('plain HTTP answers every address with a permanent redirect to the same one over HTTPS', async () => {
  for (const path of ['/', '/login?next=%2Fcompany', '/api/v1/me', '/assets/missing.js']) {
    const response = await fetch(`${nginx.redirectUrl}${path}`, { redirect: 'manual' });
    expect(response.status, path).toBe(301);
    expect(response.headers.get('location'), path).toBe(`https://127.0.0.1${path}`);
  }
});

test('HTTPS speaks TLS 1.2 and 1.3 only, with forward-secret AEAD suites', async () => {
  expect(await handshake('TLSv1.3')).toMatch(/^TLSv1\.3 TLS_/);
  expect(await handshake('TLSv1.2')).toMatch(/^TLSv1\.2 ECDHE-ECDSA-(AES\d+-GCM|CHACHA20-POLY1305)/);
  // The server itself refuses (a protocol_version or handshake_failure alert), not the client.
  expect(await handshake('TLSv1.1')).toBe('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION');
  expect(await handshake('TLSv1')).toBe('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION');
  expect(await handshake('TLSv1.2', 'ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA384')).toBe(
    'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  );
});

test('every answer over HTTPS carries HSTS for two years and the subdomains', async () => {
  const script = readdirSync(join(process.cwd(), 'dist/assets')).find((name) => name.endsWith('.js'));
  const answers: [string, Record<string, string>, number][] = [
    ['/', {}, 200],
    ['/login', {}, 200],
    ['/dashboard', {}, 200],
    [`/assets/${script}`, {}, 200],
    ['/robots.txt', {}, 200],
    ['/newpassword', {}, 200],
    ['/.vite/manifest.json', {}, 404],
    ['/api/v1/licences', {}, 403],
    ['/api/v1/licences', { 'X-Portal-Request': '1' }, 200],
    ['/api/v1/me', { 'X-Portal-Request': '1' }, 401],
  ];
  for (const [path, headers, status] of answers) {
    const response = await get(path, headers);
    expect(response.status, path).toBe(status);
    expect(response.headers['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains');
  }
});

test('the access log as shipped keeps the path but no query and no Referer', async () => {
  const secret = 'Tok3nThatMustNotBeLogged';
  const response = await get(`/newpassword?email=demo%40example.com&token=${secret}`, {
    Referer: `https://127.0.0.1/newpassword?email=demo%40example.com&token=${secret}`,
    'User-Agent': 'tls-log-test',
  });
  expect(response.status).toBe(200);
  await expect
    .poll(() =>
      nginx
        .portalLog()
        .split('\n')
        .filter((line) => line.includes('tls-log-test')),
    )
    .toEqual([expect.stringMatching(/"GET \/newpassword HTTP\/1\.1" 200 \d+ [\d.]+ "tls-log-test"$/)]);
  expect(nginx.portalLog()).not.toContain(secret);
  expect(nginx.portalLog()).not.toContain('example.com');
});
