import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';
import { termsCheckbox } from './support/portal';
import { axeBuilder } from './support/axe';

async function expectNoAxeViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

const password = 'Correct-Horse-Battery-9';

test('a new company registers, waits for activation, is activated and logs in', async ({ page }) => {
  await openFresh(page, '/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a company account' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill('new@example.com');
  const secret = page.getByLabel(/^Password/);
  await secret.fill('short');
  await expect(page.getByRole('listitem').filter({ hasText: 'more than 15 characters' })).toContainText('(missing)');
  await secret.fill(password);
  await expect(page.getByRole('listitem').filter({ hasText: 'more than 15 characters' })).toContainText('(done)');
  await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Neumann');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Neu IT GmbH');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Am Kai 3');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('20457');
  await page.getByRole('textbox', { name: 'City' }).fill('Hamburg');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
  await page.getByRole('checkbox', { name: /notifications/ }).check();
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/waiting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account awaits activation' })).toBeVisible();
  await expect(page.getByText('We activate your account within 2 to 3 business days.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Go to login' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email address' }).fill('new@example.com');
  await page.getByLabel(/^Password/).fill(password);
  const logIn = page.getByRole('button', { name: 'Log in' });
  await logIn.click();
  await expect(
    page.getByText('Please wait until your account is activated within 2 to 3 business days (notification by email)'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  expect(await page.evaluate(() => window.__portalMock.activate('new@example.com'))).toBe(true);
  await logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Username and password do not match or the account has not yet been activated'),
  ).toHaveCount(0);
});

test('a customer resets a forgotten password through the emailed link and logs in with it', async ({ page }) => {
  await openFresh(page, '/login');
  await page.getByRole('main').getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText('You will receive an email to set a new password.');

  const link = await page.evaluate(() => window.__portalMock.outbox().at(-1)?.link ?? null);
  expect(link).toMatch(/^\/newpassword\?email=demo%40example\.com&token=/);
  await page.goto(link ?? '/newpassword');
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('Brand-New-Password-2027');
  await page.getByLabel(/^Repeat the new password/).fill('Brand-New-Password-2028');
  const save = page.getByRole('button', { name: 'Save new password' });
  await save.click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel(/^Repeat the new password/).fill('Brand-New-Password-2027');
  await save.click();

  await expect(page).toHaveURL(/\/login\/changed$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByLabel(/^Password/).fill('Brand-New-Password-2027');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once only (the mock voids it): opening it again ends with the way to a new one.
  await page.goto(link ?? '/newpassword');
  await page.getByLabel(/^New password/).fill('Another-New-Password-2029');
  await page.getByLabel(/^Repeat the new password/).fill('Another-New-Password-2029');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('This link can no longer be used: it is invalid, has expired or has already been used.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset');
});

/** Each page with its form refused once, so that the inline errors are checked too. */
const pages: { path: string; invalid: number }[] = [
  { path: '/login/changed', invalid: 2 },
  // Seven required fields and the terms (decision 032).
  { path: '/register', invalid: 8 },
  { path: '/reset', invalid: 1 },
  { path: '/newpassword?email=demo%40example.com&token=x', invalid: 2 },
  { path: '/newpassword', invalid: 0 },
  { path: '/waiting', invalid: 0 },
];

test.describe('accessibility of the account pages', () => {
  for (const locale of ['en-US', 'de-DE']) {
    test.describe(`in ${locale}`, () => {
      test.use({ locale });

      for (const { path, invalid } of pages) {
        test(`${path} passes axe${invalid > 0 ? ' with its inline errors shown' : ''}`, async ({ page }) => {
          await openFresh(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          if (invalid > 0) {
            await page.locator('main form button[type="submit"]').click();
            await expect(page.locator('main [aria-invalid="true"]')).toHaveCount(invalid);
          }
          await expectNoAxeViolations(page);
        });
      }
    });
  }
});
