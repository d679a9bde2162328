import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';
import { termsCheckbox } from './support/portal';

/**
 * The mock API's promise to a developer (docs/mock-api.md): on `npm run dev` a new account is
 * registered, activated and reset without any real server, by hand, through the operator panel
 * at the bottom left. Nothing here touches `window.__portalMock` after the fresh start.
 */

const email = 'panel@example.com';
const password = 'Correct-Horse-Battery-9';
const newPassword = 'Brand-New-Password-2027';

/** Opens the floating "Mock API" panel and returns its region. */
async function openPanel(page: Page) {
  const toggle = page.getByRole('complementary', { name: 'Mock API tools' }).getByRole('button', { name: 'Mock API' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Mock API operator' });
  await expect(panel).toBeVisible();
  return { toggle, panel };
}

async function logIn(page: Page, secret: string) {
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'Email address' }).fill(email);
  await form.getByLabel(/^Password/).fill(secret);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('a developer registers, activates, logs in and resets a password with only the portal and its operator panel', async ({
  page,
}) => {
  // Six screens and a full page load through the mail link: longer than the usual journey.
  test.setTimeout(60_000);
  await openFresh(page, '/register');

  // Register a new company account through the form.
  await expect(page.getByRole('heading', { level: 1, name: 'Create a company account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('textbox', { name: 'First name' }).fill('Paula');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Panel');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Panel IT GmbH');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Am Kai 3');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('20457');
  await page.getByRole('textbox', { name: 'City' }).fill('Hamburg');
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/waiting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account awaits activation' })).toBeVisible();

  // The operator activates it from the panel.
  const { toggle, panel } = await openPanel(page);
  const pending = panel.getByRole('list', { name: 'Pending accounts' });
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText('Paula Panel, Panel IT GmbH');
  await panel.getByRole('button', { name: `Activate ${email}` }).click();
  await expect(panel.getByRole('status')).toHaveText(`${email} is active.`);
  await expect(panel.getByRole('button', { name: `Activate ${email}` })).toHaveCount(0);
  const outbox = panel.getByRole('list', { name: 'Outbox (newest first)' });
  await expect(outbox.getByRole('listitem').first()).toContainText('Your account has been activated');
  await expect(outbox.getByRole('listitem').first()).toContainText(`To ${email}`);
  // The Activate button is gone; focus stays in the panel, so Escape closes it and returns to the toggle.
  await expect(panel.getByRole('heading', { name: 'Pending accounts' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(panel).toBeHidden();

  // The new customer logs in, reaches the dashboard and logs out.
  await page.getByRole('main').getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // A forgotten password: the reset mail arrives in the panel's outbox.
  await page.getByRole('main').getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await page.getByRole('main').getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('main').getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'You will receive an email to set a new password.',
  );

  await openPanel(page);
  const resetMail = outbox
    .getByRole('listitem')
    .filter({ hasText: 'Set a new password' })
    .filter({ hasText: `To ${email}` });
  await expect(resetMail).toHaveCount(1);
  await resetMail.getByRole('link', { name: /^\/newpassword\?email=panel%40example\.com&token=/ }).click();

  // The link leads to the new-password form, whose address keeps no token (decision 031); the new
  // password works at the next login.
  await expect(page).toHaveURL(/\/newpassword$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat the new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\/changed$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Your password has been changed.');
  await logIn(page, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});
