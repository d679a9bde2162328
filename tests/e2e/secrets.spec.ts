/**
 * Secrets (SPEC §3, §9; decisions 005 and 035): the temporary password leaves the page after 5 minutes and on
 * logout; no password or IBAN reaches a URL, the browser's storage or the console; the browser
 * session holds only the logged-in flag and the language. The mock's own keys in localStorage
 * (`portal-mock-db`, its database, and `__msw-cookie-store__`, MSW's cookie jar) belong to the
 * mock, not to the portal, and are left out of the storage checks.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mockStarted, seedPassword } from './support/portal';

const mockKeys = ['portal-mock-db', '__msw-cookie-store__'];

async function loginThroughForm(page: Page, password = seedPassword) {
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('demo@example.com');
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function start(page: Page) {
  await page.goto('/');
  await mockStarted(page);
  await page.evaluate(() => {
    window.__portalMock.reset();
    window.__portalMock.setLatency(0);
    sessionStorage.clear();
    sessionStorage.setItem('portal.language', 'en');
  });
  await page.goto('/login');
  await mockStarted(page);
}

/** Buys a dynamic datastore and returns its temporary password as the overlay shows it. */
async function buyAndReadPassword(page: Page, identifier: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Dynamic rate' });
  await form.getByRole('textbox', { name: 'Datastore identifier' }).fill(identifier);
  await form.getByRole('button', { name: 'Buy dynamic backup storage' }).click();
  const dialog = page.getByRole('dialog', { name: `Your datastore “${identifier}” is ready` });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Show password' }).click();
  const password = (await dialog.locator('code.password-value').textContent()) ?? '';
  expect(password).toMatch(/^\S{8,}$/);
  return password;
}

async function pageHolds(page: Page, secret: string): Promise<boolean> {
  return page.evaluate((value) => {
    const inputs = [...document.querySelectorAll('input, textarea')].map((input) => (input as HTMLInputElement).value);
    return document.documentElement.outerHTML.includes(value) || inputs.some((text) => text.includes(value));
  }, secret);
}

test('the temporary password leaves the page after 5 minutes', async ({ page }) => {
  await page.clock.install();
  await start(page);
  await loginThroughForm(page);
  const password = await buyAndReadPassword(page, 'tmp1');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  expect(await pageHolds(page, password)).toBe(true);

  await page.clock.fastForward('05:01');
  await expect.poll(() => pageHolds(page, password)).toBe(false);
  await expect(
    page.getByRole('article', { name: 'tmp1' }).getByText(/^Empty: for security reasons, the password/),
  ).toBeVisible();
});

test('the temporary password leaves the page on logout and does not come back', async ({ page }) => {
  await start(page);
  await loginThroughForm(page);
  const password = await buyAndReadPassword(page, 'tmp2');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await pageHolds(page, password)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('portal.loggedIn'))).toBe('false');
  // Logout clears client state: going back shows the login, not the customer's data.
  await page.goBack();
  await expect(page).toHaveURL(/\/login(\?next=%2Fdashboard)?$/);
  expect(await pageHolds(page, password)).toBe(false);
  // The mock's operator panel lists its mails; the portal itself is in #root.
  await expect(page.locator('#root').getByText('demo@example.com')).toHaveCount(0);
});

test('no password or IBAN reaches a URL, the storage or the console during login, payment edit and logout', async ({
  page,
}) => {
  const urls: string[] = [];
  const logs: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('console', (message) => logs.push(message.text()));
  const iban = 'DE02 1203 0000 0000 2020 51';

  await start(page);
  await loginThroughForm(page);
  await page.goto('/company');
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit company data' });
  await form.getByLabel('Payment method').selectOption({ label: 'Invoice / bank transfer' });
  await form.getByLabel('Payment method').selectOption({ label: 'Direct debit' });
  await form.getByRole('textbox', { name: 'IBAN' }).fill(iban);
  await form
    .getByRole('checkbox', { name: 'We grant the following SEPA direct debit mandate for recurring payments' })
    .check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();

  const session = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
  expect(Object.keys(session).sort()).toEqual(['portal.language', 'portal.loggedIn']);
  const local = await page.evaluate(
    (skip) => Object.entries(localStorage).filter(([key]) => !skip.includes(key)),
    mockKeys,
  );

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const afterLogout = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
  expect(afterLogout).toEqual({ 'portal.language': 'en', 'portal.loggedIn': 'false' });

  const secrets = [seedPassword, iban, iban.replaceAll(' ', ''), encodeURIComponent(seedPassword)];
  const places = { urls, logs, session: JSON.stringify(session), local: JSON.stringify(local) };
  for (const secret of secrets) {
    for (const [place, value] of Object.entries(places)) {
      expect(JSON.stringify(value).includes(secret), `${place} holds a secret`).toBe(false);
    }
  }
});
