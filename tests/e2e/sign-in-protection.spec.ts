/**
 * The login's second step and the sign-in with a passkey alone (issue 44, decision 058) in
 * Chromium, on the demo's mock in v1.1 (the subject here, whichever API the other journeys have it
 * speak): an account protected by an authenticator app is asked for its code after the password,
 * and a code is taken once; a recovery code works once; a passkey registered with the DevTools
 * virtual authenticator signs in without an address or a password. In both languages, axe clean,
 * on a desktop and on a 390 × 844 phone.
 */
import type { Page } from '@playwright/test';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { expect, test } from './fixtures';
import { axeBuilder } from './support/axe';
import { mockStarted, openAs, seedPassword, text, type Language } from './support/portal';

const demo = 'demo@example.com';

/**
 * Opens /login on a fresh mock speaking v1.1 and protects the demo account with an authenticator
 * app: its secret and recovery codes, as the operator's control gives them. WebAuthn takes no IP
 * address as a relying party: the page is opened at `localhost`, on the port the journeys use.
 */
async function protectedLogin(page: Page, language: Language) {
  const base = new URL(test.info().project.use.baseURL ?? 'http://localhost');
  await page.goto(`http://localhost:${base.port}/login`);
  await mockStarted(page);
  const protection = await page.evaluate(
    async ({ language, email }) => {
      window.__portalMock.reset();
      window.__portalMock.setLatency(0);
      window.__portalMock.setApiVersion('v1.1');
      sessionStorage.setItem('portal.language', language);
      return window.__portalMock.protectWithAuthenticator(email);
    },
    { language, email: demo },
  );
  await page.reload();
  await mockStarted(page);
  return protection;
}

async function enterPassword(page: Page, language: Language) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: text(language, 'login.email') }).fill(demo);
  await main.getByLabel(text(language, 'login.password')).fill(seedPassword);
  await main.getByRole('button', { name: text(language, 'login.submit'), exact: true }).click();
  return main.getByRole('form', { name: text(language, 'secondStep.title') });
}

async function logOut(page: Page, language: Language) {
  // On a phone the navigation is behind the menu button (decided by the screen, not by what has
  // rendered yet: a look before the banner's button rendered would miss it).
  if ((page.viewportSize()?.width ?? 0) <= 390)
    await page
      .getByRole('banner')
      .getByRole('button', { name: text(language, 'nav.menu') })
      .click();
  await page.getByRole('button', { name: text(language, 'nav.logout') }).click();
  await expect(page).toHaveURL(/\/login/);
}

for (const language of ['en', 'de'] as const) {
  test(`an authenticator's code signs in once, and the same code again is refused (${language})`, async ({ page }) => {
    const { secret } = await protectedLogin(page, language);
    const step = await enterPassword(page, language);
    const field = step.getByLabel(text(language, 'secondStep.totpCode'));
    await expect(field).toBeFocused();
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    const code = codeAt(secret, Date.now());
    await field.fill(code);
    await step.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: text(language, 'dashboard.title') })).toBeVisible();

    await logOut(page, language);
    const again = await enterPassword(page, language);
    await again.getByLabel(text(language, 'secondStep.totpCode')).fill(code);
    await again.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
    await expect(again.getByRole('alert')).toContainText(
      language === 'de' ? 'Dieser Code wurde bereits verwendet' : 'This code has been used already',
    );
    await expect(page).toHaveURL(/\/login/);
  });
}

async function recoveryCodeOnce(page: Page, language: Language) {
  const { recoveryCodes } = await protectedLogin(page, language);
  const recovery = recoveryCodes[0] ?? '';
  for (const attempt of ['first', 'second'] as const) {
    const step = await enterPassword(page, language);
    await step.getByRole('button', { name: text(language, 'secondStep.useRecovery') }).click();
    const field = step.getByLabel(text(language, 'secondStep.recoveryCode'));
    await expect(field).toBeFocused();
    await field.fill(recovery);
    await step.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/dashboard$/);
      await logOut(page, language);
    } else {
      await expect(step.getByRole('alert')).toContainText(
        language === 'de'
          ? 'Der Code ist falsch oder abgelaufen. Noch 4 Versuche.'
          : 'The code is wrong or has expired. 4 attempts left.',
      );
      expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    }
  }
}

test('a recovery code signs in once, and not a second time', async ({ page }) => {
  await recoveryCodeOnce(page, 'en');
});

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a recovery code signs in once, and not a second time, in German', async ({ page }) => {
    await recoveryCodeOnce(page, 'de');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the second step fits the screen, by keyboard, axe clean', async ({ page }) => {
    const { secret } = await protectedLogin(page, 'de');
    const step = await enterPassword(page, 'de');
    await expect(step.getByLabel(text('de', 'secondStep.totpCode'))).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    await page.keyboard.type(codeAt(secret, Date.now()));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

/**
 * A browser with the DevTools virtual authenticator (a platform passkey that answers at once), on
 * a fresh mock speaking v1.1, logged in with the password: the customer adds a passkey on the
 * security page.
 */
