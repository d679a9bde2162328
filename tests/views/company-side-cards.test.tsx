import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { me } from '../../src/api/auth';
import { apiUrl } from '../../src/api/client';
import { v11Url } from '../../src/api/v1-1/request';
import { getCompany } from '../../src/api/company';
import type { Company, CompanyProduct } from '../../src/domain/entities';
import type { Language } from '../../src/domain/constants';
import { mock, server } from '../../src/mocks/node';
import { cancellationEndDate } from '../../src/mocks/rules';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

/** A customer with notifications on and two datastores: `backup` runs on, `old` is cancelled on its own. */
function aCustomerWithDatastores() {
  return createCustomer({
    user: { notifications: true },
    datastores: [aDatastore('backup'), aDatastore('old', { contract_end_date: cancellationEndDate() })],
  });
}

async function openCompany(customer: Customer = aCustomerWithDatastores(), language: Language = 'en') {
  const view = await renderAppAs('/company', { as: customer, language });
  await screen.findByRole('region', { name: language === 'de' ? 'Firmendaten' : 'Company data' });
  return view;
}

const card = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the notifications card', () => {
  it('switches notifications off and then links to the page that explains it', async () => {
    const { user, currentPath } = await openCompany();
    const notifications = await card('Notifications');
    const checkbox = notifications.getByRole('checkbox', { name: 'Send me notifications by email' });
    expect(checkbox).toBeChecked();
    expect(notifications.queryByRole('link', { name: 'What this means' })).not.toBeInTheDocument();
    await user.click(checkbox);
    expect(checkbox).not.toBeChecked();
    const link = await notifications.findByRole('link', { name: 'What this means' });
    await waitFor(async () => expect((await me()).notifications).toBe(false));
    await user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications are switched off' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/notifications');
  });

  it.each<[Language, string, string]>([
    ['en', 'Send me notifications by email', 'The notification setting could not be saved. Please try again.'],
    [
      'de',
      'Benachrichtigungen per E-Mail erhalten',
      'Die Benachrichtigungseinstellung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    ],
  ])(
    'returns the checkbox to its old value and shows an error when the call answers 500 (%s)',
    async (language, label, message) => {
      // v1's switch in German, v1.1's in English: the card says the same of either's failure.
      if (language === 'de') mock.setApiVersion('v1');
      mock.fault(language === 'de' ? 'GET /notifications/{true|false}' : 'v1.1 PUT /notifications', 'http500');
      const { user } = await openCompany(aCustomerWithDatastores(), language);
      const notifications = await card(language === 'de' ? 'Benachrichtigungen' : 'Notifications');
      const checkbox = notifications.getByRole('checkbox', { name: label });
      await user.click(checkbox);
      await waitFor(() => expect(notifications.getByRole('alert')).toHaveTextContent(message));
      expect(checkbox).toBeChecked();
      await expect(me()).resolves.toMatchObject({ notifications: true });
    },
  );
});

