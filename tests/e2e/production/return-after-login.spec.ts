/**
 * Decision 027 on the build customers get, behind nginx: a bookmark of a guarded page opened while
 * logged out goes to the (prerendered) login page with `?next=`, and the login leads back to it; a
 * target outside the portal is refused.
 */
import { expect, productionUrl, seedPassword, test, waitForApp } from '../support/production';

test.use({ locale: 'en-US' });

async function logIn(page: Parameters<typeof waitForApp>[0]) {
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByLabel(/^Password/).fill(seedPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a bookmark of /company opened logged out returns to /company after the login', async ({ page }) => {
  await page.goto('/company');
  await expect(page).toHaveURL(/\/login\?next=%2Fcompany$/);
  await logIn(page);
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account and settings' })).toBeVisible();
});

test('a login address that names another site leads to the dashboard instead', async ({ page }) => {
  await page.goto(`/login?next=${encodeURIComponent('//evil.example')}`);
  await logIn(page);
  await expect(page).toHaveURL((url) => url.host === new URL(productionUrl).host && url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
});
