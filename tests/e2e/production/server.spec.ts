/**
 * The production server configuration (deploy/nginx) serving the production build (dist/):
 * caching, compression, SPA fallback, security headers, and the built portal running under
 * its Content-Security-Policy without a single violation, public pages and a logged-in journey
 * alike, with the mock v1 API (scripts/mock-api/server.ts) proxied by nginx as the real one
 * would be (scripts/serve-production.mjs, which playwright.config.ts starts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from '@playwright/test';
import { withInlineHashes } from '../../../scripts/build/first-paint.mjs';
import { expect, productionUrl as base, test, waitForApp } from '../support/production';

const dist = join(process.cwd(), 'dist');
/**
 * The policy exactly as deploy/nginx sends it, with the hashes of this build's inline code; every
 * page below must run under it.
 */
const shippedPolicy = /add_header Content-Security-Policy "([^"]+)"/.exec(
  readFileSync(join(process.cwd(), 'deploy/nginx/security-headers.conf'), 'utf8'),
)?.[1];
if (!shippedPolicy) throw new Error('no Content-Security-Policy in deploy/nginx/security-headers.conf');
const policy = withInlineHashes(shippedPolicy, readFileSync(join(dist, '.nginx/inline-hashes.conf'), 'utf8'));

test('serves index.html uncached with the security headers', async ({ request }) => {
  const response = await request.get(`${base}/`);
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).toContain("base-uri 'none'");
  expect(headers['content-security-policy']).toContain("require-trusted-types-for 'script'; trusted-types 'none'");
  expect(headers['content-security-policy']).not.toContain('blob:');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
});

/** The portal's own header (src/api/client.ts), without which nginx refuses a call. */
const portalCall = { 'X-Portal-Request': '1' };
const refusal = 'This request did not come from the portal. Please reload the page.';

