/**
 * The build customers get on a phone (decision 036): 390 × 844, touch, the CPU slowed 4×, the
 * prerendered login behind nginx, then the logged-in pages with their navigation behind the menu
 * button.
 */
import type { Page } from '@playwright/test';
import { expect, logInAsDemo, slowCpu, test } from '../support/production';
import { axeBuilder } from '../support/axe';

const phone = { width: 390, height: 844 };

async function expectNoAxeViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
}
test.use({ locale: 'en-US', viewport: phone, hasTouch: true, isMobile: true });

test('a customer on a slow phone logs in, finds each page heading in the top half and the navigation behind the menu', async ({
  page,
}) => {
  // Three pages at CPU 4×, each checked by axe: beside the other journeys on two cores, over 30 s.
  test.slow();
  await slowCpu(page, 4);
  await logInAsDemo(page);
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const [link, heading] of [
    [null, 'Your datastores'],
    ['Account and settings', 'Account and settings'],
    ['Support', 'Contact support'],
  ] as const) {
    if (link) {
      await button.tap();
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: link }).tap();
    }
    const title = page.getByRole('heading', { level: 1, name: heading });
    await expect(title).toBeVisible();
    await expect(menu).toBeHidden();
    const box = await title.boundingBox();
    expect((box?.y ?? phone.height) + (box?.height ?? 0)).toBeLessThanOrEqual(phone.height / 2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  }

  // By keyboard: Enter opens, Escape closes and gives the focus back; axe finds nothing either way.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await expectNoAxeViolations(page);
});
