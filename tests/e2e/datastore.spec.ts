/**
 * A datastore's page (issue 45, decision 061) in Chromium, on the demo's mock in v1.1: the
 * operator fills a datastore to 85 %, fails its verification and skips two nights of backups; its
 * card says what needs attention and leads to its page, which says it too, draws the usage of each range with its
 * table, and lists the backups. In both languages, axe clean, on a desktop and on a 390 × 844
 * phone. With a server that knows only v1 the cards have no way there, and the page says that it
 * is not offered.
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

async function troubledDatastorePage(page: Page, language: Language) {
  await openAs(page, '/dashboard', { language, email: demo, apiVersion: 'v1.1' });
  await page.evaluate((name) => {
    window.__portalMock.fillDatastore(name);
    window.__portalMock.failVerification(name);
    window.__portalMock.skipBackups(name);
  }, media);
  // The dashboard read the health before the operator's changes: the list again shows them.
  await page.reload();
  const card = page.getByRole('article', { name: 'media' });
  const reasons = card.getByRole('list', { name: text(language, 'dashboard.card.attention') });
  await expect(reasons.getByRole('listitem')).toHaveText([
    text(language, 'dashboard.card.attention.backup'),
    text(language, 'dashboard.card.attention.verification'),
    text(language, 'dashboard.card.attention.space').replace('{percent}', '80'),
  ]);
  await expect(
    page
      .getByRole('article', { name: 'archive' })
      .getByRole('list', { name: text(language, 'dashboard.card.attention') }),
  ).toHaveCount(1);
  await expectAxeClean(page);
  await card.getByRole('link', { name: new RegExp(`^${text(language, 'dashboard.card.insight')}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/datastore/${media}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: text(language, 'datastore.title').replace('{name}', 'media') }),
  ).toBeVisible();
}

const screens = [
  { language: 'en', name: 'desktop', viewport: { width: 1280, height: 720 } },
  { language: 'de', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const { language, name, viewport } of screens) {
  test.describe(`on a ${name} (${language})`, () => {
    test.use({ viewport });

    test(`a datastore filled to 85 %, with a failed verification and no backup for two nights, says so on its page`, async ({
      page,
    }) => {
      await troubledDatastorePage(page, language);
      const attention = page.getByRole('heading', { level: 2, name: text(language, 'datastore.attention') });
      await expect(attention).toBeVisible();
      const notice = page.locator('.datastore-attention');
      await expect(notice.getByRole('listitem')).toHaveText([
        text(language, 'datastore.attention.backup'),
        text(language, 'datastore.attention.verification'),
        text(language, 'datastore.attention.space').replace('{percent}', '80'),
      ]);
      const backups = page.getByRole('region', { name: text(language, 'datastore.health.heading') });
      await expect(backups.locator('.fact-error')).toBeVisible();
      await expect(backups.getByRole('region', { name: text(language, 'datastore.health.tasks') })).toBeVisible();
      await expectAxeClean(page);
    });

    test('draws the usage of each range with its values as a table, by keyboard too', async ({ page }) => {
      await openAs(page, `/datastore/k10001_archive`, { language, email: demo, apiVersion: 'v1.1' });
      const usage = page.getByRole('region', { name: text(language, 'datastore.usage.heading') });
      await expect(usage.getByRole('img')).toBeVisible();
      const week = usage.getByRole('button', { name: text(language, 'datastore.usage.week') });
      await week.focus();
      await page.keyboard.press('Enter');
      await expect(week).toHaveAttribute('aria-pressed', 'true');
      await expect(usage.getByRole('img')).toHaveAccessibleName(
        new RegExp(text(language, 'datastore.usage.rangeNoun.week')),
      );
      await usage.getByText(text(language, 'datastore.usage.table')).click();
      const table = usage.getByRole('region', { name: text(language, 'datastore.usage.table') });
      // A week in steps of two hours, and the header.
      await expect(table.getByRole('row')).toHaveCount(85);
      await expectAxeClean(page);
    });
  });
}

test('a server that knows only v1 shows no way to a datastore page, and the page says it is not offered', async ({
  page,
}) => {
  await openAs(page, '/dashboard', { language: 'en', email: demo, apiVersion: 'v1' });
  const card = page.getByRole('article', { name: 'archive' });
  await expect(card.getByRole('button', { name: 'Cancel the datastore' })).toBeVisible();
  // The answer of which API the server speaks (404 on v1) is in before the look.
  await settled(page);
  await expect(card.getByRole('link', { name: /Usage and backups/ })).toHaveCount(0);
  await openAs(page, '/datastore/k10001_archive', { language: 'en', email: demo, apiVersion: 'v1' });
  await expect(page.getByText(text('en', 'datastore.unavailable'))).toBeVisible();
  await expectAxeClean(page);
});
