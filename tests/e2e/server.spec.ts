/**
 * The production server configuration (deploy/nginx) serving the production build (dist/):
 * caching, compression, SPA fallback, security headers, and the built portal running under
 * its Content-Security-Policy without a single violation. Needs `npm run build` first and
 * nginx (Debian's nginx-light; .ci/run installs it).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startNginx, type RunningNginx } from '../../scripts/nginx';

const port = 4180;
const dist = join(process.cwd(), 'dist');
let nginx: RunningNginx | undefined;
let base = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  nginx = await startNginx({ port, root: dist });
  base = nginx.url;
});

test.afterAll(() => nginx?.stop());

test('serves index.html uncached with the security headers', async ({ request }) => {
  const response = await request.get(`${base}/`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-frame-options']).toBe('DENY');
});

test('answers the public pages prerendered in the browser language', async ({ request }) => {
  const german = await request.get(`${base}/`, { headers: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' } });
  expect(await german.text()).toContain('<h1>Cloud-Backup-Speicher für Proxmox, gehostet in Deutschland</h1>');
  expect(german.headers()['vary']).toContain('Accept-Language');
  const english = await request.get(`${base}/`, { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
  expect(await english.text()).toContain('<h1>Cloud backup storage for Proxmox, hosted in Germany</h1>');
  const login = await request.get(`${base}/login`, { headers: { 'Accept-Language': 'de' } });
  expect(await login.text()).toMatch(/<html lang="de">[\s\S]*<title>Anmelden · Cloud-Backup-Portal<\/title>/);
  expect(login.headers()['content-security-policy']).toBeTruthy();
  // The shop is prerendered in its loading state; its catalogue comes from the API.
  const shop = await request.get(`${base}/shop`, { headers: { 'Accept-Language': 'en' } });
  expect(await shop.text()).toMatch(/<h1>Licence shop<\/h1><p class="page-loading" role="status">/);
});

test('caches hashed assets for a year and compresses them', async ({ request }) => {
  const script = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.js'));
  if (!script) throw new Error('no script in dist/assets');
  const response = await request.get(`${base}/assets/${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-encoding']).toBe('gzip');
  expect(response.headers()['content-security-policy']).toBeTruthy();
});

test('answers every route of the app with index.html and keeps source maps private', async ({ request }) => {
  for (const path of ['/dashboard', '/login/changed', '/shop/3', '/no/such/page']) {
    const response = await request.get(`${base}${path}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
  }
  const map = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.map'));
  if (map) expect((await request.get(`${base}/assets/${map}`)).status()).toBe(404);
  expect((await request.get(`${base}/assets/missing.js`)).status()).toBe(404);
});

test('serves a real robots.txt and the favicon', async ({ request }) => {
  const robots = await request.get(`${base}/robots.txt`);
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain('User-agent: *');
  expect((await request.get(`${base}/favicon.svg`)).headers()['content-type']).toContain('image/svg+xml');
});

test('runs the built portal under its Content-Security-Policy without a violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const consoleViolations: string[] = [];
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) consoleViolations.push(message.text());
  });
  for (const path of ['/', '/login', '/register', '/shop']) {
    await page.goto(`${base}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  }
  expect(consoleViolations).toEqual([]);
  expect(pageErrors).toEqual([]);
});
