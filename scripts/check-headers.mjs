#!/usr/bin/env node
/**
 * `npm run check -- headers` (CI, after the build): the headers that the shipped configuration
 * (deploy/nginx) sends with the production build, scored by the published rules of Mozilla's HTTP
 * Observatory (scripts/headers/observatory.mjs names them and their source). Prints every test's
 * result with its deduction or bonus, and fails below A+ (100).
 *
 *   node scripts/check-headers.mjs        (needs dist/: npm run build:example)
 *
 * It starts what a scan needs, on free ports of loopback: nginx with portal.conf as shipped, over
 * HTTPS with a certificate for 127.0.0.1 made by openssl for the run (scripts/nginx.ts), its
 * redirect block on plain HTTP, and the mock API behind /api/. Then, as the Observatory does, it
 * asks for the front page over plain HTTP (the redirection), over HTTPS (every header, the scripts
 * of its HTML) and once more with an Origin of another site (CORS). The front page sets no cookie;
 * the one that matters is the session cookie, so it logs in through /api/ and scores the cookies of
 * that answer.
 */
import { existsSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { scoreHeaders } from './headers/observatory.mjs';

const repo = new URL('..', import.meta.url).pathname;
const dist = join(repo, 'dist');
const foreignOrigin = 'https://http-observatory.security.mozilla.org';

/** One HTTPS request that trusts the run's certificate and nothing else. */
function ask(url, ca, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const call = httpsRequest(url, { method, ca, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    call.once('error', reject);
    call.end(body);
  });
}

/** What the Observatory would see of the portal behind `nginx` (see the header comment). */
async function scan(nginx) {
  const front = `${nginx.url}/`;
  const plain = await fetch(`${nginx.redirectUrl}/`, { redirect: 'manual' });
  const page = await ask(front, nginx.ca, { headers: { 'Accept-Language': 'en' } });
  if (page.status !== 200) throw new Error(`the front page answered ${page.status} over HTTPS`);
  const cors = await ask(front, nginx.ca, { headers: { Origin: foreignOrigin } });
  const login = await ask(`${nginx.url}/api/v1/login`, nginx.ca, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Portal-Request': '1' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-Password-2026', language: 'en' }),
  });
  const cookies = login.headers['set-cookie'] ?? [];
  if (login.status !== 200 || cookies.length === 0)
    throw new Error(`the login through /api/ answered ${login.status} without a session cookie`);
  // The cookies of the front page and of the login: the Observatory scores those of its visit.
  return {
    https: { url: front, headers: page.headers, html: page.text },
    http: { status: plain.status, location: plain.headers.get('location') },
    cors: { origin: foreignOrigin, headers: cors.headers },
    cookies: [...(page.headers['set-cookie'] ?? []), ...cookies],
  };
}

/** The report: one line per test, then the score. */
export function report({ results, penalties, bonuses, bonusesCounted, score, grade }, url) {
  const sign = (value) => (value > 0 ? `+${value}` : String(value));
  const lines = [
    `Headers of the production build behind deploy/nginx/portal.conf (${url}), by the rules of Mozilla's HTTP Observatory:`,
  ];
  for (const { test, result, modifier } of results)
    lines.push(`  ${sign(modifier).padStart(4)}  ${test.padEnd(31)} ${result}`);
  let counted = `bonuses ${sign(bonuses)}`;
  if (bonuses === 0) counted = 'no bonuses';
  else if (!bonusesCounted) counted += ' not counted below 90';
  lines.push(`Score ${score} (${grade}): 100, penalties ${penalties === 0 ? 'none' : penalties}, ${counted}.`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(dist, 'index.html'))) {
    console.error('check:headers: no production build in dist/: run npm run build:example first.');
    process.exit(1);
  }
  const { module: nginxModule } = await runnerImport(join(repo, 'scripts/nginx.ts'));
  const { module: mockApi } = await runnerImport(join(repo, 'scripts/mock-api/server.ts'));
  const api = await mockApi.startApiServer(await nginxModule.freePort());
  let nginx;
  let failed = false;
  try {
    nginx = await nginxModule.startNginx({
      port: await nginxModule.freePort(),
      redirectPort: await nginxModule.freePort(),
      root: dist,
      apiPort: Number(new URL(api.url).port),
      tls: true,
    });
    const scored = scoreHeaders(await scan(nginx));
    console.log(report(scored, `${nginx.url}/`));
    if (scored.score < 100) {
      console.error(`check:headers: ${scored.score} (${scored.grade}) is below A+ (100).`);
      failed = true;
    }
  } catch (error) {
    console.error(`check:headers: ${error instanceof Error ? error.message : String(error)}`);
    failed = true;
  } finally {
    nginx?.stop();
    await api.close();
  }
  process.exit(failed ? 1 : 0);
}
