/**
 * Fault matrix, the logged-in screens (decision 013): the dashboard (status, purchase,
 * datastore cancellation), the company page (company, edit, notifications, contract
 * cancellation) and the contact form.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { describeFaults, outcomesFor, type Say } from './support/fault-matrix';

const demo = 'demo@example.com';

function dashboardShown(page: Page, say: Say) {
  return expect(page.getByRole('article', { name: 'archive' }))
    .toBeVisible({ timeout: 10_000 })
    .then(() => expect(page.getByRole('heading', { level: 1, name: say('dashboard.title') })).toBeVisible());
}

describeFaults({
  call: 'GET /status',
  language: 'en',
  email: demo,
  path: '/dashboard',
  loadsOnOpen: true,
  messages: Object.fromEntries(
    ['http500', 'network', 'timeout', 'malformed'].map((kind) => [kind, 'dashboard.status.failed']),
  ),
  busy: (page, say) => page.getByRole('button', { name: say('dashboard.status.retry') }),
  succeeded: dashboardShown,
});

const fixedForm = (page: Page, say: Say) => page.getByRole('form', { name: say('dashboard.purchase.staticTitle') });

describeFaults({
  call: 'GET /product/pbs/{datastoreIdentifier}/{productId}',
  language: 'de',
  email: demo,
  path: '/dashboard',
  prepare: async (page, say) => {
    await dashboardShown(page, say);
    await fixedForm(page, say).getByRole('slider').fill('3');
    await fixedForm(page, say)
      .getByRole('textbox', { name: say('dashboard.purchase.identifier') })
      .fill('neu1');
  },
  trigger: async (page, say) =>
    fixedForm(page, say)
      .getByRole('button', { name: say('dashboard.purchase.buyStatic') })
      .click(),
  kept: (page, say) => [
    [fixedForm(page, say).getByRole('textbox', { name: say('dashboard.purchase.identifier') }), 'neu1'],
    [fixedForm(page, say).getByRole('slider'), '3'],
  ],
  busy: (page, say) => fixedForm(page, say).getByRole('button', { name: say('dashboard.purchase.buyStatic') }),
  // Without an answer the purchase may have been booked: the status is read first, and it lists
  // nothing new (decision 026).
  messages: { network: 'error.purchaseUnconfirmed', timeout: 'error.purchaseUnconfirmed' },
  succeeded: async (page) => {
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog').getByText('k10001_neu1').first()).toBeVisible();
  },
  // Decision 002, point 6: a body-less call cannot detect the maintenance page; the status
  // reload after it shows that no datastore was added, and the purchase ends.
  outcomes: {
    malformed: async (page, say) => {
      await expect(fixedForm(page, say).getByRole('button', { name: say('dashboard.purchase.buyStatic') })).toBeEnabled(
        { timeout: 15_000 },
      );
      await expect(page.getByRole('article', { name: 'neu1' })).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    },
  },
});

const backupCard = (page: Page) => page.getByRole('article', { name: 'backup' });

describeFaults({
  call: 'GET /datastore/cancel/{name}',
  language: 'en',
  email: demo,
  path: '/dashboard',
  prepare: async (page, say) => {
    await dashboardShown(page, say);
    await backupCard(page)
      .getByRole('button', { name: say('dashboard.card.delete') })
      .click();
  },
  trigger: async (page, say) =>
    page
      .getByRole('alertdialog')
      .getByRole('button', { name: say('dashboard.cancel.confirm') })
      .click(),
  busy: (page, say) => backupCard(page).getByRole('button', { name: say('dashboard.card.delete') }),
  succeeded: async (page, say) => {
    await expect(backupCard(page).getByText(say('dashboard.card.scheduledTitle'))).toBeVisible({ timeout: 10_000 });
    await expect(backupCard(page).getByRole('button', { name: say('dashboard.card.delete') })).toBeDisabled();
  },
  outcomes: {
    malformed: async (page, say) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(backupCard(page).getByRole('button', { name: say('dashboard.card.delete') })).toBeEnabled({
        timeout: 10_000,
      });
      await expect(backupCard(page).getByText(say('dashboard.card.scheduledTitle'))).toHaveCount(0);
    },
  },
});

const companyData = (page: Page, say: Say) => page.getByRole('region', { name: say('company.view.heading') });

describeFaults({
  call: 'GET /company',
  language: 'de',
  email: demo,
  path: '/company',
  loadsOnOpen: true,
  messages: Object.fromEntries(
    ['http500', 'network', 'timeout', 'malformed'].map((kind) => [kind, 'company.loadFailed']),
  ),
  busy: (page, say) => page.getByRole('button', { name: say('company.retry') }),
  succeeded: async (page, say) => expect(companyData(page, say).getByText('Demo GmbH')).toBeVisible(),
});

const editForm = (page: Page, say: Say) => page.getByRole('form', { name: say('company.edit.heading') });

describeFaults({
  call: 'POST /edit/company',
  language: 'en',
  email: demo,
  path: '/company',
  loginInPlace: true,
  prepare: async (page, say) => {
    await companyData(page, say)
      .getByRole('button', { name: say('company.view.edit') })
      .click();
    await editForm(page, say)
      .getByRole('textbox', { name: say('company.field.street') })
      .fill('Neue Straße 5');
    await editForm(page, say)
      .getByRole('textbox', { name: say('company.field.city') })
      .fill('Potsdam');
  },
  trigger: async (page, say) =>
    editForm(page, say)
      .getByRole('button', { name: say('company.edit.save') })
      .click(),
  kept: (page, say) => [
    [editForm(page, say).getByRole('textbox', { name: say('company.field.street') }), 'Neue Straße 5'],
    [editForm(page, say).getByRole('textbox', { name: say('company.field.city') }), 'Potsdam'],
  ],
  busy: (page, say) => editForm(page, say).getByRole('button', { name: say('company.edit.save') }),
  succeeded: async (page, say) => expect(companyData(page, say).getByText(say('company.view.saved'))).toBeVisible(),
});

const notificationsBox = (page: Page, say: Say) =>
  page.getByRole('checkbox', { name: say('company.notifications.label') });

describeFaults({
  call: 'GET /notifications/{true|false}',
  language: 'de',
  email: demo,
  path: '/company',
  prepare: async (page, say) => expect(notificationsBox(page, say)).toBeChecked(),
  // A click, not uncheck(): on a 401 the checkbox leaves with the page.
  trigger: async (page, say) => notificationsBox(page, say).click(),
  // SPEC §8: a refusal of the server shows the notifications message; transport failures their own.
  messages: { http500: 'error.notifications' },
  busy: (page, say) => notificationsBox(page, say),
  succeeded: async (page, say) => {
    await expect(page.getByText(say('company.notifications.off'))).toBeVisible({ timeout: 10_000 });
    await expect(notificationsBox(page, say)).not.toBeChecked();
  },
  outcomes: outcomesFor(['malformed'], async (page, say) => {
    // Decision 002, point 6: the portal cannot tell; it shows what it asked for.
    await expect(notificationsBox(page, say)).toBeEnabled();
    await expect(notificationsBox(page, say)).not.toBeChecked();
  }),
});

describeFaults({
  call: 'GET /contract/cancel',
  language: 'en',
  email: demo,
  path: '/company',
  prepare: async (page, say) => page.getByRole('button', { name: say('company.cancel.button') }).click(),
  trigger: async (page, say) => page.getByRole('button', { name: say('company.cancel.confirm') }).click(),
  busy: (page, say) => page.getByRole('button', { name: say('company.cancel.button') }),
  succeeded: async (page, say) =>
    expect(page.getByText(say('company.cancel.cancelled'))).toBeVisible({ timeout: 10_000 }),
  // Decision 013, point 6: a 2xx is the server's yes, whatever its body; a body-less call cannot
  // detect the maintenance page, so a malformed 2xx reads as cancelled too (the products tell).
  outcomes: outcomesFor(['malformed'], async (page, say) => {
    await expect(page.getByText(say('company.cancel.cancelled'))).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: say('company.cancel.button') })).toBeHidden();
  }),
});

const contactForm = (page: Page) => page.getByRole('main');

describeFaults({
  call: 'POST /contact',
  language: 'de',
  email: demo,
  path: '/contact',
  loginInPlace: true,
  prepare: async (page, say) => {
    // The name comes from GET /me; the form is complete once it is there.
    await expect(contactForm(page).getByRole('textbox', { name: say('contact.name'), exact: true })).toHaveValue(
      'Erika Mustermann',
    );
    await contactForm(page)
      .getByRole('textbox', { name: say('contact.message'), exact: true })
      .fill('Bitte rufen Sie mich zurück.');
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('contact.send') }).click(),
  kept: (page, say) => [
    [
      contactForm(page).getByRole('textbox', { name: say('contact.message'), exact: true }),
      'Bitte rufen Sie mich zurück.',
    ],
  ],
  busy: (page, say) => page.getByRole('button', { name: say('contact.send') }),
  succeeded: async (page, say) => expect(page.getByText(say('contact.sent'))).toBeVisible(),
  // Decision 002, point 6: a body-less call cannot detect the maintenance page.
  outcomes: outcomesFor(['malformed'], async (page, say) => expect(page.getByText(say('contact.sent'))).toBeVisible()),
});
