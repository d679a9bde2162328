import type { Page } from '@playwright/test';
import { expect, openFresh, test } from './fixtures';
import { placeVisitorOrder, termsCheckbox } from './support/portal';
import { axeBuilder } from './support/axe';

async function expectNoAxeViolations(page: Page) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('a visitor switches to PBS, picks a licence, goes back and forth, orders it and reaches /order_done', async ({
  page,
}) => {
  // A whole order with axe on three of its screens: beside the other journeys on two cores, over 30 s.
  test.slow();
  await openFresh(page, '/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Licence shop' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Virtualisation (VE)' })).toHaveAttribute('aria-selected', 'true');
  await expectNoAxeViolations(page);

  const pbs = page.getByRole('tab', { name: 'Backup Server (PBS)' });
  await pbs.click();
  await expect(pbs).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article', { name: 'Proxmox Backup Server Basic' });
  await expect(card.getByText('1.080,00 €')).toBeVisible();
  await card.getByRole('link', { name: 'Buy Proxmox Backup Server Basic' }).click();

  await expect(page).toHaveURL(/\/shop\/6$/);
  const orderHeading = page.getByRole('heading', { level: 2, name: 'Order Proxmox Backup Server Basic' });
  await expect(orderHeading).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('tab', { name: 'Backup Server (PBS)' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(orderHeading).toBeVisible();
  await expect(page.getByRole('group', { name: 'Number of CPU sockets' })).toHaveCount(0);
  await expect(page.getByText(/^Total:/)).toHaveText(/^Total: 1\.080,00\s€ per year, plus VAT$/);
  await expectNoAxeViolations(page);

  await page.getByRole('checkbox', { name: termsCheckbox }).check();

  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await placeVisitorOrder(page);

  await expect(page).toHaveURL(/\/order_done$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    /We have received your order of “Proxmox Backup Server Basic” for one server at 1\.080,00\s€ per year plus VAT\./,
  );
  await expect(page.getByText(/confirmation of your order by email at buyer@example\.org/)).toBeVisible();
  const mail = await page.evaluate(() => window.__portalMock.outbox().at(-1));
  expect(mail).toMatchObject({ to: 'buyer@example.org', subject: 'Your order: Proxmox Backup Server Basic' });
  await expectNoAxeViolations(page);
});

test('the demo customer logs in, opens the shop from the menu and orders a VE licence for 4 CPUs with the prefilled form', async ({
  page,
}) => {
  // A login and a whole order with axe on its form: beside the other journeys on two cores, over 30 s.
  test.slow();
  await openFresh(page, '/login');
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-Password-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Licence shop' }).click();
  await expect(page).toHaveURL(/\/ishop$/);
  const buy = page.getByRole('link', { name: 'Buy Proxmox VE Standard' });
  await expect(buy).toHaveAttribute('href', '/ishop/3');
  await buy.click();

  await expect(page).toHaveURL(/\/ishop\/3$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Order Proxmox VE Standard' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue('Demo GmbH');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('demo@example.com');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Erika');
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Mustermann');
  await expect(page.getByRole('textbox', { name: 'Street and number' })).toHaveValue('Musterstraße 1');
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('10115');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Berlin');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('DE');
  await expect(page.getByRole('textbox', { name: 'VAT ID' })).toHaveValue('DE123456789');

  await page.getByRole('radio', { name: /^4 CPU sockets/ }).check();
  await expect(page.getByText(/^Total:/)).toHaveText(/^Total: 2\.120,00\s€ per year, plus VAT$/);
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Order and pay' }).click();

  await expect(page).toHaveURL(/\/order_done$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    /order of “Proxmox VE Standard” for 4 CPU sockets at 2\.120,00\s€ per year plus VAT\./,
  );
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const mail = await page.evaluate(() => window.__portalMock.outbox().at(-1));
  expect(mail).toMatchObject({ to: 'demo@example.com', subject: 'Your order: Proxmox VE Standard' });
});

test('opened on its own, /order_done shows the generic thanks', async ({ page }) => {
  await openFresh(page, '/order_done');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('We have received your licence order.');
});
