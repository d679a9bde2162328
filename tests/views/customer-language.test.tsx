/**
 * The customer's language reaches the server (decision 039): every call of the rendered portal
 * carries the page's language, the mock answers in it, and the refusals the portal recognises are
 * shown in the portal's own words in both languages. Rendered with the real MSW handlers.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import { apiUrl } from '../../src/api/client';
import type { Language } from '../../src/domain/constants';
import { mock, server } from '../../src/mocks/node';
import { preloadRoute } from '../../src/app/router';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

// The pages' code is loaded once up front, so that no test races a lazy route's first transform.
beforeAll(async () => {
  await Promise.all([
    import('../../src/views/register/register-page'),
    import('../../src/views/dashboard/dashboard-page'),
    import('../../src/views/company/company-page'),
  ]);
}, 30_000);

/** Whole journeys typed through jsdom take seconds on a busy machine. */
const journey = { timeout: 15_000 };

const words = {
  en: {
    register: 'Create a company account',
    email: 'Email address',
    password: /^Password/,
    firstname: 'First name',
    lastname: 'Last name',
    street: 'Street and number',
    postcode: 'Postcode',
    city: 'City',
    terms: /terms and conditions/,
    submit: 'Create account',
    emailTaken: 'This email address is already registered. Please log in or reset your password.',
    buyDynamic: 'Buy dynamic backup storage',
    companyIncomplete: 'Please complete your company data before you buy backup storage.',
    edit: 'Edit',
    form: 'Edit company data',
    mandate: /SEPA direct debit mandate/,
    save: 'Save',
    mandateMissing: 'To pay by direct debit, please grant the SEPA direct debit mandate.',
    /** The field's own rule, as the catalogue words it. */
    mandateField: en['field.mandate'],
  },
  de: {
    register: 'Firmenkonto erstellen',
    email: 'E-Mail-Adresse',
    password: /^Passwort/,
    firstname: 'Vorname',
    lastname: 'Nachname',
    street: 'Straße und Hausnummer',
    postcode: 'Postleitzahl',
    city: 'Ort',
    terms: /Allgemeinen Geschäftsbedingungen/,
    submit: 'Konto erstellen',
    emailTaken: 'Diese E-Mail-Adresse ist bereits registriert. Melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
    buyDynamic: 'Dynamischen Backup-Speicher kaufen',
    companyIncomplete: 'Bitte vervollständigen Sie Ihre Firmendaten, bevor Sie Backup-Speicher kaufen.',
    edit: 'Bearbeiten',
    form: 'Firmendaten bearbeiten',
    mandate: /SEPA-Lastschriftmandat/,
    save: 'Speichern',
    mandateMissing: 'Für die Zahlung per Lastschrift erteilen Sie bitte das SEPA-Lastschriftmandat.',
    mandateField: de['field.mandate'],
  },
} as const;

/** A customer who has not entered any company data yet, so has no customer number either. */
const aCustomerWithoutCompanyData = () => createCustomer({ company: null });

/** Every call the portal makes, with the language it names. */
const calls: { call: string; language: string | null }[] = [];
const record = ({ request }: { request: Request }) => {
  // Named as the mock names its calls: `GET /me` in v1, `v1.1 POST /datastores` in v1.1.
  const [, version, path] = /^\/api\/(v1\.1|v1)(\/.*)$/.exec(new URL(request.url).pathname) ?? [];
  const call = `${version === 'v1.1' ? 'v1.1 ' : ''}${request.method} ${path ?? ''}`;
  calls.push({ call, language: request.headers.get('Accept-Language') });
};
beforeEach(() => {
  calls.length = 0;
  server.events.on('request:start', record);
});
afterEach(() => {
  server.events.removeListener('request:start', record);
});

/** Fills the registration's required fields, types the address and accepts the terms. */
async function register(language: Language, email: string) {
  const text = words[language];
  const view = renderApp('/register', { language });
  await screen.findByRole('heading', { level: 1, name: text.register });
  const { user } = view;
  const box = (name: string) => screen.getByRole('textbox', { name });
  await user.type(box(text.email), email);
  await user.type(screen.getByLabelText(text.password), 'Correct-Horse-Battery-9');
  for (const [name, value] of [
    [text.firstname, 'Nora'],
    [text.lastname, 'Neumann'],
    [text.street, 'Am Kai 3'],
    [text.postcode, '20457'],
    [text.city, 'Hamburg'],
  ] as const) {
    await user.click(box(name));
    await user.paste(value);
  }
  await user.click(screen.getByRole('checkbox', { name: text.terms }));
  await user.click(screen.getByRole('button', { name: text.submit }));
  return view;
}

