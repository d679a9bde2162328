import { test as base, expect, type Page } from '@playwright/test';
import { collectPageErrors } from './support/page-errors';
import { openPrepared } from './support/portal';

interface PortalFixtures {
  /** Errors thrown in the page or logged with console.error; each test ends by expecting none. */
  pageErrors: string[];
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
});

/** Opens a path with a fresh mock database and no latency, in the browser's language. */
export async function openFresh(page: Page, path: string) {
  await openPrepared(page, path, {});
}

export { expect };