test('refuses a call to the API that another site could have made, before the API sees it', async ({ request }) => {
  const refused: Record<string, Record<string, string>> = {
    'without the portal header': {},
    'with another value of it': { 'X-Portal-Request': 'yes' },
    'from another site': { ...portalCall, 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors' },
    'from another origin of the same site': { ...portalCall, 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors' },
    'typed into the address bar': { ...portalCall, 'Sec-Fetch-Site': 'none', 'Sec-Fetch-Mode': 'navigate' },
    'as a navigation': { ...portalCall, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
  };
  for (const [what, headers] of Object.entries(refused)) {
    const response = await request.get(`${base}/api/v1/licences`, { headers });
    expect(response.status(), what).toBe(403);
    expect(await response.json(), what).toEqual({ status: 'error', reason: refusal });
    expect(response.headers()['cache-control'], what).toBe('no-store');
  }
  // The portal's own calls, with Fetch Metadata (Chromium) or without it (a browser that has none).
  for (const headers of [portalCall, { ...portalCall, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' }]) {
    const response = await request.get(`${base}/api/v1/licences`, { headers });
    expect(response.status()).toBe(200);
  }
});

test('never lets an answer of the API be stored, and sends the session cookie for the portal only, over HTTPS', async ({
  request,
}) => {
  const login = await request.post(`${base}/api/v1/login`, {
    headers: portalCall,
    data: { email: 'demo@example.com', password: 'Demo-Password-2026', language: 'en' },
  });
  expect(login.status()).toBe(200);
  expect(login.headers()['cache-control']).toBe('no-store');
  const cookie = login.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie')?.value ?? '';
  expect(cookie).toMatch(/^portal_session=/);
  expect(cookie.split(/;\s*/).slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']);
  expect(login.headers()['clear-site-data']).toBeUndefined();

  const me = await request.get(`${base}/api/v1/me`, {
    headers: { ...portalCall, Cookie: cookie.split(';')[0] ?? '' },
  });
  expect(me.status()).toBe(200);
  expect(me.headers()['cache-control']).toBe('no-store');
  // The logout's answer clears the browser's cache and cookies of the portal (decision 043).
  const logout = await request.get(`${base}/api/v1/logout`, {
    headers: { ...portalCall, Cookie: cookie.split(';')[0] ?? '' },
  });
  expect(logout.status()).toBe(200);
  expect(logout.headers()['clear-site-data']).toBe('"cache", "cookies"');
  expect(logout.headers()['cache-control']).toBe('no-store');
  expect(logout.headers()['content-security-policy']).toContain("default-src 'none'");
});

test("answers the reset link's page uncached, and nothing whose name starts with a dot", async ({ request }) => {
  const reset = await request.get(`${base}/newpassword?email=demo%40example.com&token=abc`);
  expect(reset.status()).toBe(200);
  expect(reset.headers()['cache-control']).toBe('no-store');
  expect(reset.headers()['referrer-policy']).toBe('no-referrer');
  expect(await reset.text()).toContain('<div id="root"></div>');
  for (const path of ['/.vite/manifest.json', '/.env', '/.git/config', '/assets/.hidden', '/.well-known/missing.txt']) {
    const response = await request.get(`${base}${path}`);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-security-policy'], path).toBe(policy);
  }
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
  // Between the heading and the loading line: that the offer is for businesses only (decision 032).
  expect(await shop.text()).toMatch(
    /<h1>Licence shop<\/h1><p class="business-only">[^<]*<\/p><p class="page-loading" role="status">/,
  );
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

interface PolicyWatch {
  /** securitypolicyviolation events of every document the page showed, and Chromium's CSP console messages. */
  violations: string[];
  /** Uncaught errors and console.error, except Chromium's line for an API call answered with an HTTP error. */
  errors: string[];
}

/**
 * Collects every CSP violation and error of the page across its navigations: the events are
 * passed out through a binding as they happen, so that a document left behind reports too.
 */
async function watchPolicy(page: Page): Promise<PolicyWatch> {
  const watch: PolicyWatch = { violations: [], errors: [] };
  await page.exposeFunction('reportPolicyViolation', (line: string) => watch.violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportPolicyViolation: (line: string) => Promise<void> })
          .reportPolicyViolation;
        void report(
          `${event.effectiveDirective} ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`,
        );
      },
      { capture: true },
    );
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy/i.test(text)) watch.violations.push(`console: ${text}`);
    else if (
      message.type() === 'error' &&
      !(text.startsWith('Failed to load resource') && answeredByApi(message.location().url))
    ) {
      watch.errors.push(`console.error: ${text}`);
    }
  });
  page.on('pageerror', (error) => watch.errors.push(`pageerror: ${error.message}`));
  return watch;
}

/**
 * A failed answer of the API is the page's to show, not an error of the page: v1's calls, and the
 * probe of v1.1 that a server knowing only v1 (this stand's mock) answers with 404 (decision 057).
 */
function answeredByApi(url: string): boolean {
  return url.includes('/api/v1/') || url.endsWith('/api/v1.1/capabilities');
}

/** Expects none of either, after a round trip that lets the page's pending reports arrive. */
async function expectClean(page: Page, watch: PolicyWatch) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(watch.violations, 'CSP violations').toEqual([]);
  expect(watch.errors, 'errors in the page').toEqual([]);
}

/** Opens a path as a first visit and checks that the document came with the production policy. */
async function open(page: Page, path: string): Promise<Response> {
  const response = await page.goto(`${base}${path}`);
  if (!response) throw new Error(`no answer for ${path}`);
  expect(response.headers()['content-security-policy']).toBe(policy);
  return response;
}

/** Marks the current document, so that a later check tells a router navigation from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}

async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    "navigated by the app's router, not loaded",
  ).toBe(true);
}

test.describe('the built portal under its Content-Security-Policy', () => {
  test.use({ locale: 'en-US', bypassCSP: false });

  test('reports a violation when one happens (the watch below and that of every journey are not blind)', async ({
    page,
    pageErrors,
    policyViolations,
  }) => {
    const watch = await watchPolicy(page);
    await open(page, '/login');
    await waitForApp(page);
    // Trusted Types: a script's text written from a string is refused before the script exists.
    const refused = await page.evaluate(() => {
      const script = document.createElement('script');
      try {
        script.textContent = 'window.inlineScriptRan = true;';
      } catch (error) {
        return String(error);
      }
      document.head.append(script);
      return null;
    });
    expect(refused).toContain('TrustedScript');
    // An image of another origin.
    await page.evaluate(() => {
      const image = new Image();
      image.src = 'https://images.example.org/pixel.png';
      document.body.append(image);
    });
    const caused = [
      /^require-trusted-types-for trusted-types-sink /,
      /^img-src https:\/\/images\.example\.org\/pixel\.png /,
    ];
    for (const violations of [watch.violations, policyViolations])
      await expect
        .poll(() => caused.map((line) => violations.filter((violation) => line.test(violation)).length))
        .toEqual([1, 1]);
    expect(
      await page.evaluate(() => (window as unknown as { inlineScriptRan?: boolean }).inlineScriptRan),
    ).toBeUndefined();
    // The violations this test caused on purpose, and Chromium's console lines for them: the only ones allowed.
    policyViolations.splice(0, policyViolations.length);
    pageErrors.splice(
      0,
      pageErrors.length,
      ...pageErrors.filter((line) => !/TrustedScript|images\.example\.org/.test(line)),
    );
  });

  test('runs the public pages: the app takes over the prerendered markup, loads the shop from the API, switches language and routes', async ({
    page,
  }) => {
    const watch = await watchPolicy(page);
    await open(page, '/login');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await open(page, '/register');
    await waitForApp(page);
    // The shop is prerendered in its loading state: only the running app fetches the catalogue.
    await open(page, '/shop');
    await waitForApp(page);
    await expect(page.getByRole('tab', { name: 'Virtualisation (VE)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article', { name: 'Proxmox VE Standard' })).toBeVisible();

    await open(page, '/');
    await waitForApp(page);
    await markDocument(page);
    // The German messages are a chunk of their own, loaded on the switch.
    await page.getByLabel('Language').selectOption('de');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cloud-Backup-Speicher für Proxmox, gehostet in Deutschland' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByRole('navigation', { name: 'Portal-Links' }).getByRole('link', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(`${base}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expectSameDocument(page);
    await expectClean(page, watch);
  });

  test('logs in through the form against the API behind nginx and opens /dashboard and /company', async ({ page }) => {
    const watch = await watchPolicy(page);
    await open(page, '/login');
    // Typed into the prerendered form, the values would be lost when the app renders over it.
    await waitForApp(page);
    await page.getByLabel('Email address').fill('demo@example.com');
    await page.locator('input[name="password"]').fill('Demo-Password-2026');
    await markDocument(page);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(`${base}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();
    await expectSameDocument(page);

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Account and settings', exact: true }).click();
    await expect(page).toHaveURL(`${base}/company`);
    const data = page.getByRole('region', { name: 'Company data' });
    await expect(data.getByText('Musterstraße 1')).toBeVisible();
    await expectSameDocument(page);
    // Logged in, a language switch is also told to the server (POST /language through the proxy).
    const saved = page.waitForResponse(
      (response) => response.url() === `${base}/api/v1/language` && response.request().method() === 'POST',
    );
    await menu.getByLabel('Language').selectOption('de');
    expect((await saved).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Konto und Einstellungen' })).toBeVisible();

    // A first visit of a logged-in page: nginx's SPA fallback, the session cookie through the proxy.
    // The language stays German for the rest of this browser session (sessionStorage).
    await open(page, '/company');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Konto und Einstellungen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Firmendaten' }).getByText('demo@example.com')).toBeVisible();
    await open(page, '/dashboard');
    await waitForApp(page);
    await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();
    await expectClean(page, watch);
  });
});