describe.each<Language>(['de', 'en'])('the portal in %s', journey, (language) => {
  const text = words[language];

  it('says in its own words that an address is already registered (review finding B21)', async () => {
    const { currentPath } = await register(language, createCustomer().email);
    expect(await screen.findByRole('alert')).toHaveTextContent(text.emailTaken);
    expect(currentPath()).toBe('/register');
    expect(calls).toContainEqual({ call: 'POST /register/company', language });
  });

  it('says in its own words that the company data must be complete before a purchase (review finding C17)', async () => {
    // The refusal is v1's 403 with a sentence in German, v1.1's problem type in English.
    if (language === 'de') mock.setApiVersion('v1');
    const { user } = await renderAppAs('/dashboard', { language, as: aCustomerWithoutCompanyData() });
    const buy = await screen.findByRole('button', { name: text.buyDynamic });
    await user.click(buy);
    const card = buy.closest('section');
    expect(card).not.toBeNull();
    await waitFor(() =>
      expect(within(card as HTMLElement).getByRole('alert')).toHaveTextContent(text.companyIncomplete),
    );
    expect(calls.filter(({ call }) => /^(GET \/product\/pbs\/|v1\.1 POST \/datastores)/.test(call))).toEqual([
      { call: language === 'de' ? 'GET /product/pbs/backup/0' : 'v1.1 POST /datastores', language },
    ]);
  });

  it('marks the mandate and says why when the server refuses a direct debit without it', async () => {
    // A v1 server's refusal (the edit goes on v1.1 only where the server offers second factors).
    mock.setApiVersion('v1');
    server.use(
      http.post(apiUrl('/edit/company'), () =>
        HttpResponse.json(
          {
            status: 'error',
            reason:
              language === 'de'
                ? 'Für die Zahlung per Lastschrift ist das SEPA-Lastschriftmandat nötig: Bitte stimmen Sie dem rechtlichen Hinweis zu.'
                : 'Direct debit needs the SEPA mandate: please accept the legal notice.',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderAppAs('/company', { language, as: createCustomer() });
    const edit = await screen.findByRole('button', { name: text.edit });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    const form = within(await screen.findByRole('form', { name: text.form }));
    await user.click(form.getByRole('button', { name: text.save }));
    expect(await form.findByText(text.mandateMissing)).toBeInTheDocument();
    const mandate = form.getByRole('checkbox', { name: text.mandate });
    expect(mandate).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByText(text.mandateField)).toBeInTheDocument();
  });
});

describe('the language of every call', journey, () => {
  it('is the page’s already for the first call of a page that renders with the app, its code loaded first as src/main.tsx does', async () => {
    await loginAs(createCustomer());
    await preloadRoute('/company', true);
    // What index.html says before the app runs.
    document.documentElement.lang = 'en';
    calls.length = 0;
    renderApp('/company', { language: 'de', loggedIn: true });
    await screen.findByRole('button', { name: words.de.edit });
    expect(calls).toContainEqual({ call: 'GET /company', language: 'de' });
    expect(calls.every((call) => call.language === 'de')).toBe(true);
  });

  it('is the page’s from the first read, and follows the customer’s switch for the next write', async () => {
    const { user } = await renderAppAs('/dashboard', { language: 'de', as: aCustomerWithoutCompanyData() });
    const buy = await screen.findByRole('button', { name: words.de.buyDynamic });
    const reads = calls.filter(({ call }) => call.startsWith('GET '));
    expect(reads.map(({ call }) => call)).toEqual(expect.arrayContaining(['GET /me', 'GET /status']));
    // The login of the test's set-up ran before the page; every call of the page is German.
    expect(calls.slice(1).every((call) => call.language === 'de')).toBe(true);
    await user.click(buy);
    await screen.findByText(words.de.companyIncomplete);
    // The dashboard asks once which API the server speaks (issue 45: its cards' way to a
    // datastore's page); the mock speaks v1.1, and the purchase goes there.
    expect(calls.filter(({ call }) => call === 'v1.1 GET /capabilities')).toEqual([
      { call: 'v1.1 GET /capabilities', language: 'de' },
    ]);
    expect(calls.at(-1)).toEqual({ call: 'v1.1 POST /datastores', language: 'de' });

    await user.selectOptions(screen.getByRole('combobox', { name: /^(Sprache|Language)$/ }), 'en');
    const english = await screen.findByRole('button', { name: words.en.buyDynamic });
    // The session saves the choice (POST /language); the purchase after it speaks the new language.
    await waitFor(() => expect(calls).toContainEqual(expect.objectContaining({ call: 'POST /language' })));
    calls.length = 0;
    await user.click(english);
    await screen.findByText(words.en.companyIncomplete);
    // Asked once per session: the second purchase goes straight to v1.1.
    expect(calls).toEqual([{ call: 'v1.1 POST /datastores', language: 'en' }]);
  });
});
