/**
 * axe finds nothing on any route, in either language (WCAG 2.2 AA), logged out and logged in.
 */
import type { Page } from '@playwright/test';
import { expect, openFresh, test, settled } from './fixtures';
import { axeBuilder } from './support/axe';

const publicRoutes = [
  '/',
  '/login',
  '/login/changed',
  '/register',
  '/reset',
  '/newpassword?email=a%40example.com&token=x',
  '/newpassword',
  '/waiting',
  '/shop',
  '/shop/2',
  '/order_done',
];
const portalRoutes = [
  '/dashboard',
  '/company',
  '/tutorial',
  '/encryption',
  '/notifications',
  '/contact',
  '/security',
  '/datastore/k10001_archive',
  '/alerts',
  '/ishop',
  '/ishop/1',
  '/order_done',
];

/** Every route at a desktop's size and at a 390 × 844 phone's (decision 036). */
const screens = [
  { name: 'desktop', viewport: { width: 1280, height: 720 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function expectNoViolations(page: Page, route: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Let data-driven content settle (loading lines turn into content).
  await settled(page);
  const results = await axeBuilder(page).analyze();
  const found = results.violations.map(
    (violation) => `${route}: ${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ')}`,
  );
  expect(found).toEqual([]);
}

test('the scan the journeys use finds violations on the page, node for node', async ({ page }) => {
  await openFresh(page, '/shop');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Made with the DOM's methods: the page's Trusted Types take no HTML strings.
  await page.evaluate(() => {
    const main = document.querySelector('main');
    const image = document.createElement('img');
    image.src = 'missing.png';
    const faint = document.createElement('p');
    faint.style.color = '#bbb';
    faint.style.background = '#fff';
    faint.textContent = 'A text too faint to read';
    const field = document.createElement('input');
    field.type = 'text';
    const link = document.createElement('a');
    link.href = '/shop';
    main?.append(image, faint, document.createElement('button'), field, link);
  });
  const results = await axeBuilder(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`).sort()).toEqual([
    'button-name: 1',
    'color-contrast: 1',
    'image-alt: 1',
    'label: 1',
    'link-name: 1',
  ]);
});

for (const locale of ['en-US', 'de-DE']) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    for (const screen of screens) {
      test.describe(`on a ${screen.name}`, () => {
        test.use({ viewport: screen.viewport });

        test('every public route passes axe', async ({ page }) => {
          test.setTimeout(120_000);
          await openFresh(page, '/');
          for (const route of publicRoutes) {
            await page.goto(route);
            await expectNoViolations(page, route);
          }
        });

        test('every route of a logged-in customer passes axe', async ({ page }) => {
          test.setTimeout(120_000);
          await openFresh(page, '/login');
          await page.getByLabel(locale === 'de-DE' ? 'E-Mail-Adresse' : 'Email address').fill('demo@example.com');
          await page
            .getByRole('textbox', { name: locale === 'de-DE' ? 'Passwort' : 'Password' })
            .fill('Demo-Password-2026');
          await page.getByRole('button', { name: locale === 'de-DE' ? 'Anmelden' : 'Log in' }).click();
          await expect(page).toHaveURL(/\/dashboard$/);
          for (const route of portalRoutes) {
            await page.goto(route);
            await expectNoViolations(page, route);
          }
        });
      });
    }

    test('the login dialog over a form whose call met a 401 passes axe, with and without its field errors', async ({
      page,
    }) => {
      // A login, a page, two axe scans: 24–27 s of the usual 30 s on a loaded machine.
      test.slow();
      const de = locale === 'de-DE';
      await openFresh(page, '/login');
      await page.getByLabel(de ? 'E-Mail-Adresse' : 'Email address').fill('demo@example.com');
      await page.getByRole('textbox', { name: de ? 'Passwort' : 'Password' }).fill('Demo-Password-2026');
      await page.getByRole('button', { name: de ? 'Anmelden' : 'Log in' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/contact');
      await page.getByRole('textbox', { name: de ? 'Ihre Nachricht' : 'Your message' }).fill('Hello');
      await page.evaluate(() => window.__portalMock.fault('POST /contact', 'http401', { times: 1 }));
      await page.getByRole('button', { name: de ? 'Nachricht senden' : 'Send message' }).click();
      const dialog = page.getByRole('dialog', { name: de ? 'Ihre Sitzung ist abgelaufen' : 'Your session has ended' });
      await expect(dialog).toBeVisible();
      await expectNoViolations(page, '/contact with the login dialog');
      await dialog.getByRole('button', { name: de ? 'Erneut anmelden' : 'Log in again' }).click();
      await expect(dialog.getByRole('textbox', { name: de ? 'Passwort' : 'Password' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectNoViolations(page, '/contact with the login dialog and its field errors');
    });
  });
}
