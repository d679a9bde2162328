/**
 * The back/forward cache on the build customers get (security review N7, decisions 043 and 044).
 * Playwright launches Chromium with the cache switched off, so this journey starts a browser of its
 * own with it on, the full Chromium (the headless shell the other journeys run has no such cache): a logged-in page the customer leaves is kept in memory, the session ends
 * elsewhere meanwhile, and going back must show the login, never the datastores, and the page must really
 * have come back from the cache (or the journey proves nothing).
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
import { expect, productionUrl, seedPassword, test } from '../support/production';

test.use({ locale: 'en-US' });

test('a dashboard restored from the back/forward cache after the session ended elsewhere shows the login', async () => {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs],
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const context = await browser.newContext({ baseURL: productionUrl, locale: 'en-US' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.addEventListener('pageshow', (event) => {
        if (!event.persisted) return;
        const shows = Number(sessionStorage.getItem('test.restored') ?? '0');
        sessionStorage.setItem('test.restored', String(shows + 1));
        // What the restored document showed the moment it came back: blank while the session is checked.
        sessionStorage.setItem('test.blank', String(document.documentElement.hasAttribute('data-restoring')));
      });
    });

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
    await page.getByLabel(/^Password/).fill(seedPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();

    // The customer leaves the portal for another document; the dashboard stays in the cache.
    await page.goto('about:blank');
    // Meanwhile the session ends elsewhere: the customer logs out on another device with the same
    // session (or it expires); the API no longer knows the cookie this browser still holds.
    const cookie = (await context.cookies(productionUrl)).find((candidate) => candidate.name === 'portal_session');
    if (!cookie) throw new Error('no session cookie after the login');
    const logout = await fetch(`${productionUrl}/api/v1/logout`, {
      headers: { Cookie: `portal_session=${cookie.value}`, 'X-Portal-Request': '1' },
    });
    expect(logout.status).toBe(200);

    // A page restored from the cache fires no load event: wait for the navigation's commit only.
    await page.goBack({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('test.restored')), 'restored from the cache').toBe('1');
    expect(await page.evaluate(() => sessionStorage.getItem('test.blank')), 'blank when restored').toBe('true');
    await context.close();
  } finally {
    await browser.close();
  }
});
