/**
 * A reseller's dashboard in Chromium (issue 18, decision 024): the demo account given 1,000
 * datastores by the mock's control, then found by search, filters and order, shared by the
 * address, walked by keyboard, checked by axe in both languages and used on a phone.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './support/axe';

const COUNT = 1000;

async function openReseller(page: Page, path = '/dashboard', language: 'en' | 'de' = 'en') {
  await page.goto('/');
  await page.waitForFunction(() => typeof window.__portalMock !== 'undefined');
  await page.evaluate(
    ({ count, language }) => {
      window.__portalMock.reset();
      window.__portalMock.setLatency(0);
      window.__portalMock.seedDatastores(count);
      sessionStorage.clear();
      sessionStorage.setItem('portal.language', language);
    },
    { count: COUNT, language },
  );
  await page.goto('/login');
  await page.getByLabel(language === 'en' ? 'Email address' : 'E-Mail-Adresse').fill('demo@example.com');
  await page.locator('input[name="password"]').fill('Demo-Password-2026');
  await page.getByRole('button', { name: language === 'en' ? 'Log in' : 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (path !== '/dashboard') await page.goto(path);
  // A thousand datastores from the mock in the page's own worker: honest time on a busy machine.
  await expect(page.locator('article.datastore-card').first()).toBeVisible({ timeout: 20_000 });
}

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });
const shownLine = (page: Page) => summary(page).getByRole('status');
const cards = (page: Page) => page.getByRole('feed', { name: 'Datastores' }).getByRole('article');

/** The number a summary figure states ("103 almost full" gives 103). */
async function figure(button: Locator): Promise<number> {
  const text = (await button.textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** The titles of the cards in the page, in their order. */
async function titles(page: Page): Promise<string[]> {
  return cards(page).locator('h2').allTextContents();
}

test.describe('a reseller with 1,000 datastores', () => {
  // Each journey loads and renders a thousand datastores more than once: three times the usual limit.
  test.slow();
  test('sees the summary, and each figure narrows the list to what it counts', async ({ page }) => {
    await openReseller(page);
    await expect(summary(page).getByRole('button', { name: '1,000 datastores' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(summary(page).getByRole('button', { name: /^[\d.,]+ (TB|PB) used$/ })).toBeVisible();
    // Only the cards near the window are in the page.
    expect(await cards(page).count()).toBeLessThan(20);
    for (const [name, checkbox] of [
      [/almost full$/, 'Almost full'],
      [/with scheduled deletion$/, 'Deletion scheduled'],
      [/with unencrypted backups$/, 'Unencrypted backups'],
    ] as const) {
      const button = summary(page).getByRole('button', { name });
      const count = await figure(button);
      expect(count).toBeGreaterThan(0);
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(shownLine(page)).toHaveText(`Showing ${count} of 1,000 datastores.`);
      await expect(page.getByRole('checkbox', { name: checkbox })).toBeChecked();
      await button.click();
      await expect(shownLine(page)).toHaveText('');
    }
  });

  test('finds datastores by search and by each filter, and the address keeps them', async ({ page }) => {
    await openReseller(page);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('web1');
    await expect(shownLine(page)).toHaveText(/^Showing \d+ of 1,000 datastores\.$/);
    for (const title of await titles(page)) expect(title).toContain('web1');
    await expect(page).toHaveURL(/\/dashboard\?q=web1$/);

    await search.fill('');
    const full = await figure(summary(page).getByRole('button', { name: /almost full$/ }));
    await page.getByRole('checkbox', { name: 'Almost full' }).check();
    await expect(shownLine(page)).toHaveText(`Showing ${full} of 1,000 datastores.`);
    await expect(cards(page).first().locator('.space-bar')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Almost full' }).uncheck();

    await page.getByRole('checkbox', { name: 'Deletion scheduled' }).check();
    await expect(cards(page).first().getByText('Deletion scheduled:')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Unencrypted backups' }).check();
    await expect(page).toHaveURL(/show=deletion%2Cunencrypted/);
    await page.getByRole('button', { name: 'Show all datastores' }).first().click();
    await expect(shownLine(page)).toHaveText('');

    await page.getByRole('combobox', { name: 'Rate' }).selectOption({ label: 'Dynamic rate' });
    await expect(cards(page).first().getByText('Dynamic rate')).toBeVisible();
    await expect(page).toHaveURL(/rate=dynamic/);

    // A shared address opens the same list, and survives a reload.
    await page.goto('/dashboard?show=deletion&sort=name');
    await expect(page.getByRole('checkbox', { name: 'Deletion scheduled' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
    const before = await titles(page);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Deletion scheduled' })).toBeChecked();
    await expect.poll(() => titles(page)).toEqual(before);
  });

  test('sorts by name, by used space and by fill level; typing replaces the address instead of adding to history', async ({
    page,
  }) => {
    await openReseller(page);
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Name' });
    await expect.poll(async () => (await titles(page))[0]).toBe('app9');
    const byName = await titles(page);
    expect([...byName].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))).toEqual(byName);

    await sort.selectOption({ label: 'Fill level, highest first' });
    await expect(cards(page).first().locator('.space-bar')).toBeVisible();
    await summary(page).getByRole('button', { name: /used$/ }).click();
    await expect(sort).toHaveValue('used');

    const length = await page.evaluate(() => history.length);
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('crm', { delay: 50 });
    await expect(page).toHaveURL(/q=crm/);
    expect(await page.evaluate(() => history.length)).toBe(length);
  });

  test('walks the list by keyboard: Page Down and Page Up from card to card, End and Home to either end', async ({
    page,
  }) => {
    await openReseller(page);
    const first = cards(page).first();
    await first.focus();
    await expect(first).toHaveAttribute('aria-posinset', '1');
    await expect(first).toHaveAttribute('aria-setsize', '1000');
    const focused = page.locator('article:focus');
    for (let step = 2; step <= 6; step += 1) {
      await page.keyboard.press('PageDown');
      await expect(focused).toHaveAttribute('aria-posinset', String(step));
      await expect(focused).toBeInViewport();
    }
    await page.keyboard.press('PageUp');
    await expect(focused).toHaveAttribute('aria-posinset', '5');
    await page.keyboard.press('End');
    await expect(focused).toHaveAttribute('aria-posinset', '1000');
    await expect(focused).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(focused).toHaveAttribute('aria-posinset', '1');

    // Tab goes through a card's controls into the next card, which is always in the page.
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      const position = await page.evaluate(() =>
        document.activeElement?.closest('article')?.getAttribute('aria-posinset'),
      );
      if (position === '2') break;
    }
    expect(await page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-posinset'))).toBe(
      '2',
    );
  });

  for (const language of ['en', 'de'] as const) {
    test(`has nothing axe finds, narrowed or not, in ${language === 'en' ? 'English' : 'German'}`, async ({ page }) => {
      await openReseller(page, '/dashboard', language);
      const analyse = async () =>
        (await axeBuilder(page).analyze()).violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
        );
      expect(await analyse()).toEqual([]);
      await page.getByRole('searchbox', { name: language === 'en' ? 'Search' : 'Suchen' }).fill('zzz');
      await expect(page.getByText(language === 'en' ? 'No datastore matches' : 'Kein Datastore passt')).toBeVisible();
      expect(await analyse()).toEqual([]);
    });
  }

  test('works on a phone: nothing wider than the screen, the toolbar usable', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openReseller(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('searchbox', { name: 'Search' }).fill('db2');
    await expect(shownLine(page)).toHaveText(/^Showing \d+ of 1,000 datastores\.$/);
    const first = cards(page).first();
    await first.scrollIntoViewIfNeeded();
    await expect(first).toBeInViewport({ ratio: 0.1 });
    for (const control of await page
      .getByRole('region', { name: 'Find datastores' })
      .locator('input, select, button')
      .all())
      expect((await control.boundingBox())?.width ?? 0).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
