/**
 * The fresh sign-in before a risky change (issue 44, decision 058, point 4) in Chromium, on the
 * demo's mock in v1.1: the demo customer's sign-in is made older than the server's minutes, and
 * cancelling the contract asks for the password in one dialog over the page; a wrong one is said in
 * the server's words, the right one cancels the contract as asked. Given up, nothing is cancelled.
 * In both languages, axe clean, on a desktop and on a 390 × 844 phone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './support/axe';
import { openAs, seedPassword, text, type Language } from './support/portal';

const demo = 'demo@example.com';

/** The company page with a sign-in the server no longer counts as fresh; the contract's card. */
async function staleCompanyPage(page: Page, language: Language) {
  await openAs(page, '/company', { language, email: demo, apiVersion: 'v1.1' });
  await page.evaluate((email) => window.__portalMock.staleSignIns(email), demo);
  const card = page.getByRole('region', { name: text(language, 'company.cancel.heading') });
  await card.getByRole('button', { name: text(language, 'company.cancel.button') }).click();
  await card.getByRole('button', { name: text(language, 'company.cancel.confirm') }).click();
  return { card, dialog: page.getByRole('dialog', { name: text(language, 'freshSignIn.title') }) };
}

async function cancelsWithPassword(page: Page, language: Language) {
  const { dialog } = await staleCompanyPage(page, language);
  const password = dialog.getByLabel(text(language, 'freshSignIn.password'));
  await expect(password).toBeFocused();
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  await password.fill('not-the-password');
  await dialog.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    language === 'de' ? 'Das Passwort ist falsch.' : 'The password is wrong.',
  );
  await password.fill(seedPassword);
  await dialog.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(text(language, 'company.cancel.cancelled'), { exact: false })).toBeVisible();
}

test('cancelling the contract after the sign-in grew old asks for the password, then cancels it', async ({ page }) => {
  await cancelsWithPassword(page, 'en');
});

test('given up, the fresh sign-in leaves the contract as it was and says why', async ({ page }) => {
  const { card, dialog } = await staleCompanyPage(page, 'en');
  await expect(dialog.getByLabel(text('en', 'freshSignIn.password'))).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('alert')).toContainText('confirm it is you');
  await expect(card.getByRole('button', { name: text('en', 'company.cancel.button') })).toBeVisible();
});

test.describe('on a 390 × 844 phone, in German', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the fresh sign-in fits the screen, is axe clean and cancels the contract', async ({ page }) => {
    await cancelsWithPassword(page, 'de');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
