/**
 * The login's second step on the build customers get (issue 44, decision 058): behind the
 * project's nginx, against the mock API over HTTP in v1.1, an account protected by an
 * authenticator app is asked for its code after the password; the second step's code and messages
 * load only then, the ticket never appears in an address, and a CPU slowed 4× changes nothing.
 */
import type { Browser, Page } from '@playwright/test';
import { codeAt } from '../../../src/mocks/v1-1/totp';
import { axeBuilder } from '../support/axe';
import { text, type Language } from '../support/portal';
import {
  apiCalls,
  expect,
  expectNoFormDataInUrls,
  mockApi,
  mockSpeaks,
  seedPassword,
  slowCpu,
  test,
  waitForApp,
} from '../support/production';

test.use({ locale: 'en-US' });

async function protectDemo(): Promise<{ secret: string; recoveryCodes: string[] }> {
  await mockSpeaks('v1.1');
  const response = await fetch(`${mockApi}/__mock/protect`, {
    method: 'POST',
    body: JSON.stringify({ email: 'demo@example.com' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { secret: string; recoveryCodes: string[] };
}

for (const rate of [1, 4]) {
  test(`a protected account logs in with its authenticator's code (CPU ${rate}×)`, async ({ page, requests }) => {
    const { secret } = await protectDemo();
    if (rate > 1) await slowCpu(page, rate);
    await page.goto('/login');
    await waitForApp(page);
    await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
    await page.getByLabel(/^Password/).fill(seedPassword);
    await page.getByRole('button', { name: 'Log in' }).click();

    const step = page.getByRole('form', { name: 'Confirm that it is you' });
    const code = step.getByLabel(/^Code from your authenticator app/);
    await expect(code).toBeFocused({ timeout: 15_000 });
    // The step came with the answer: its code and its messages, loaded now, not with the page.
    expect(requests.some((request) => /\/assets\/second-step-[\w-]+\.js$/.test(request.url()))).toBe(true);
    expect(requests.some((request) => /\/assets\/messages-en-sign-in-[\w-]+\.js$/.test(request.url()))).toBe(true);
    await code.fill(codeAt(secret, Date.now()));
    await step.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible({ timeout: 15_000 });
    expect(apiCalls(requests, 'POST /login')).toHaveLength(1);
    const steps = requests.filter((request) => request.url().endsWith('/api/v1.1/login/second-factor'));
    expect(steps).toHaveLength(1);
    // The ticket travels in the body only.
    expect(steps[0]?.postDataJSON()).toMatchObject({ totp: expect.stringMatching(/^\d{6}$/) });
    expectNoFormDataInUrls(requests, ['ticket', 'totp', 'password']);
  });
}

test('a public page loads nothing of the second step or the passkey sign-in', async ({ page, requests }) => {
  await page.goto('/register');
  await waitForApp(page);
  await page.goto('/login');
  await waitForApp(page);
  // The login machine holds its second step's machine (a chunk of its own, since the fresh sign-in
  // shares its rules); the step's view, its calls and the browser's passkey code load on demand.
  const onDemand = /second-step-|confirmation-fields|passkey-sign-in|webauthn|sign-in-/;
  expect(requests.filter((request) => onDemand.test(request.url())).map((request) => request.url())).toEqual([]);
});

test('a server that knows only v1 shows no way to the security page, and the page itself says it is not offered', async ({
  page,
  requests,
}) => {
  // Where the server offers second factors, the company page's side leads to the security page.
  await mockSpeaks('v1.1');
  await logIn(page, 'en');
  // The top bar's alerts read their list once their stream is open (issue 45): that read is this
  // page's last of v1.1, before the server below stops speaking it.
  const sentBefore = requests.length;
  await page.goto('/company');
  const side = page.getByRole('complementary', { name: 'Contract, notifications and language' });
  const card = side.getByRole('region', { name: 'Sign-in protection' });
  await expect(card).toBeVisible();
  const listOf = () => requests.slice(sentBefore).find((request) => request.url().endsWith('/api/v1.1/alerts'));
  await expect.poll(() => listOf() !== undefined).toBe(true);
  await listOf()?.response();
  // The same session on a server that knows only v1 (each page load asks once): no way there.
  await mockSpeaks('v1');
  const sentOnV1 = requests.length;
  const probe = page.waitForResponse((response) => response.url().endsWith('/api/v1.1/capabilities'));
  await page.goto('/company');
  expect((await probe).status()).toBe(404);
  await expect(side.getByRole('region', { name: 'Cancel the contract' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Company data' }).getByText('Musterstraße 1')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.goto('/security');
  await expect(page.getByText(text('en', 'security.unavailable'))).toBeVisible();
  // On v1, no call of v1.1 but the probe, once for each of the two page loads.
  const v11 = requests.slice(sentOnV1).filter((request) => new URL(request.url()).pathname.startsWith('/api/v1.1/'));
  expect(v11.map((request) => new URL(request.url()).pathname)).toEqual([
    '/api/v1.1/capabilities',
    '/api/v1.1/capabilities',
  ]);
});

/** Logs in as the demo customer through the form, in the page's language. */
async function logIn(page: Page, language: Language) {
  await page.goto('/login');
  await waitForApp(page);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: text(language, 'login.email') }).fill('demo@example.com');
  await main.getByLabel(text(language, 'login.password')).fill(seedPassword);
  await main.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Two browsers signed in; the first ends the other's session on its security page. */
async function endsTheOtherSession(page: Page, browser: Browser, language: Language) {
  await mockSpeaks('v1.1');
  const other = await browser.newContext({ locale: language === 'de' ? 'de-DE' : 'en-US' });
  try {
    const elsewhere = await other.newPage();
    await logIn(elsewhere, language);
    await logIn(page, language);
    await page.goto('/security');
    const sessions = page.getByRole('region', { name: text(language, 'security.sessions') });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    await sessions.getByRole('button', { name: text(language, 'security.endOthers') }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions.getByText(text(language, 'security.thisBrowser'))).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );

    // The other browser's next call is answered 401: its session ends, and the login is asked for.
    await elsewhere.reload();
    await expect(elsewhere).toHaveURL(/\/login/);
    await expect(elsewhere.getByRole('heading', { level: 1, name: text(language, 'login.title') })).toBeVisible();
  } finally {
    await other.close();
  }
}

test('ending the other sessions on the security page logs that browser out', async ({ page, browser }) => {
  await endsTheOtherSession(page, browser, 'en');
});

test.describe('on a 390 × 844 phone, in German', () => {
  test.use({ locale: 'de-DE', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the security page ends the other sessions, fits the screen and is axe clean', async ({ page, browser }) => {
    await endsTheOtherSession(page, browser, 'de');
  });
});
