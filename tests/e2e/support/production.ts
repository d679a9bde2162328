/**
 * Helpers of the production journeys: the build customers get (dist/, prerendered) behind the
 * project's nginx, against the mock API over HTTP (scripts/serve-production.mjs, started by
 * playwright.config.ts).
 */
import { join } from 'node:path';
import { test as base, expect, type CDPSession, type Page, type Request } from '@playwright/test';
import { collectPageErrors } from './page-errors';

const port = Number(process.env.E2E_PORT ?? 4174);
/** nginx serving dist/ (playwright.config.ts: the port after E2E_PORT). */
export const productionUrl = `http://127.0.0.1:${port + 1}`;
/** The mock API's own port (its `/__mock/` controls are not proxied by nginx). */
export const mockApi = `http://127.0.0.1:${port + 2}`;
/** nginx's log of every request of the run, with its query and Referer (scripts/serve-production.mjs). */
export const accessLog = join(process.cwd(), 'e2e-logs/nginx-access.log');

export const seedPassword = 'Demo-Password-2026';

/** How the page tells the `policyViolations` fixture of a violation, on the console. */
const violationMark = '[securitypolicyviolation] ';

interface ProductionFixtures {
  /** Errors thrown in the page or logged with console.error; each test ends by expecting none. */
  pageErrors: string[];
  /**
   * Every Content-Security-Policy violation of every document the page showed (Trusted Types
   * included), as `directive blocked-address (file:line) on /path`; each test ends by expecting none.
   */
  policyViolations: string[];
  /** Every request the page made, in order. */
  requests: Request[];
}

/** Each journey starts from the seeded mock database and fails on any error in the page. */
export const test = base.extend<ProductionFixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const response = await fetch(`${mockApi}/__mock/reset`, { method: 'POST' });
      if (!response.ok) throw new Error(`the mock API did not reset: ${response.status}`);
      const errors = collectPageErrors(page);
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  policyViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      // Told through the console, whose messages reach the test even from a document the page has left.
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'debug' && text.startsWith(violationMark))
          violations.push(text.slice(violationMark.length));
      });
      await page.addInitScript((mark) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) => {
            console.debug(
              `${mark}${event.effectiveDirective} ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`,
            );
          },
          { capture: true },
        );
      }, violationMark);
      await use(violations);
      // A round trip, so that a report on its way arrives before the check. A page that is closed or
      // in the middle of a navigation has nothing on its way.
      if (!page.isClosed())
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  requests: async ({ page }, provide) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await provide(requests);
  },
});

/**
 * The calls of the API the page made, as `METHOD /path`: under /api/v1, or under /api/v1.1 where
 * the server offers it and the call keeps its method and path there (the licence order, the login).
 */
export function apiCalls(requests: Request[], call: string): Request[] {
  const [method, path] = call.split(' ');
  return requests.filter((request) => {
    const { pathname } = new URL(request.url());
    return request.method() === method && (pathname === `/api/v1${path}` || pathname === `/api/v1.1${path}`);
  });
}

/**
 * Has the mock API speak `version` until the next journey's reset (which goes back to the run's
 * API, E2E_PRODUCTION_API_VERSION): for a journey whose subject is a call of one API.
 */
export async function mockSpeaks(version: 'v1' | 'v1.1'): Promise<void> {
  const response = await fetch(`${mockApi}/__mock/api-version`, { method: 'POST', body: JSON.stringify({ version }) });
  expect(response.status).toBe(200);
}

/** Slows the page's CPU as Lighthouse's mobile profile does (4) or more. */
export async function slowCpu(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

/**
 * Holds back every script of the bundle, as a slow network would, until the test lets them through
 * with the `release` it returns: what the visitor does before that happens before the app runs,
 * however slowly a loaded machine lets the test type. (A hold of a fixed 2.5 s let the scripts
 * through before the visitor was done on a busy machine.)
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * True once the app's JavaScript has rendered: React's elements carry a `__reactFiber$…` key,
 * the prerendered markup never does.
 */
export function appStarted(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

export async function waitForApp(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** No request carried a form field or a credential in its address. */
export function expectNoFormDataInUrls(requests: Request[], fields: string[]) {
  for (const request of requests) {
    const url = new URL(request.url());
    for (const field of fields) {
      expect(url.searchParams.has(field), `${request.method()} ${request.url()} carries ${field}`).toBe(false);
    }
    expect(decodeURIComponent(url.search), `${request.url()} carries a secret`).not.toContain(seedPassword);
  }
}

/** Logs the seed's demo customer in through the login form (the page must have run its app). */
export async function logInAsDemo(page: Page) {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByLabel(/^Password/).fill(seedPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export { expect };
