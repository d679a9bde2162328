import type { Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';
import { expect, openFresh, test } from './fixtures';
import { axeBuilder } from './support/axe';

/**
 * The feedback widget is built in only with VITE_FEEDBACK_WIDGET=true and a DSN (SPEC §9,
 * docs/decisions/012), so these journeys run against a dev server of their own with that flag,
 * on a port of its own (E2E_PORT + 3) beside the usual one. Sentry's endpoint of the test DSN is
 * answered by the test: nothing leaves the machine.
 */
// E2E_PORT + 1 and + 2 serve the production build and its mock API (playwright.config.ts).
const port = Number(process.env.E2E_PORT ?? 4174) + 3;
const dsnHost = 'o0.ingest.example.com';
let server: ViteDevServer | undefined;

test.use({
  baseURL: `http://localhost:${port}`,
  // The full Chromium (the headless shell the other journeys run cannot capture a tab), which here
  // shares the current tab without asking, as a customer would choose it in the browser's picker
  // for a screenshot.
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, '--auto-accept-this-tab-capture'],
  },
});

test.beforeAll(async ({ browser }, testInfo) => {
  // A fresh clone's dev server first optimises its dependencies, which can take a busy machine
  // longer than a test, and may reload the page once it has: the first page is opened here.
  testInfo.setTimeout(180_000);
  process.env.VITE_FEEDBACK_WIDGET = 'true';
  process.env.VITE_SENTRY_DSN = `https://public@${dsnHost}/1`;
  server = await createServer({
    mode: 'development',
    logLevel: 'error',
    // Its own dependency cache, so that it cannot disturb the other dev server.
    cacheDir: 'node_modules/.vite-feedback',
    server: { port, strictPort: true },
  });
  await server.listen();
  const page = await browser.newPage({ baseURL: `http://localhost:${port}` });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Fehler melden' })).toBeVisible({ timeout: 150_000 });
  await page.close();
});

test.afterAll(async () => {
  await server?.close();
});

// A dev server sends every module on its own, transformed when first asked for: beside the other
// journeys on two cores, a page takes it many seconds. Three times the usual limit, and 30 s a page.
test.slow();
const pageLoad = { timeout: 30_000 };

/** Opens the portal; src/main.tsx mounts the widget after the first render. */
async function openWithWidget(page: Page) {
  const envelopes: string[] = [];
  await page.context().route(`https://${dsnHost}/**`, async (route) => {
    envelopes.push(route.request().postDataBuffer()?.toString('latin1') ?? '');
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  await openFresh(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(pageLoad);
  // Nothing but the app itself mounts the widget: its button proves that main.tsx does.
  await expect(page.getByRole('button', { name: 'Fehler melden' })).toBeVisible(pageLoad);
  return envelopes;
}

test('the widget opens from its floating button with German labels on an English page', async ({ page }) => {
  await openWithWidget(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Fehler melden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fehler melden' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Beschreibung (erforderlich)' })).toBeFocused();
  await expect(dialog.getByRole('textbox')).toHaveCount(1);
  for (const name of ['Screenshot hinzufügen', 'Abbrechen', 'Fehlerbericht senden']) {
    await expect(dialog.getByRole('button', { name })).toBeVisible();
  }
  const axe = await axeBuilder(page).include('#portal-feedback').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Fehlerbericht senden' }).click();
  await expect(dialog.getByText('Bitte beschreiben Sie den Fehler.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Fehler melden' })).toBeFocused();
});

test('a report goes to Sentry and the thanks close on click', async ({ page }) => {
  const envelopes = await openWithWidget(page);
  await page.getByRole('button', { name: 'Fehler melden' }).click();
  await page
    .getByRole('textbox', { name: 'Beschreibung (erforderlich)' })
    .fill('Der Preis auf der Startseite fehlt. IBAN DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Fehlerbericht senden' }).click();
  const thanks = page.getByRole('button', { name: 'Vielen Dank für Ihren Bericht!' });
  await expect(thanks).toBeVisible();
  const feedback = envelopes.find((envelope) => envelope.includes('"type":"feedback"')) ?? '';
  expect(feedback).toContain('Der Preis auf der Startseite fehlt. IBAN [Filtered]');
  expect(feedback).not.toContain('DE89');
  await thanks.click();
  await expect(thanks).toBeHidden();
  await expect(page.getByRole('button', { name: 'Fehler melden' })).toBeVisible();
});

test.describe('with a screenshot', () => {
  test('a screenshot is taken, cropped, confirmed and sent as screenshot.png', async ({ page }) => {
    const envelopes = await openWithWidget(page);
    await page.getByRole('button', { name: 'Fehler melden' }).click();
    await page.getByRole('textbox', { name: 'Beschreibung (erforderlich)' }).fill('Siehe Screenshot');
    await page.getByRole('button', { name: 'Screenshot hinzufügen' }).click();
    const crop = page.getByRole('group', { name: 'Screenshot zuschneiden' });
    await expect(crop).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fehlerbericht senden' })).toBeDisabled();
    // Drag a frame with the pointer...
    const area = crop.locator('.fb-crop-area');
    const box = await area.boundingBox();
    if (!box) throw new Error('no crop area');
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect(crop.getByRole('spinbutton', { name: 'Links (%)' })).toHaveValue('10');
    await expect(crop.getByRole('spinbutton', { name: 'Breite (%)' })).toHaveValue('50');
    // ...or type it.
    await crop.getByRole('spinbutton', { name: 'Höhe (%)' }).fill('40');
    await crop.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByRole('img', { name: /Zugeschnittener Screenshot/ })).toBeVisible();
    await expect(page.getByText('screenshot.png')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Screenshot entfernen' })).toBeVisible();
    await page.getByRole('button', { name: 'Fehlerbericht senden' }).click();
    await expect(page.getByRole('button', { name: 'Vielen Dank für Ihren Bericht!' })).toBeVisible();
    const feedback = envelopes.find((envelope) => envelope.includes('"type":"feedback"')) ?? '';
    expect(feedback).toContain('"filename":"screenshot.png"');
    expect(feedback).toContain('"content_type":"image/png"');
  });
});