/** A yyyy-mm-dd day as the portal writes it in each language (product-list.tsx, useDayFormat). */
const longDay = (day: string, language: Language) =>
  new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const texts = {
  en: {
    heading: 'Cancel the contract',
    button: 'Cancel the contract…',
    confirm: 'Yes, cancel the contract',
    cancelled: 'Your contract has been cancelled.',
    cancelledEnds: (date: string) => `Your contract has been cancelled. It ends on ${date}.`,
    consequences:
      'From the cancellation on, your datastores are read-only; billing continues until the contract ends. Your account is deleted 30 days after the cancellation, with all datastores and backups: restore what you want to keep before then.',
    question: 'Do you really want to cancel your contract?',
    // SPEC §9 "Cancellation is four weeks to the billing date", §4 read-only, §9 "30 days after cancellation".
    promises: [
      'Billing is monthly, and the notice period is four weeks to the billing date: your contract ends on the first billing date that is at least four weeks away.',
      'Once cancelled, your datastores are read-only.',
      'Your account is deleted 30 days after the cancellation, with all datastores and backups.',
    ],
    keep: 'No, keep the contract',
    allCancelled: (date: string) =>
      `All your datastores are already cancelled; the last one ends on ${date}. There is nothing left to cancel.`,
  },
  de: {
    heading: 'Vertrag kündigen',
    button: 'Vertrag kündigen…',
    confirm: 'Ja, Vertrag kündigen',
    cancelled: 'Ihr Vertrag wurde gekündigt.',
    cancelledEnds: (date: string) => `Ihr Vertrag wurde gekündigt. Er endet am ${date}.`,
    consequences:
      'Ab der Kündigung können Ihre Datastores nur noch gelesen werden; abgerechnet wird bis zum Vertragsende. Ihr Konto wird 30 Tage nach der Kündigung gelöscht, mit allen Datastores und Backups: Stellen Sie bis dahin wieder her, was Sie behalten möchten.',
    question: 'Möchten Sie Ihren Vertrag wirklich kündigen?',
    promises: [
      'Wir rechnen monatlich ab; die Kündigungsfrist beträgt vier Wochen zum Abrechnungstermin. Ihr Vertrag endet also am ersten Abrechnungstermin, der mindestens vier Wochen nach Ihrer Kündigung liegt.',
      'Nach der Kündigung können Ihre Datastores nur noch gelesen werden.',
      'Ihr Konto wird 30\u00a0Tage nach der Kündigung gelöscht, mit allen Datastores und Backups.',
    ],
    keep: 'Nein, Vertrag behalten',
    allCancelled: (date: string) =>
      `Alle Ihre Datastores sind bereits gekündigt; der letzte endet am ${date}. Es gibt nichts mehr zu kündigen.`,
  },
} satisfies Record<Language, unknown>;

/**
 * A server that follows SPEC §3 to the letter: its Company has no `contract_end_date` (the mock
 * adds one after a cancellation). GET /company answers the company of a customer with datastores
 * (logged in) without it, whatever happens; with `products`, GET /me answers the customer with
 * those products, else the mock's.
 */
async function specStrictServer(products?: (seeded: CompanyProduct[]) => CompanyProduct[]) {
  await loginAs(aCustomerWithDatastores());
  const { contract_end_date: _extra, ...company } = await getCompany();
  const strict: Omit<Company, 'contract_end_date'> = company;
  /** How often the portal has read each override. */
  const answers = { company: 0, me: 0 };
  server.use(
    http.get(apiUrl('/company'), () => {
      answers.company += 1;
      return HttpResponse.json(strict);
    }),
  );
  if (products) {
    const user = await me();
    server.use(
      http.get(apiUrl('/me'), () => {
        answers.me += 1;
        return HttpResponse.json({ ...user, products: products(user.products ?? []) });
      }),
    );
  }
  return answers;
}

async function confirmCancellation(language: Language) {
  const { user } = renderApp('/company', { loggedIn: true, language });
  const cancellation = await card(texts[language].heading);
  await user.click(await cancellation.findByRole('button', { name: texts[language].button }));
  await user.click(cancellation.getByRole('button', { name: texts[language].confirm }));
  return cancellation;
}

