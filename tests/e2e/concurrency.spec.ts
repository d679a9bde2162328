/**
 * Concurrency (the tabs are in tabs.spec.ts): double clicks and repeated
 * submits send one request, and leaving a screen while its call runs cancels the call without
 * an error.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAs, seedPassword, setFault } from './support/portal';

/** Counts the API requests of one call that the page sends. */
function countRequests(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === method && /^\/api\/v1(\.1)?\//.test(url.pathname) && path.test(url.pathname))
      seen.push(url.pathname);
  });
  return seen;
}

async function setLatency(page: Page, ms: number) {
  await page.evaluate((value) => window.__portalMock.setLatency(value), ms);
}

test('a double click on "Log in" sends one login request', async ({ page }) => {
  await openAs(page, '/login', { language: 'en' });
  const logins = countRequests(page, 'POST', /\/login$/);
  await setLatency(page, 800);
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('demo@example.com');
  await page.locator('input[name="password"]').fill(seedPassword);
  await page.getByRole('button', { name: 'Log in' }).dblclick();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(logins).toHaveLength(1);
});

test('submitting the contact form five times in a row sends one message', async ({ page }) => {
  await openAs(page, '/contact', { language: 'de', email: 'demo@example.com' });
  const messages = countRequests(page, 'POST', /\/contact$/);
  // The name comes from GET /me; the form is complete once it is there.
  await expect(page.getByRole('textbox', { name: 'Ihr Name', exact: true })).toHaveValue('Erika Mustermann');
  await setLatency(page, 800);
  await page.getByRole('textbox', { name: 'Ihre Nachricht', exact: true }).fill('Eine Frage zu meinem Datastore.');
  // Submits the form itself, as a script or a stuck key would, even while the button is busy.
  await page.getByRole('button', { name: 'Nachricht senden' }).evaluate((button) => {
    for (let submit = 0; submit < 5; submit += 1) (button as HTMLButtonElement).form?.requestSubmit();
  });
  await expect(page.getByText('Ihre Nachricht wurde gesendet.')).toBeVisible();
  expect(messages).toHaveLength(1);
});

test('a double click on a buy button buys one datastore', async ({ page }) => {
  await openAs(page, '/dashboard', { language: 'en', email: 'demo@example.com' });
  await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();
  // v1's purchase, or v1.1's where the mock speaks it (decision 057).
  const v1Purchases = countRequests(page, 'GET', /^\/api\/v1\/product\//);
  const v11Purchases = countRequests(page, 'POST', /^\/api\/v1\.1\/datastores$/);
  await setLatency(page, 800);
  const form = page.getByRole('form', { name: 'Dynamic rate' });
  await form.getByRole('textbox', { name: 'Datastore identifier' }).fill('dbl1');
  await form.getByRole('button', { name: 'Buy dynamic backup storage' }).dblclick();
  await expect(page.getByRole('dialog', { name: 'Your datastore “dbl1” is ready' })).toBeVisible({ timeout: 15_000 });
  expect([...v1Purchases, ...v11Purchases]).toHaveLength(1);
});

test('a double click on "Save" sends the company edit once', async ({ page }) => {
  await openAs(page, '/company', { language: 'en', email: 'demo@example.com' });
  await page.getByRole('button', { name: 'Edit' }).click();
  const edits = countRequests(page, 'POST', /\/edit\/company$/);
  await setLatency(page, 800);
  const form = page.getByRole('form', { name: 'Edit company data' });
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Potsdam');
  await form.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  expect(edits).toHaveLength(1);
});

test('leaving the contact form while its message is on the way cancels the call without an error', async ({
  page,
  pageErrors,
}) => {
  await openAs(page, '/contact', { language: 'en', email: 'demo@example.com' });
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().endsWith('/api/v1/contact')) failed.push(request.failure()?.errorText ?? '');
  });
  await page.getByRole('textbox', { name: 'Your message', exact: true }).fill('Please call me back.');
  // Answered only after 12 s: on a loaded machine leaving the form took 7 s (a CI run), and a
  // shorter answer arrived before the page had left, so there was nothing left to cancel.
  await setFault(page, 'POST /contact', 'slow', { ms: 12_000 });
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
  // Cancelled as the form leaves, long before its answer: nothing of it may show up or fail late.
  await expect.poll(() => failed, { timeout: 10_000 }).toHaveLength(1);
  await page.waitForTimeout(1_000);
  await expect(page.getByText('Your message has been sent.')).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: /error|server/i })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('leaving the dashboard while the datastores load cancels the call without an error', async ({
  page,
  pageErrors,
}) => {
  await openAs(page, '/encryption', { language: 'en', email: 'demo@example.com' });
  await setFault(page, 'GET /status', 'slow');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Encryption' }).click();
  await page.waitForTimeout(4_000);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/encryption$/);
  expect(pageErrors).toEqual([]);
});
