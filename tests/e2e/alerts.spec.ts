/**
 * The alerts (issue 45, decision 062) in Chromium, on the demo's mock in v1.1: the customer sends
 * the alerts to another address; the operator fills a datastore to 85 %; the top bar's bell counts
 * it live, /alerts lists it and leads to the datastore, and the mail goes to that address. A dropped
 * event stream resumes from its position: what was raised while it was down comes once. In both
 * languages, axe clean, on a desktop and on a 390 × 844 phone. With a server that knows only v1
 * there is no bell, and /alerts says that alerts are not offered.
 */
import type { Page } from '@playwright/test';
import { expect, test, settled } from './fixtures';
import { axeBuilder } from './support/axe';
import { openAs, text, type Language } from './support/portal';

const demo = 'demo@example.com';
const media = 'k10001_media';

async function expectAxeClean(page: Page) {
  expect((await axeBuilder(page).analyze()).violations).toEqual([]);
}

/** The bell's name: its count of new alerts in words. */
function bellName(language: Language, count: number): RegExp {
  const word = text(language, 'alerts.title');
  return count === 0 ? new RegExp(`^${word}$`) : new RegExp(`^${word}, ${count} `);
}

const nbsp = '\u00a0';

/** A text that starts with `words`, whatever the spaces between them (U+00A0 before "%"). */
function startsWith(words: string): RegExp {
  return new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[ \u00a0]/g, '\\s')}`);
}

function spaceAlert(language: Language, percent: number) {
  return text(language, 'alerts.kind.space')
    .replace('{datastore}', media)
    .replace('{percent}', String(percent))
    .replaceAll(nbsp, ' ');
}

const screens = [
  { language: 'en', name: 'desktop', viewport: { width: 1280, height: 720 } },
  { language: 'de', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const { language, name, viewport } of screens) {
  test.describe(`on a ${name} (${language})`, () => {
    test.use({ viewport });

    test('a datastore filled to 85 % raises an alert that the bell counts live, the list shows and the rules mail', async ({
      page,
    }) => {
      await openAs(page, '/alerts', { language, email: demo, apiVersion: 'v1.1' });
      const rules = page.getByRole('region', { name: text(language, 'alerts.rules') });
      const recipients = rules.getByRole('textbox', { name: text(language, 'alerts.rules.recipients') });
      await recipients.fill('ops@example.com');
      await rules.getByRole('button', { name: text(language, 'alerts.rules.save') }).click();
      await expect(rules.getByRole('status')).toHaveText(text(language, 'alerts.rules.saved'));
      await expectAxeClean(page);

      // The top bar's brand leads to the dashboard, on a phone too (the menu is closed there).
      await page
        .getByRole('banner')
        .getByRole('link', { name: text(language, 'app.name') })
        .click();
      const bell = page.getByRole('link', { name: bellName(language, 0) });
      await expect(bell).toBeVisible();
      await page.evaluate((datastore) => window.__portalMock.fillDatastore(datastore, 85), media);
      // Live: no reload, the event stream brings it.
      await expect(page.getByRole('link', { name: bellName(language, 1) })).toBeVisible();
      await expect(page.locator('.alerts-count')).toHaveText('1');
      await expectAxeClean(page);

      await page.getByRole('link', { name: bellName(language, 1) }).click();
      const recent = page.getByRole('region', { name: text(language, 'alerts.recent') });
      const alert = recent.getByRole('link', { name: startsWith(spaceAlert(language, 85)) });
      await expect(alert).toBeVisible();
      await expect(page.getByRole('link', { name: bellName(language, 0) })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('.alerts-count')).toHaveCount(0);
      const mails = await page.evaluate(() => window.__portalMock.outbox());
      expect(mails.filter((mail) => mail.to === 'ops@example.com').map((mail) => mail.body)).toEqual([
        expect.stringContaining(media),
      ]);
      expect(mails.filter((mail) => mail.to === demo && mail.body.includes(media))).toEqual([]);
      await expectAxeClean(page);

      await alert.click();
      await expect(page).toHaveURL(new RegExp(`/datastore/${media}$`));
    });
  });
}

test('a dropped event stream resumes from its position: what was raised while it was down comes once', async ({
  page,
}) => {
  await openAs(page, '/alerts', { language: 'en', email: demo, apiVersion: 'v1.1' });
  const recent = page.getByRole('region', { name: text('en', 'alerts.recent') });
  await expect(recent.getByText(text('en', 'alerts.none'))).toBeVisible();
  await page.evaluate((datastore) => window.__portalMock.fillDatastore(datastore, 85), media);
  await expect(recent.getByRole('listitem')).toHaveCount(1);

  const reconnected = page.waitForRequest(
    (request) => request.url().endsWith('/events') && request.headers()['last-event-id'] !== undefined,
  );
  const dropped = await page.evaluate((datastore) => {
    const count = window.__portalMock.dropEventStreams();
    // Raised while no stream is open: the portal waits the server's retry (5 s) before it asks again.
    window.__portalMock.failVerification(datastore);
    return count;
  }, media);
  expect(dropped).toBe(1);
  const request = await reconnected;
  expect(request.headers()['last-event-id']).toMatch(/^\d+$/);
  const verification = text('en', 'alerts.kind.verificationFailed').replace('{datastore}', media);
  await expect(recent.getByRole('link', { name: verification })).toBeVisible();
  await expect(recent.getByRole('listitem')).toHaveCount(2);
  // Nothing came twice, and nothing more comes.
  await page.waitForTimeout(1_000);
  await expect(recent.getByRole('listitem')).toHaveText([startsWith(verification), startsWith(spaceAlert('en', 85))]);
});

test('a server that knows only v1 shows no bell, and /alerts says alerts are not offered', async ({ page }) => {
  await openAs(page, '/dashboard', { language: 'en', email: demo, apiVersion: 'v1' });
  await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();
  await settled(page);
  await expect(page.getByRole('link', { name: /^Alerts/ })).toHaveCount(0);
  await openAs(page, '/alerts', { language: 'en', email: demo, apiVersion: 'v1' });
  await expect(page.getByText(text('en', 'alerts.notOffered'))).toBeVisible();
  await expectAxeClean(page);
});