async function withPasskey(page: Page, language: Language = 'en') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const base = new URL(test.info().project.use.baseURL ?? 'http://localhost');
  await page.goto(`http://localhost:${base.port}/login`);
  await mockStarted(page);
  await page.evaluate((language) => {
    window.__portalMock.reset();
    window.__portalMock.setLatency(0);
    window.__portalMock.setApiVersion('v1.1');
    sessionStorage.setItem('portal.language', language);
  }, language);
  await page.reload();
  await mockStarted(page);
  await enterPassword(page, language);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The security page adds it: named by the customer, made by the browser's dialog (the virtual
  // authenticator answers at once), and with this first factor the ten recovery codes, shown once.
  await page.goto(`http://localhost:${base.port}/security`);
  const factors = page.getByRole('region', { name: text(language, 'security.factors') });
  await factors.getByRole('button', { name: text(language, 'security.addPasskey') }).click();
  const adding = page.getByRole('region', { name: text(language, 'security.addPasskey') });
  const name = adding.getByLabel(text(language, 'security.passkeyName'));
  await expect(name).toBeFocused();
  await name.fill('This laptop');
  await adding.getByRole('button', { name: text(language, 'security.passkeyCreate') }).click();
  const codes = page.getByRole('region', { name: text(language, 'security.codes.title') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  await codes.getByRole('button', { name: text(language, 'security.codes.saved') }).click();
  await expect(factors.getByText('This laptop')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
}

test('a passkey among the address field suggestions signs in without an address or a password', async ({ page }) => {
  await withPasskey(page);
  await logOut(page, 'en');
  // The browser suggests the passkey with the address field (conditional mediation); the virtual
  // authenticator picks it at once, as a customer would with a click on the suggestion.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'dashboard.title') })).toBeVisible();
});

test('the passkey button signs in where the browser suggests no passkeys', async ({ page }) => {
  await page.addInitScript(() => {
    // A browser without conditional mediation: only the button offers the passkey.
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
  });
  await withPasskey(page);
  await logOut(page, 'en');
  const section = page.getByRole('region', { name: 'Log in with a passkey' });
  await expect(section).toBeVisible();
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  await section.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'dashboard.title') })).toBeVisible();
});

test.describe('on a 390 × 844 phone, in German', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the passkey sign-in fits the screen and is axe clean', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
    });
    await withPasskey(page, 'de');
    await logOut(page, 'de');
    const section = page.getByRole('region', { name: text('de', 'passkeySignIn.title') });
    await expect(section).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
    await section.getByRole('button', { name: text('de', 'passkeySignIn.button') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

/**
 * The customer adds an authenticator app on the security page (a fresh sign-in through the form:
 * adding a factor needs one, and a worker's prepared login may be older than the mock's minutes),
 * keeps the recovery codes, and the next login asks for the app's code, each code once.
 */
async function enrolsAnAuthenticator(page: Page, language: Language) {
  await openAs(page, '/login', { language });
  await page.evaluate(() => window.__portalMock.setApiVersion('v1.1'));
  await page.reload();
  await mockStarted(page);
  await enterPassword(page, language);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/security');
  const factors = page.getByRole('region', { name: text(language, 'security.factors') });
  await factors.getByRole('button', { name: text(language, 'security.addApp') }).click();
  const adding = page.getByRole('region', { name: text(language, 'security.add.title') });
  await expect(adding.getByRole('img', { name: text(language, 'security.add.qr') })).toBeVisible();
  const key = ((await adding.locator('.security-secret').textContent()) ?? '').replace(/ /g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  const first = codeAt(key, Date.now());
  await adding.getByLabel(text(language, 'security.add.code')).fill(first);
  await adding.getByRole('button', { name: text(language, 'security.add.confirm') }).click();

  const codes = page.getByRole('region', { name: text(language, 'security.codes.title') });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codes.getByRole('button', { name: text(language, 'security.codes.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  await codes.getByRole('button', { name: text(language, 'security.codes.saved') }).click();
  await expect(
    factors.getByText(language === 'de' ? 'Noch 10 Wiederherstellungscodes.' : '10 recovery codes left.'),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  await logOut(page, language);
  const step = await enterPassword(page, language);
  // The code that confirmed the app is used: it is not taken again.
  await step.getByLabel(text(language, 'secondStep.totpCode')).fill(first);
  await step.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
  await expect(step.getByRole('alert')).toContainText(
    language === 'de' ? 'Dieser Code wurde bereits verwendet' : 'This code has been used already',
  );
  // The app's next code (one step of drift is allowed) signs in.
  await step.getByLabel(text(language, 'secondStep.totpCode')).fill(codeAt(key, Date.now() + 30_000));
  await step.getByRole('button', { name: text(language, 'secondStep.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an authenticator app added on the security page protects the next login, each code once', async ({ page }) => {
  await enrolsAnAuthenticator(page, 'en');
});

test.describe('on a 390 × 844 phone, in German, the security page', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('adds an authenticator app that fits the screen, is axe clean and protects the next login', async ({ page }) => {
    // Two logins, two axe scans and a download on a phone's layout: more than the default budget
    // on a loaded machine.
    test.slow();
    await enrolsAnAuthenticator(page, 'de');
  });
});
