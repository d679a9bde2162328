/**
 * The window before the app runs, on the build customers get (decision 016): the prerendered form is
 * on screen while the scripts are still on their way. Chromium's CPU is slowed as on a phone and
 * every script is held back until the visitor has typed and pressed Enter or the button.
 * Nothing may leave in an address, nothing typed may be lost, and the form is sent exactly once.
 */
import type { Page } from '@playwright/test';
import {
  apiCalls,
  appStarted,
  expect,
  expectNoFormDataInUrls,
  holdScripts,
  seedPassword,
  slowCpu,
  test,
  waitForApp,
} from '../support/production';
import { termsCheckbox } from '../support/portal';

test.use({ locale: 'en-US' });

const waitingNote = 'The page is still loading. Your entry will be sent as soon as the page is ready.';

/** Every address the page's main frame showed, from its first navigation on. */
function watchAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  return addresses;
}

for (const rate of [4, 6]) {
  test(`an Enter on /login before the app runs logs in exactly once, with no password in any address (CPU ${rate}× slower)`, async ({
    page,
    requests,
  }) => {
    test.setTimeout(60_000);
    const addresses = watchAddresses(page);
    await slowCpu(page, rate);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
    const password = page.getByLabel(/^Password/);
    await password.fill(seedPassword);
    await password.press('Enter');
    // All of it happened in the prerendered page: the app did not run, and the form says it waits.
    expect(await appStarted(page)).toBe(false);
    await expect(page.getByText(waitingNote)).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible({ timeout: 15_000 });
    expect(apiCalls(requests, 'POST /login')).toHaveLength(1);
    expectNoFormDataInUrls(requests, ['email', 'password']);
    for (const address of addresses) expect(new URL(address).search, address).toBe('');
  });
}

test('what was typed on /login before the app ran is still there when it runs, with the focus and caret', async ({
  page,
  requests,
}) => {
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('demo@example.com');
  const password = page.getByLabel(/^Password/);
  await password.pressSequentially('Demo-Pass');
  await password.press('ArrowLeft');
  expect(await appStarted(page)).toBe(false);
  release();

  await waitForApp(page);
  await expect(email).toHaveValue('demo@example.com');
  await expect(password).toHaveValue('Demo-Pass');
  await expect(password).toBeFocused();
  // The caret is where the visitor left it: typing goes on there.
  await page.keyboard.type('X');
  await expect(password).toHaveValue('Demo-PasXs');
  await expect(page.getByText(waitingNote)).toHaveCount(0);
  expect(apiCalls(requests, 'POST /login')).toHaveLength(0);
});

test('a second Enter and a click before the app runs still send the login once', async ({ page, requests }) => {
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  const password = page.getByLabel(/^Password/);
  await password.fill(seedPassword);
  await password.press('Enter');
  await password.press('Enter');
  await page.getByRole('button', { name: 'Log in' }).click();
  expect(await appStarted(page)).toBe(false);
  release();

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
  expect(apiCalls(requests, 'POST /login')).toHaveLength(1);
});

test('an early Enter with a wrong email is checked by the app when it runs: an inline error, no call', async ({
  page,
  requests,
}) => {
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('demo@');
  await email.press('Enter');
  expect(await appStarted(page)).toBe(false);
  release();

  await waitForApp(page);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('demo@');
  expect(apiCalls(requests, 'POST /login')).toHaveLength(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('a registration filled in and sent before the app runs keeps every field and is sent once', async ({
  page,
  requests,
}) => {
  test.setTimeout(60_000);
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email address' }).fill('early@example.com');
  await page.getByLabel(/^Password/).fill('An-Early-Password-2026');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ella');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Eilig');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Eilig IT GmbH');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Am Kai 3');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('20457');
  await page.getByRole('textbox', { name: 'City' }).fill('Hamburg');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('FR');
  await page.getByRole('checkbox', { name: /notifications/ }).check();
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await appStarted(page)).toBe(false);
  await expect(page.getByText(waitingNote)).toBeVisible();
  release();

  await expect(page).toHaveURL(/\/waiting$/, { timeout: 30_000 });
  const calls = apiCalls(requests, 'POST /register/company');
  expect(calls).toHaveLength(1);
  expect(calls[0]?.postDataJSON()).toMatchObject({
    email: 'early@example.com',
    firstname: 'Ella',
    lastname: 'Eilig',
    pending_name: 'Eilig IT GmbH',
    pending_street: 'Am Kai 3',
    pending_postcode: '20457',
    pending_city: 'Hamburg',
    pending_country: 'FR',
    language: 'en',
  });
  expectNoFormDataInUrls(requests, ['email', 'password', 'firstname', 'lastname']);
});

test('a registration typed before the app runs is all there when it runs', async ({ page }) => {
  await slowCpu(page, 6);
  const release = await holdScripts(page);
  await page.goto('/register', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email address' }).fill('early@example.com');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ella');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('LUX');
  await page.getByRole('checkbox', { name: /notifications/ }).check();
  await page.getByRole('textbox', { name: 'City' }).fill('Luxembourg');
  expect(await appStarted(page)).toBe(false);
  release();

  await waitForApp(page);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue('early@example.com');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Ella');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('LUX');
  await expect(page.getByRole('checkbox', { name: /notifications/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Luxembourg');
  await expect(page.getByRole('textbox', { name: 'City' })).toBeFocused();
});

test('a reset requested before the app runs is sent once and confirmed', async ({ page, requests }) => {
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/reset', { waitUntil: 'commit' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('demo@example.com');
  await email.press('Enter');
  expect(await appStarted(page)).toBe(false);
  release();

  await expect(page.getByRole('status')).toHaveText('You will receive an email to set a new password.', {
    timeout: 30_000,
  });
  expect(apiCalls(requests, 'POST /forgotpassword')).toHaveLength(1);
  expectNoFormDataInUrls(requests, ['email']);
});
