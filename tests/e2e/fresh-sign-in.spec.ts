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
import { journeyApiTimeoutMs } from './support/api-timeout';
import { openAs, recordCalls, seedPassword, setFault, text, type Language } from './support/portal';

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

test('a server too slow for the password says so in the dialog, keeps the password, and one more click cancels the contract once', async ({
  page,
}) => {
  test.slow();
  const calls = recordCalls(page);
  await openAs(page, '/company', { language: 'en', email: demo, apiVersion: 'v1.1' });
  // The password's check answers after the client's time is up, once.
  await setFault(page, 'v1.1 POST /account/reauth', 'slow', { ms: journeyApiTimeoutMs + 2_000, times: 1 });
  await page.evaluate((email) => window.__portalMock.staleSignIns(email), demo);
  const card = page.getByRole('region', { name: text('en', 'company.cancel.heading') });
  await card.getByRole('button', { name: text('en', 'company.cancel.button') }).click();
  await card.getByRole('button', { name: text('en', 'company.cancel.confirm') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'freshSignIn.title') });
  const password = dialog.getByLabel(text('en', 'freshSignIn.password'));
  await password.fill(seedPassword);
  await dialog.getByRole('button', { name: text('en', 'secondStep.submit') }).click();
  await expect(dialog.getByRole('button', { name: text('en', 'secondStep.busy') })).toBeDisabled();
  // A second submit while the first waits (the form's own, past the disabled button) sends nothing.
  await dialog.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
  await expect(dialog.getByRole('alert')).toContainText('The server took too long to answer', {
    timeout: journeyApiTimeoutMs + 5_000,
  });
  expect(calls.of('v1.1 POST /account/reauth')).toHaveLength(1);
  await expect(password).toHaveValue(seedPassword);

  await dialog.getByRole('button', { name: text('en', 'secondStep.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(text('en', 'company.cancel.cancelled'), { exact: false })).toBeVisible();
  expect(calls.of('v1.1 POST /account/reauth')).toHaveLength(2);
  // The cancellation was asked twice, refused for the old sign-in and then done, under one key.
  const cancellations = calls.of('v1.1 POST /contract/cancellation');
  expect(cancellations).toHaveLength(2);
  expect(cancellations[0]?.key).toMatch(/\S/);
  expect(cancellations[1]?.key).toBe(cancellations[0]?.key);
});

test.describe('on a 390 × 844 phone, in German, a session that ended while the dialog was open', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('leads to the login, back to the company page, and nothing is cancelled until the customer asks again', async ({
    page,
  }) => {
    test.slow();
    const calls = recordCalls(page);
    const { card, dialog } = await staleCompanyPage(page, 'de');
    const password = dialog.getByLabel(text('de', 'freshSignIn.password'));
    await expect(password).toBeFocused();
    // The server ended the session meanwhile: the password's check is answered 401.
    await setFault(page, 'v1.1 POST /account/reauth', 'http401', { times: 1 });
    await password.fill(seedPassword);
    await dialog.getByRole('button', { name: text('de', 'secondStep.submit') }).click();
    // Nothing typed is lost (a confirmation's click is all there was): the login, then the page again.
    await expect(page).toHaveURL(/\/login/);
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: text('de', 'login.email') }).fill(demo);
    await main.getByLabel(text('de', 'login.password')).fill(seedPassword);
    await main.getByRole('button', { name: text('de', 'login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/company$/);
    expect(calls.of('v1.1 POST /contract/cancellation')).toHaveLength(1);
    await expect(card.getByRole('button', { name: text('de', 'company.cancel.button') })).toBeVisible();

    // Signed in just now, the customer's next request cancels without another question.
    await card.getByRole('button', { name: text('de', 'company.cancel.button') }).click();
    await card.getByRole('button', { name: text('de', 'company.cancel.confirm') }).click();
    await expect(page.getByText(text('de', 'company.cancel.cancelled'), { exact: false })).toBeVisible();
    expect(calls.of('v1.1 POST /contract/cancellation')).toHaveLength(2);
    await expect(dialog).toBeHidden();
  });
});