describe('the cancellation card', () => {
  it('is disabled, and says why, when the company has no products', async () => {
    const registered = createCustomer({ active: false });
    mock.activate(registered.email);
    await openCompany(registered);
    const cancellation = await card('Cancel the contract');
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toBeDisabled();
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toHaveAccessibleDescription(
      'You have no running datastores, so there is nothing to cancel.',
    );
  });

  it('is disabled without products in German too', async () => {
    const registered = createCustomer({ active: false });
    mock.activate(registered.email);
    await openCompany(registered, 'de');
    const cancellation = await card('Vertrag kündigen');
    expect(cancellation.getByRole('button', { name: 'Vertrag kündigen…' })).toBeDisabled();
    expect(
      cancellation.getByText('Sie haben keine laufenden Datastores, daher gibt es nichts zu kündigen.'),
    ).toBeInTheDocument();
  });

  it.each<Language>(['en', 'de'])(
    'states what SPEC §4 and §9 promise first and cancels nothing when the customer keeps the contract (%s)',
    async (language) => {
      const { user } = await openCompany(aCustomerWithDatastores(), language);
      const cancellation = await card(texts[language].heading);
      await user.click(cancellation.getByRole('button', { name: texts[language].button }));
      expect(cancellation.getByText(texts[language].question)).toHaveFocus();
      expect(cancellation.getAllByRole('listitem').map((item) => item.textContent)).toEqual(texts[language].promises);
      await user.click(cancellation.getByRole('button', { name: texts[language].keep }));
      expect(cancellation.getByRole('button', { name: texts[language].button })).toHaveFocus();
      const { products } = await me();
      expect(products?.find((product) => product.name === 'backup')).toMatchObject({ contract_end_date: null });
    },
  );

  it('cancels after the confirmation in German and shows the end date with the consequences', async () => {
    const { user } = await openCompany(aCustomerWithDatastores(), 'de');
    const cancellation = await card(texts.de.heading);
    await user.click(cancellation.getByRole('button', { name: texts.de.button }));
    await user.click(cancellation.getByRole('button', { name: texts.de.confirm }));
    const date = longDay(cancellationEndDate(), 'de');
    expect(await cancellation.findByText(texts.de.cancelledEnds(date))).toBeInTheDocument();
    expect(cancellation.getByRole('status')).toHaveTextContent(
      `${texts.de.cancelledEnds(date)}${texts.de.consequences}`,
    );
  });

  it('cancels after the confirmation and shows the end date, also in the product list', async () => {
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    const end = cancellationEndDate();
    expect(await cancellation.findByText(texts.en.cancelledEnds(longDay(end, 'en')))).toBeInTheDocument();
    expect(cancellation.getByText(texts.en.consequences)).toBeInTheDocument();
    expect(cancellation.queryByRole('button', { name: /Cancel the contract/ })).not.toBeInTheDocument();
    const products = await card('Your datastores under contract');
    await waitFor(() => expect(products.queryByText('not cancelled')).not.toBeInTheDocument());
    expect((await me()).products?.every((product) => product.contract_end_date !== null)).toBe(true);
  });

  it.each<Language>(['en', 'de'])(
    'reads a 2xx as cancelled, with the consequences, when the server sends no end date anywhere (%s)',
    async (language) => {
      const answers = await specStrictServer((seeded) =>
        seeded.map((product) => ({ ...product, contract_end_date: null })),
      );
      const cancellation = await confirmCancellation(language);
      expect(await cancellation.findByText(texts[language].cancelled)).toBeInTheDocument();
      expect(cancellation.getByText(texts[language].consequences)).toBeInTheDocument();
      // It stays so once the company and the user are reloaded, still without any end date.
      await waitFor(() => expect(answers).toEqual({ company: 2, me: 2 }));
      expect(cancellation.getByRole('status')).toHaveTextContent(
        `${texts[language].cancelled}${texts[language].consequences}`,
      );
      expect(cancellation.getByRole('alert')).toBeEmptyDOMElement();
      expect(cancellation.queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it.each<Language>(['en', 'de'])(
    'shows the end date of the reloaded products when the company carries none (%s)',
    async (language) => {
      await specStrictServer();
      const cancellation = await confirmCancellation(language);
      const date = longDay(cancellationEndDate(), language);
      expect(await cancellation.findByText(texts[language].cancelledEnds(date))).toBeInTheDocument();
      expect(cancellation.getByText(texts[language].consequences)).toBeInTheDocument();
      // The mock did set its company end date; this server does not send it.
      expect(await getCompany()).not.toHaveProperty('contract_end_date');
    },
  );

  it.each<[Language, string]>([
    ['en', 'January 31, 2027'],
    ['de', '31. Januar 2027'],
  ])(
    'says so instead of offering to cancel when every product already ends, on a later visit (%s)',
    async (language, date) => {
      await specStrictServer((seeded) =>
        seeded.map((product, index) => ({ ...product, contract_end_date: index === 0 ? '2027-01-31' : '2026-12-31' })),
      );
      renderApp('/company', { loggedIn: true, language });
      const cancellation = await card(texts[language].heading);
      expect(await cancellation.findByText(texts[language].allCancelled(date))).toBeInTheDocument();
      expect(cancellation.queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it('still offers the cancellation while one product runs on without an end date', async () => {
    // The customer's `old` datastore is cancelled on its own; `backup` runs on.
    await specStrictServer();
    renderApp('/company', { loggedIn: true });
    const cancellation = await card('Cancel the contract');
    await screen.findByRole('rowheader', { name: 'old' });
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toBeEnabled();
    expect(cancellation.queryByText(/already cancelled/)).not.toBeInTheDocument();
  });

  it('shows why the cancellation failed and keeps the contract', async () => {
    // A 500 without a text of the server's: the general message (a text would be shown as given).
    mock.setApiVersion('v1');
    server.use(http.get(apiUrl('/contract/cancel'), () => new HttpResponse(null, { status: 500 })));
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    await waitFor(() => expect(cancellation.getByRole('alert')).toHaveTextContent('An error has occurred!'));
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toHaveFocus();
  });

  it('shows the server\u2019s reason for a refusal and offers the cancellation again', async () => {
    // v1.1's refusal: problem details, whose `detail` the card shows as the server's text.
    server.use(
      http.post(v11Url('/contract/cancellation'), () =>
        HttpResponse.json(
          {
            type: '/problems/billing-run',
            title: 'Cancellations are closed',
            status: 409,
            detail: 'Cancellations are closed until the billing run is over.',
          },
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    await waitFor(() =>
      expect(cancellation.getByRole('alert')).toHaveTextContent(
        'Cancellations are closed until the billing run is over.',
      ),
    );
    expect(cancellation.queryByText('Your contract has been cancelled.')).not.toBeInTheDocument();
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toBeEnabled();
  });

  it('takes a 2xx as the server\u2019s yes even when it had no effect (decision 013, point 6)', async () => {
    // A proxy's maintenance page with status 200: the portal cannot tell (decision 002, point 6).
    mock.setApiVersion('v1');
    mock.fault('GET /contract/cancel', 'malformed', { times: 1 });
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    expect(await cancellation.findByText('Your contract has been cancelled.')).toBeInTheDocument();
    // The product list, reloaded with the user, is where the customer sees that nothing ends.
    const products = await card('Your datastores under contract');
    await waitFor(() => expect(products.getAllByText('not cancelled').length).toBeGreaterThan(0));
    expect(cancellation.queryByText(/It ends on/)).not.toBeInTheDocument();
  });
});

describe('the data processing agreement card (decision 041)', () => {
  it.each([
    {
      language: 'en',
      heading: 'Data processing agreement',
      text: 'For the personal data in your backups we conclude a data processing agreement (DPA) with you under Art. 28 GDPR. View the data processing agreement (DPA)',
      link: 'View the data processing agreement (DPA)',
      edit: 'Edit',
    },
    {
      language: 'de',
      heading: 'Auftragsverarbeitung',
      text: 'Für die Verarbeitung personenbezogener Daten in Ihren Backups schließen wir mit Ihnen einen Vertrag zur Auftragsverarbeitung (AVV) nach Art. 28 DSGVO. Vertrag zur Auftragsverarbeitung (AVV) ansehen',
      link: 'Vertrag zur Auftragsverarbeitung (AVV) ansehen',
      edit: 'Bearbeiten',
    },
  ] as const)(
    'states the agreement and links it in a new tab, while viewing and editing ($language)',
    async (words) => {
      const { user } = await openCompany(aCustomerWithDatastores(), words.language);
      const dpa = await card(words.heading);
      expect(dpa.getByText(/Art\. 28/)).toHaveTextContent(words.text);
      const link = dpa.getByRole('link', { name: words.link });
      expect(link).toHaveAttribute('href', 'https://www.example.com/data-processing-agreement');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const edit = screen.getByRole('button', { name: words.edit });
      await waitFor(() => expect(edit).toBeEnabled());
      await user.click(edit);
      expect((await card(words.heading)).getByRole('link', { name: words.link })).toBeInTheDocument();
    },
  );
});

describe('the language card', () => {
  it('switches the page to German at once', async () => {
    const { user } = await openCompany();
    const language = await card('Language');
    await user.selectOptions(language.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto und Einstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Firmendaten' })).toBeInTheDocument();
  });
});
