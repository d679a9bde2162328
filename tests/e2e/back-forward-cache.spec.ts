/**
 * The back/forward cache (security review N7, decision 044): a logged-in page the browser keeps
 * in memory must not show again once the session has ended. Chromium may or may not keep the page
 * (an open connection or the headless build can keep it out); either way, going back never shows
 * the customer's datastores, and where the page was restored from the cache, it was blank while
 * the session was checked.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAs, setFault } from './support/portal';

const demo = 'demo@example.com';

/** Notes each `pageshow` of the portal's documents: restored from the cache, and blank then. */
async function notePageShows(page: Page) {
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      // about:blank has no storage of the portal's.
      if (location.protocol === 'about:') return;
      const shows: { persisted: boolean; blank: boolean }[] = JSON.parse(
        sessionStorage.getItem('test.pageshows') ?? '[]',
      );
      shows.push({ persisted: event.persisted, blank: document.documentElement.hasAttribute('data-restoring') });
      sessionStorage.setItem('test.pageshows', JSON.stringify(shows));
    });
  });
}

async function pageShows(page: Page): Promise<{ persisted: boolean; blank: boolean }[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('test.pageshows') ?? '[]'));
}

test('after a logout, going back shows the login, never the dashboard', async ({ page }) => {
  await openAs(page, '/dashboard', { language: 'en', email: demo });
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login(\?next=%2Fdashboard)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toHaveCount(0);
});

test('a logged-in page left for another site and restored after the session ended shows the login', async ({
  page,
}) => {
  await notePageShows(page);
  await openAs(page, '/dashboard', { language: 'en', email: demo });
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
  // The session ends on the server while the page is away (an expiry, a logout elsewhere).
  await setFault(page, 'GET /me', 'http401');
  await page.goto('about:blank');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-restoring');
  const restored = (await pageShows(page)).filter((show) => show.persisted);
  test.info().annotations.push({
    type: 'back/forward cache',
    description: restored.length > 0 ? 'the page was restored from the cache' : 'Chromium loaded the page afresh',
  });
  // A page that came back from the cache was blank from the moment it showed.
  for (const show of restored) expect(show.blank).toBe(true);
});
