import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';
import { axeBuilder } from './support/axe';

/**
 * Logs in through the mock API itself, so that this journey depends on the company page only;
 * the login form has its own journey.
 */
async function loginAndOpen(page: Page, email: string, path: string) {
  await openFresh(page, '/');
  // The reloaded page answers API calls only once its mock worker runs: the app renders after that.
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.evaluate(async (account) => {
    const response = await fetch('/api/v1/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account, password: 'Demo-Password-2026', language: 'en' }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    sessionStorage.setItem('portal.loggedIn', 'true');
    sessionStorage.setItem('portal.language', 'en');
  }, email);
  await page.goto(path);
}

async function expectNoAxeViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('changes the street, switches to direct debit with an IBAN typed in lower case with spaces, and sees the pending address', async ({
  page,
}) => {
  await loginAndOpen(page, 'demo@example.com', '/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Account and settings' })).toBeVisible();
  const data = page.getByRole('region', { name: 'Company data' });
  await expect(data.getByText('Musterstraße 1')).toBeVisible();
  await expect(data.getByText('demo@example.com')).toBeVisible();

  await data.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit company data' });
  await form.getByLabel('Street and number').fill('Neue Straße 5');
  // The seed pays by direct debit already: bill clears IBAN and mandate, direct debit asks for them again.
  await form.getByLabel('Payment method').selectOption({ label: 'Invoice / bank transfer' });
  await expect(form.getByLabel('IBAN')).toHaveCount(0);
  await form.getByLabel('Payment method').selectOption({ label: 'Direct debit' });
  const iban = form.getByRole('textbox', { name: 'IBAN' });
  await expect(iban).toHaveValue('');
  // Another account than the seed's, so that the view below proves the new IBAN was saved.
  await iban.pressSequentially('de44 5001 0517 5407 3249 31');
  await expect(iban).toHaveValue('DE44 5001 0517 5407 3249 31');
  await form
    .getByRole('checkbox', { name: 'We grant the following SEPA direct debit mandate for recurring payments' })
    .check();
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(data.getByText('Your changes have been saved.')).toBeVisible();
  const pending = data.getByRole('region', { name: /Changes awaiting confirmation/ });
  await expect(pending.getByText('Neue Straße 5')).toBeVisible();
  await expect(pending.getByText(/take up to three business days/)).toBeVisible();
  await expect(data.getByText('Direct debit')).toBeVisible();
  await expect(data.getByText('•••• •••• •••• •••• ••49 31')).toBeVisible();
});

test('keeps the caret where the customer types inside the IBAN', async ({ page }) => {
  await loginAndOpen(page, 'demo@example.com', '/company');
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit company data' });
  await form.getByLabel('Payment method').selectOption({ label: 'Invoice / bank transfer' });
  await form.getByLabel('Payment method').selectOption({ label: 'Direct debit' });
  const iban = form.getByRole('textbox', { name: 'IBAN' });
  await iban.pressSequentially('DE8937040044');
  await iban.press('Home');
  for (let step = 0; step < 2; step += 1) await iban.press('ArrowRight');
  await iban.pressSequentially('12');
  await expect(iban).toHaveValue('DE12 8937 0400 44');
  expect(await iban.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
  // Backspace right after a block space deletes the character before it, not only the space.
  await iban.press('Backspace');
  await expect(iban).toHaveValue('DE18 9370 4004 4');
  expect(await iban.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(3);
});

test('the company page has no accessibility violations in view and edit mode', async ({ page }) => {
  await loginAndOpen(page, 'demo@example.com', '/company');
  await expect(page.getByRole('region', { name: 'Company data' }).getByText('Demo GmbH')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('form', { name: 'Edit company data' }).getByRole('button', { name: 'Save' }).waitFor();
  await expectNoAxeViolations(page);
});

test('the notifications page explains that notifications are off and leads back to the company page', async ({
  page,
}) => {
  await loginAndOpen(page, 'demo@example.com', '/company');
  await page.getByRole('checkbox', { name: 'Send me notifications by email' }).uncheck();
  await page.getByRole('link', { name: 'What this means' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications are switched off' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to “Account and settings”' }).click();
  await expect(page.getByRole('checkbox', { name: 'Send me notifications by email' })).not.toBeChecked();
});
