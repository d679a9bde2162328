import { test as base, expect, type Page, type Request } from '@playwright/test';
import { collectPageErrors } from './support/page-errors';
import { openPrepared } from './support/portal';

interface PortalFixtures {
  /** Errors thrown in the page or logged with console.error; each test ends by expecting none. */
  pageErrors: string[];
  /** The page's requests under way, but the event stream's (`settled`). */
  inFlight: Set<Request>;
}

const inFlightOf = new WeakMap<Page, Set<Request>>();

/**
 * Waits until the page has had no request under way for half a second, the event stream aside:
 * what Playwright's `networkidle` means, which a logged-in page on v1.1 never reaches, as its
 * alerts' stream stays open (issue 45).
 */
export async function settled(page: Page) {
  const pending = inFlightOf.get(page);
  if (!pending) throw new Error('settled() needs the page of the test’s fixtures.');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Every journey starts from the seeded mock database with no latency, and fails on any
 * uncaught error or console.error in the page.
 */
export const test = base.extend<PortalFixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page);
      await use(errors);
      expect(errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
  inFlight: [
    async ({ page }, use) => {
      const pending = new Set<Request>();
      const done = (request: Request) => pending.delete(request);
      page.on('request', (request) => {
        if (!new URL(request.url()).pathname.endsWith('/events')) pending.add(request);
      });
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      inFlightOf.set(page, pending);
      await use(pending);
    },
    { auto: true },
  ],
});

/** Opens a path with a fresh mock database and no latency, in the browser's language. */
export async function openFresh(page: Page, path: string) {
  await openPrepared(page, path, {});
}

export { expect };
