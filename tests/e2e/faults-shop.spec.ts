/**
 * Fault matrix, the licence shop (decision 013): the catalogue and a visitor's order.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { describeFaults, outcomesFor, type Say } from './support/fault-matrix';
import { termsCheckbox } from './support/portal';

describeFaults({
  call: 'GET /licences',
  language: 'de',
  path: '/shop',
  loadsOnOpen: true,
  // Public: a 401 is one more failure to load, with the same message and retry.
  messages: Object.fromEntries(
    ['http500', 'http401', 'network', 'timeout', 'malformed'].map((kind) => [kind, 'shop.catalogue.failed']),
  ),
  busy: (page, say) => page.getByRole('button', { name: say('shop.catalogue.retry') }),
  succeeded: async (page, say) => {
    await expect(page.getByRole('heading', { level: 1, name: say('shop.title') })).toBeVisible();
    await expect(page.getByText('Proxmox VE Standard').first()).toBeVisible();
  },
});

const field = (page: Page, say: Say, id: string) =>
  page.getByRole('main').getByRole('textbox', { name: say(id), exact: true });

const order: [string, string][] = [
  ['shop.order.email', 'einkauf@example.com'],
  ['shop.order.companyName', 'Beispiel AG'],
  ['shop.order.firstname', 'Erika'],
  ['shop.order.lastname', 'Muster'],
  ['shop.order.street', 'Hauptstraße 2'],
  ['shop.order.postcode', '80331'],
  ['shop.order.city', 'München'],
];

describeFaults({
  call: 'POST /licence/order',
  language: 'en',
  path: '/shop/1',
  prepare: async (page, say) => {
    for (const [id, value] of order) await field(page, say, id).fill(value);
    await page.getByRole('checkbox', { name: termsCheckbox }).check();
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('shop.order.submit') }).click(),
  kept: (page, say) => order.map(([id, value]) => [field(page, say, id), value]),
  busy: (page, say) => page.getByRole('button', { name: say('shop.order.submit') }),
  // Without an answer the order may have reached the provider: it could not be confirmed, the sales
  // team confirms it by mail, and nothing is sent again (decision 026).
  outcomes: outcomesFor(['network', 'timeout'], async (page, say) => {
    await expect(page.getByText(say('error.orderUnconfirmed').replace('{email}', 'sales@example.com'))).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/1$/);
    for (const [id, value] of order) await expect(field(page, say, id)).toHaveValue(value);
    await expect(page.getByRole('button', { name: say('shop.order.submit') })).toBeEnabled();
  }),
  succeeded: async (page, say) => {
    await expect(page).toHaveURL(/\/order_done$/);
    await expect(page.getByRole('heading', { level: 1, name: say('orderDone.title') })).toBeVisible();
  },
});
