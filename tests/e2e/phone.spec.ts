/**
 * The portal on a 390 × 844 phone (decision 036): the page's own heading in the top half of the
 * first screen, the navigation behind a menu button that opens and closes by mouse, touch and
 * keyboard, an address in the top bar that never breaks inside a word, and axe clean.
 */
import type { Page } from '@playwright/test';
import { expect, test, settled } from './fixtures';
import { openAs, text, type Language } from './support/portal';
import { axeBuilder } from './support/axe';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone, hasTouch: true, isMobile: true });

const pages = [
  { path: '/dashboard', heading: 'dashboard.title' },
  { path: '/company', heading: 'company.title' },
  { path: '/contact', heading: 'contact.title' },
];

function menuButton(page: Page, language: Language = 'en') {
  return page.getByRole('banner').getByRole('button', { name: text(language, 'nav.menu') });
}

function mainMenu(page: Page, language: Language = 'en') {
  return page.getByRole('navigation', { name: text(language, 'nav.sidebar') });
}

for (const { path, heading } of pages) {
  test(`${path} starts with its heading in the top half of the screen, the menu closed`, async ({ page }) => {
    await openAs(page, path, { language: 'en', email: 'demo@example.com' });
    const title = page.getByRole('heading', { level: 1, name: text('en', heading) });
    await expect(title).toBeVisible();
    const box = await title.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? phone.height) + (box?.height ?? 0)).toBeLessThanOrEqual(phone.height / 2);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(mainMenu(page)).toBeHidden();
    // Nothing wider than the screen: the top bar gives way (the address shortens), not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });
}

test('the menu button opens and closes the navigation by mouse, touch and keyboard', async ({ page }) => {
  await openAs(page, '/dashboard', { language: 'en', email: 'demo@example.com' });
  const button = menuButton(page);
  const menu = mainMenu(page);
  // The button names the navigation it shows and hides.
  const controlled = await button.getAttribute('aria-controls');
  await expect(page.locator(`id=${controlled ?? 'none'}`)).toHaveAttribute('aria-label', text('en', 'nav.sidebar'));

  // Mouse: a click opens, a second click closes.
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Support' })).toBeInViewport();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  // Touch: a tap opens, a tap outside the menu closes it.
  await button.tap();
  await expect(menu).toBeVisible();
  await page.getByRole('heading', { level: 1 }).tap();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Enter opens, Escape closes and gives the focus back to the button.
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // Space opens it again; following a link leads to the page, and the menu is closed there.
  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'contact.title') })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test("an Escape meant for a dialog over the open menu closes the dialog only, and the focus goes back to the dialog's opener", async ({
  page,
}) => {
  await openAs(page, '/dashboard', { language: 'en', email: 'demo@example.com' });
  const button = menuButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(mainMenu(page)).toBeVisible();
  // By keyboard, so that no press outside closes the menu: a card's cancellation asks in a dialog.
  const cancel = page.getByRole('article', { name: 'archive' }).getByRole('button', { name: 'Cancel the datastore' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Cancel the datastore “archive”?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  // The next Escape is the menu's again.
  await button.focus();
  await page.keyboard.press('Escape');
  await expect(mainMenu(page)).toBeHidden();
});

test('the address in the top bar ends in an ellipsis instead of breaking, and is read whole', async ({ page }) => {
  await openAs(page, '/dashboard', { language: 'en', email: 'demo@example.com' });
  const address = page.getByRole('banner').getByText('demo@example.com', { exact: true });
  await expect(address).toBeVisible();
  const style = await address.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      whiteSpace: computed.whiteSpace,
      textOverflow: computed.textOverflow,
      lines: Math.round(element.getBoundingClientRect().height / parseFloat(computed.lineHeight)),
    };
  });
  expect(style).toEqual({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', lines: 1 });
});

test('the targets of the top bar and the menu are at least 24 × 24 px', async ({ page }) => {
  await openAs(page, '/dashboard', { language: 'en', email: 'demo@example.com' });
  await menuButton(page).click();
  const targets = page.locator('.top-bar a, .top-bar button, .sidebar a, .sidebar button, .sidebar select');
  const sizes = await targets.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      return { name: element.textContent?.trim() || element.getAttribute('aria-label'), width, height };
    }),
  );
  expect(sizes.length).toBeGreaterThan(10);
  expect(sizes.filter(({ width, height }) => width < 24 || height < 24)).toEqual([]);
});

for (const language of ['en', 'de'] as const) {
  test(`axe finds nothing on a phone, menu closed and open (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    await openAs(page, '/dashboard', { language, email: 'demo@example.com' });
    for (const { path } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      for (const open of [false, true]) {
        if (open) await menuButton(page, language).click();
        const results = await axeBuilder(page).analyze();
        expect(results.violations.map((violation) => `${path} ${open ? 'open' : 'closed'}: ${violation.id}`)).toEqual(
          [],
        );
      }
      await page.keyboard.press('Escape');
    }
  });
}
