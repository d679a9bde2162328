import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { getCompany } from '../../src/api/company';
import { cancelContract } from '../../src/api/contract';
import { getStatus } from '../../src/api/datastores';
import type { Language } from '../../src/domain/constants';
import type { Company, Datastore } from '../../src/domain/entities';
import { server } from '../../src/mocks/node';
import { cancellationEndDate } from '../../src/mocks/rules';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

/** The mock's end date of a cancellation made now, as the portal writes a day in each language. */
const endDate = (language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${cancellationEndDate()}T00:00:00Z`),
  );

const texts = {
  en: {
    nav: 'Dashboard',
    cancelHeading: 'Cancel the contract',
    cancelButton: 'Cancel the contract…',
    cancelConfirm: 'Yes, cancel the contract',
    cancelled: /^Your contract has been cancelled\./,
    notice: (date: string) =>
      `Your contract is cancelled and ends on ${date}. Your datastores are read-only: you can still restore your backups, but no new ones can be stored. Your account is deleted 30 days after the cancellation, with all datastores and backups.`,
    noticeWithoutDate:
      'Your contract is cancelled. Your datastores are read-only: you can still restore your backups, but no new ones can be stored. Your account is deleted 30 days after the cancellation, with all datastores and backups.',
    badge: 'Read-only',
    delete: 'Cancel the datastore',
    purchase: 'Buy backup storage',
    closed: (date: string) => `Your contract is cancelled and ends on ${date}, so no new datastores can be bought.`,
    closedWithoutDate: 'Your contract is cancelled, so no new datastores can be bought.',
    buy: /^Buy /,
  },
  de: {
    nav: 'Übersicht',
    cancelHeading: 'Vertrag kündigen',
    cancelButton: 'Vertrag kündigen…',
    cancelConfirm: 'Ja, Vertrag kündigen',
    cancelled: /^Ihr Vertrag wurde gekündigt\./,
    notice: (date: string) =>
      `Ihr Vertrag ist gekündigt und endet am ${date}. Ihre Datastores können nur noch gelesen werden: Sie können Ihre Backups weiterhin wiederherstellen, aber keine neuen mehr speichern. Ihr Konto wird 30 Tage nach der Kündigung gelöscht, mit allen Datastores und Backups.`,
    noticeWithoutDate:
      'Ihr Vertrag ist gekündigt. Ihre Datastores können nur noch gelesen werden: Sie können Ihre Backups weiterhin wiederherstellen, aber keine neuen mehr speichern. Ihr Konto wird 30 Tage nach der Kündigung gelöscht, mit allen Datastores und Backups.',
    badge: 'Schreibgeschützt',
    delete: 'Datastore kündigen',
    purchase: 'Backup-Speicher kaufen',
    closed: (date: string) =>
      `Ihr Vertrag ist gekündigt und endet am ${date}. Deshalb können keine neuen Datastores gekauft werden.`,
    closedWithoutDate: 'Ihr Vertrag ist gekündigt. Deshalb können keine neuen Datastores gekauft werden.',
    buy: /kaufen$/,
  },
} satisfies Record<Language, unknown>;

/** A test that goes through the company page and then the dashboard takes longer than one page. */
const TWO_PAGES = 15_000;

/**
 * Logs in as a customer with four datastores: `backup` on the dynamic rate, `archive`, `old`
 * cancelled on its own, and `media`.
 */
async function logInWithDatastores(): Promise<Customer> {
  const customer = createCustomer({
    datastores: [
      aDatastore('backup', { volume: 0 }),
      aDatastore('archive', { volume: 5 }),
      aDatastore('old', { contract_end_date: cancellationEndDate() }),
      aDatastore('media', { volume: 2 }),
    ],
  });
  await loginAs(customer);
  return customer;
}

/** Every datastore card of `customer` says it is read-only, and none can be cancelled. */
async function expectReadOnlyCards(language: Language, customer: Customer) {
  const cards = await screen.findAllByRole('article');
  expect(cards).toHaveLength(customer.datastores.length);
  for (const card of cards) {
    expect(within(card).getByText(texts[language].badge)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: texts[language].delete })).toBeDisabled();
  }
}

/** The purchase card says why it is closed and offers no Buy button. */
function expectClosedPurchase(language: Language, date: string | null) {
  const purchase = within(screen.getByRole('region', { name: texts[language].purchase }));
  const why = date === null ? texts[language].closedWithoutDate : texts[language].closed(date);
  expect(purchase.getByText(why)).toBeInTheDocument();
  expect(purchase.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: texts[language].buy })).not.toBeInTheDocument();
}

/**
 * A later visit of a customer with datastores, on a server whose GET /company answers its company with `contract_end_date`
 * as given (undefined: without the field, as SPEC §3 and the spec-strict mock have it). The
 * contract itself is cancelled through the mock, which ends every datastore; `status`, when given,
 * is what GET /status answers instead.
 */
async function cancelOnCompanyPage(language: Language) {
  const { user } = renderApp('/company', { loggedIn: true, language });
  const cancellation = within(await screen.findByRole('region', { name: texts[language].cancelHeading }));
  await user.click(await cancellation.findByRole('button', { name: texts[language].cancelButton }));
  await user.click(cancellation.getByRole('button', { name: texts[language].cancelConfirm }));
  expect(await cancellation.findByText(texts[language].cancelled)).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: texts[language].nav }));
}

async function laterVisit(companyEnd: string | undefined, language: Language = 'en', status?: Datastore[]) {
  const customer = await logInWithDatastores();
  await cancelContract();
  const { contract_end_date: _sent, ...company } = await getCompany();
  const answer: Company = companyEnd === undefined ? company : { ...company, contract_end_date: companyEnd };
  server.use(http.get(apiUrl('/company'), () => HttpResponse.json(answer)));
  if (status) server.use(http.get(apiUrl('/status'), () => HttpResponse.json(status)));
  return { ...renderApp('/dashboard', { loggedIn: true, language }), customer };
}

describe('the dashboard after a contract cancellation', () => {
  it.each<Language>(['en', 'de'])(
    'shows the datastores read-only and the purchase closed, with the end date, right after the cancellation (%s)',
    async (language) => {
      const customer = await logInWithDatastores();
      await cancelOnCompanyPage(language);
      const date = endDate(language);
      // The session knows of the cancellation, whether or not the company carries an end date
      // (the spec-strict mock sends none): the date then comes from the datastores, which all end.
      expect(await screen.findByText(texts[language].notice(date))).toBeInTheDocument();
      await expectReadOnlyCards(language, customer);
      expectClosedPurchase(language, date);
    },
    TWO_PAGES,
  );

  it.each<Language>(['en', 'de'])(
    'says the contract is cancelled without a date when neither the company nor every datastore carries one (%s)',
    async (language) => {
      const customer = await logInWithDatastores();
      const { contract_end_date: _sent, ...company } = await getCompany();
      const running = (await getStatus()).map((datastore) => ({ ...datastore, contract_end_date: null }));
      server.use(
        http.get(apiUrl('/company'), () => HttpResponse.json(company)),
        http.get(apiUrl('/status'), () => HttpResponse.json(running)),
      );
      await cancelOnCompanyPage(language);
      expect(await screen.findByText(texts[language].noticeWithoutDate)).toBeInTheDocument();
      await expectReadOnlyCards(language, customer);
      expectClosedPurchase(language, null);
    },
    TWO_PAGES,
  );

  it.each<Language>(['en', 'de'])(
    'shows the datastores read-only on a later visit when the company carries the end date (%s)',
    async (language) => {
      const { customer } = await laterVisit('2027-01-31', language);
      const date = language === 'en' ? 'January 31, 2027' : '31. Januar 2027';
      expect(await screen.findByText(texts[language].notice(date))).toBeInTheDocument();
      await expectReadOnlyCards(language, customer);
      expectClosedPurchase(language, date);
    },
  );

  it('offers no cancellation of a datastore while the contract is cancelled', async () => {
    const { user } = await laterVisit(cancellationEndDate());
    await screen.findByText(texts.en.notice(endDate('en')));
    for (const button of screen.getAllByRole('button', { name: texts.en.delete })) await user.click(button);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('claims no contract cancellation on a later visit when the company carries no end date (SPEC §3)', async () => {
    await laterVisit(undefined);
    // Each datastore still shows its own end date and cannot be cancelled again (SPEC §2) ...
    for (const card of await screen.findAllByRole('article')) {
      expect(within(card).getByText('Deletion scheduled:')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: texts.en.delete })).toBeDisabled();
      expect(within(card).queryByText(texts.en.badge)).not.toBeInTheDocument();
    }
    // ... but datastores that all end may have been cancelled one by one, and those stay writable:
    // nothing says read-only, and the purchase card stays (the server refuses what it must).
    await waitFor(() => expect(screen.getAllByRole('button', { name: texts.en.buy })).toHaveLength(2));
    expect(screen.queryByText(/Your contract is cancelled/)).not.toBeInTheDocument();
  });

  it('invites no first purchase when the contract is cancelled and no datastore is left', async () => {
    await laterVisit('2027-01-31', 'en', []);
    expect(await screen.findByText(texts.en.notice('January 31, 2027'))).toBeInTheDocument();
    expectClosedPurchase('en', 'January 31, 2027');
    expect(screen.queryByText(/You have no datastores yet/)).not.toBeInTheDocument();
  });

  it('keeps the purchase open and claims nothing when the company cannot be read', async () => {
    await logInWithDatastores();
    server.use(http.get(apiUrl('/company'), () => new HttpResponse(null, { status: 500 })));
    renderApp('/dashboard', { loggedIn: true });
    await screen.findAllByRole('article');
    expect(screen.getAllByRole('button', { name: texts.en.buy })).toHaveLength(2);
    expect(screen.queryByText(texts.en.badge)).not.toBeInTheDocument();
    expect(screen.queryByText(/Your contract is cancelled/)).not.toBeInTheDocument();
  });
});
