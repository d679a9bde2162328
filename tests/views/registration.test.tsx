import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import type { Language } from '../../src/domain/constants';
import { findAccountByEmail, findCompany } from '../../src/mocks/db';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { labelled, renderApp } from '../support/render-app';

// The pages' code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await Promise.all([import('../../src/views/register/register-page'), import('../../src/views/waiting/waiting-page')]);
});

/** Whole pages on two shared cores: more than the default 5 s. */
const journey = { timeout: 15_000 };

const words = {
  en: {
    title: 'Create a company account',
    email: 'Email address',
    password: /^Password/,
    firstname: 'First name',
    lastname: 'Last name',
    phone: 'Phone',
    company: 'Company name',
    street: 'Street and number',
    postcode: 'Postcode',
    city: 'City',
    country: 'Country',
    ustid: 'VAT ID',
    notifications: 'Send me notifications about my account and datastores by email',
    countries: ['Germany', 'France', 'Luxembourg'],
    submit: 'Create account',
    required: 'Please fill in this field.',
    postcodeInvalid: 'Please enter a valid postcode for the chosen country.',
    policy:
      'The password must be longer than 15 characters and contain lower and upper case letters and at least one digit.',
    checklist: ['more than 15 characters', 'a lower-case letter', 'an upper-case letter', 'at least one number'],
    met: '(done)',
    unmet: '(missing)',
    general: 'An error has occurred!',
    emailTaken: 'This email address is already registered. Please log in or reset your password.',
    waiting: 'Your account awaits activation',
    activation: 'We activate your account within 2 to 3 business days.',
    mail: 'You will be notified by email as soon as your account is active.',
    toLogin: 'Go to login',
  },
  de: {
    title: 'Firmenkonto erstellen',
    email: 'E-Mail-Adresse',
    password: /^Passwort/,
    firstname: 'Vorname',
    lastname: 'Nachname',
    phone: 'Telefon',
    company: 'Firmenname',
    street: 'Straße und Hausnummer',
    postcode: 'Postleitzahl',
    city: 'Ort',
    country: 'Land',
    ustid: 'USt-IdNr.',
    notifications: 'Benachrichtigungen zu meinem Konto und meinen Datastores per E-Mail erhalten',
    countries: ['Deutschland', 'Frankreich', 'Luxemburg'],
    submit: 'Konto erstellen',
    required: 'Bitte füllen Sie dieses Feld aus.',
    postcodeInvalid: 'Bitte geben Sie eine gültige Postleitzahl für das gewählte Land ein.',
    policy:
      'Das Passwort muss mehr als 15 Zeichen lang sein und Klein- und Großbuchstaben sowie mindestens eine Ziffer enthalten.',
    checklist: ['mehr als 15 Zeichen', 'einen Kleinbuchstaben', 'einen Großbuchstaben', 'mindestens eine Ziffer'],
    met: '(erfüllt)',
    unmet: '(fehlt noch)',
    general: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    emailTaken: 'Diese E-Mail-Adresse ist bereits registriert. Melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
    waiting: 'Ihr Konto ist noch nicht freigeschaltet',
    activation: 'Wir schalten Ihr Konto innerhalb von 2 bis 3 Werktagen frei.',
    mail: 'Sobald Ihr Konto freigeschaltet ist, erhalten Sie eine Benachrichtigung per E-Mail.',
    toLogin: 'Zur Anmeldung',
  },
} as const;

async function openRegistration(language: Language) {
  const view = renderApp('/register', { language });
  const text = words[language];
  await screen.findByRole('heading', { level: 1, name: text.title });
  // The page's fields, found once by their labels (no accessible name computed for each query).
  const page = screen.getByRole('main');
  const field = (label: string | RegExp) => labelled(page, label);
  const fields = {
    email: field(text.email),
    password: field(text.password),
    firstname: field(text.firstname),
    lastname: field(text.lastname),
    phone: field(text.phone),
    company: field(text.company),
    street: field(text.street),
    postcode: field(text.postcode),
    city: field(text.city),
    country: field(text.country),
    ustid: field(text.ustid),
    notifications: field(text.notifications),
    terms: within(page).getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ }),
  };
  const submit = within(page).getByRole('button', { name: text.submit });
  /** Fills every field as a customer's autofill would (the password checklist's test types key by key). */
  const fillAll = (email = 'new@example.com') => {
    const values: [HTMLElement, string][] = [
      [fields.email, email],
      [fields.password, 'Correct-Horse-Battery-9'],
      [fields.firstname, 'Nora'],
      [fields.lastname, 'Neumann'],
      [fields.phone, '+49 40 123'],
      [fields.company, 'Neu IT GmbH'],
      [fields.street, 'Am Kai 3'],
      [fields.postcode, '20457'],
      [fields.city, 'Hamburg'],
    ];
    for (const [element, value] of values) fireEvent.change(element, { target: { value } });
    fireEvent.click(fields.notifications);
    fireEvent.click(fields.terms);
  };
  return { ...view, fields, submit, fillAll };
}

describe.each(['en', 'de'] as const)('the registration in %s', journey, (language) => {
  const text = words[language];

  it('offers Germany, France and Luxembourg with Germany chosen', async () => {
    const { fields } = await openRegistration(language);
    expect(fields.country).toHaveValue('DE');
    expect(
      within(fields.country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(text.countries);
  });

  it('shows an error beside every empty required field and sends nothing', async () => {
    const { fields, submit, user } = await openRegistration(language);
    await user.click(submit);
    for (const field of [
      fields.email,
      fields.password,
      fields.firstname,
      fields.lastname,
      fields.street,
      fields.postcode,
      fields.city,
    ]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(text.required));
    }
    for (const field of [fields.phone, fields.company, fields.ustid]) expect(field).not.toHaveAttribute('aria-invalid');
    expect(fields.email).toHaveFocus();
    expect(mock.pendingAccounts()).toHaveLength(1);
  });

  it('checks the password policy live and refuses a weak password', async () => {
    const { fields, submit, user } = await openRegistration(language);
    const items = () => within(fields.password.closest('.field') as HTMLElement).getAllByRole('listitem');
    expect(items().map((item) => item.textContent)).toEqual(text.checklist.map((rule) => `–${rule} ${text.unmet}`));
    await user.type(fields.password, 'short1');
    expect(items().map((item) => item.textContent?.endsWith(text.met))).toEqual([false, true, false, true]);
    await user.click(submit);
    expect(fields.password).toHaveAccessibleDescription(expect.stringContaining(text.policy));
    await user.type(fields.password, '-Long-Enough');
    expect(items().every((item) => item.textContent?.endsWith(text.met))).toBe(true);
    expect(fields.password).not.toHaveAttribute('aria-invalid');
  });
});

describe('the registration in English', journey, () => {
  const language: Language = 'en';
  const text = words[language];

  it('registers a company with the payload of SPEC §7 and shows what happens next', async () => {
    const { fillAll, submit, user, currentPath } = await openRegistration(language);
    fillAll();
    await user.click(submit);
    expect(await screen.findByRole('heading', { level: 1, name: text.waiting })).toBeInTheDocument();
    expect(currentPath()).toBe('/waiting');
    expect(screen.getByText(text.activation)).toBeInTheDocument();
    expect(screen.getByText(text.mail)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: text.toLogin })).toHaveAttribute(
      'href',
      '/login',
    );
    const account = findAccountByEmail('new@example.com');
    expect(account).toMatchObject({
      firstname: 'Nora',
      lastname: 'Neumann',
      phone: '+49 40 123',
      language,
      notifications: true,
      active: false,
    });
    expect(findCompany(account?.id ?? '')).toMatchObject({
      pending_name: 'Neu IT GmbH',
      pending_street: 'Am Kai 3',
      pending_postcode: '20457',
      pending_city: 'Hamburg',
      pending_country: 'DE',
      pending_state: null,
      pending_ustid: null,
    });
  });

  it('keeps everything typed and shows the general message when the server fails', async () => {
    mock.fault('POST /register/company', 'http500', { times: 1 });
    const { fields, fillAll, submit, user, currentPath } = await openRegistration(language);
    fillAll();
    await user.click(submit);
    expect(await screen.findByText(text.general)).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
    expect(fields.email).toHaveValue('new@example.com');
    expect(fields.password).toHaveValue('Correct-Horse-Battery-9');
    expect(fields.city).toHaveValue('Hamburg');
    expect(fields.notifications).toBeChecked();
  });
});

describe('the registration in German', journey, () => {
  const language: Language = 'de';
  const text = words[language];

  it('refuses a postcode that does not fit the country', async () => {
    const { fields, fillAll, submit, user } = await openRegistration(language);
    fillAll();
    await user.selectOptions(fields.country, 'LUX');
    await user.click(submit);
    expect(fields.postcode).toHaveAccessibleDescription(text.postcodeInvalid);
    fireEvent.change(fields.postcode, { target: { value: 'L-1234' } });
    expect(fields.postcode).not.toHaveAttribute('aria-invalid');
  });

  it('says in its own words that an address is already registered, keeping what was typed (decision 039)', async () => {
    const { email } = createCustomer();
    const { fields, fillAll, submit, user, currentPath } = await openRegistration(language);
    fillAll(email);
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(text.emailTaken);
    expect(currentPath()).toBe('/register');
    expect(fields.email).toHaveValue(email);
    expect(fields.email).not.toHaveAttribute('aria-invalid');
  });
});

describe('the registration', journey, () => {
  it('marks exactly the required fields of SPEC §5 and leaves the consent unticked', async () => {
    const { fields } = await openRegistration('en');
    for (const name of [
      'email',
      'password',
      'firstname',
      'lastname',
      'street',
      'postcode',
      'city',
      'country',
    ] as const) {
      expect(fields[name]).toBeRequired();
    }
    for (const name of ['phone', 'company', 'ustid', 'notifications'] as const) expect(fields[name]).not.toBeRequired();
    expect(fields.notifications).not.toBeChecked();
    expect(screen.getByText('Fields marked with * are required.')).toBeInTheDocument();
  });

  it('keeps what was typed when the language changes, and registers in the new language', async () => {
    const { fields, fillAll, submit, user, currentPath } = await openRegistration('en');
    fillAll();
    fireEvent.change(fields.city, { target: { value: '' } });
    await user.click(submit);
    expect(fields.city).toHaveAccessibleDescription(words.en.required);
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByRole('heading', { level: 1, name: words.de.title })).toBeInTheDocument();
    expect(fields.city).toHaveAccessibleDescription(words.de.required);
    expect(fields.email).toHaveValue('new@example.com');
    fireEvent.change(fields.city, { target: { value: 'Hamburg' } });
    await user.click(screen.getByRole('button', { name: words.de.submit }));
    await waitFor(() => expect(currentPath()).toBe('/waiting'));
    expect(findAccountByEmail('new@example.com')?.language).toBe('de');
  });

  it('shows the button busy and disabled while the registration is under way', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Holds the call; answering nothing lets the mock's own handler answer afterwards.
    server.use(
      http.post(apiUrl('/register/company'), async () => {
        await gate;
      }),
    );
    const { fillAll, submit, user, currentPath } = await openRegistration('en');
    fillAll();
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(currentPath()).toBe('/waiting'));
  });
});

describe.each([
  [
    'en',
    {
      businessOnly:
        'Our offer is for businesses only: entrepreneurs within the meaning of section 14 of the German Civil Code (BGB).',
      terms: 'terms and conditions',
      privacy: 'privacy notice',
      acceptTerms: 'Please accept the terms and conditions.',
      dataProcessing:
        'For the personal data in your backups we conclude a data processing agreement (DPA) with you under Art. 28 GDPR. View the data processing agreement (DPA)',
      dataProcessingLink: 'View the data processing agreement (DPA)',
    },
  ],
  [
    'de',
    {
      businessOnly: 'Unser Angebot richtet sich ausschließlich an Unternehmer im Sinne von § 14 BGB.',
      terms: 'Allgemeinen Geschäftsbedingungen',
      privacy: 'Datenschutzhinweise',
      acceptTerms: 'Bitte akzeptieren Sie die AGB.',
      dataProcessing:
        'Für die Verarbeitung personenbezogener Daten in Ihren Backups schließen wir mit Ihnen einen Vertrag zur Auftragsverarbeitung (AVV) nach Art. 28 DSGVO. Vertrag zur Auftragsverarbeitung (AVV) ansehen',
      dataProcessingLink: 'Vertrag zur Auftragsverarbeitung (AVV) ansehen',
    },
  ],
] as const)('the legal texts of the registration in %s (decision 032)', journey, (language, legal) => {
  it('says that the offer is for businesses only and links the terms and the privacy notice', async () => {
    const { fields } = await openRegistration(language);
    expect(screen.getByText(legal.businessOnly)).toBeInTheDocument();
    expect(fields.terms).toBeRequired();
    expect(fields.terms).not.toBeChecked();
    expect(screen.getByRole('link', { name: legal.terms })).toHaveAttribute('href', 'https://www.example.com/terms');
    expect(screen.getByRole('link', { name: legal.privacy })).toHaveAttribute(
      'href',
      'https://www.example.com/privacy',
    );
  });

  it('states the data processing agreement beside the terms and links it in a new tab, with no checkbox of its own (decision 041)', async () => {
    renderApp('/register', { language });
    const link = await screen.findByRole('link', { name: legal.dataProcessingLink });
    const terms = screen.getByRole('checkbox', { name: new RegExp(legal.terms) });
    expect(link).toHaveAttribute('href', 'https://www.example.com/data-processing-agreement');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const notice = link.closest('p');
    expect(notice).toHaveTextContent(legal.dataProcessing);
    expect(within(notice as HTMLElement).queryByRole('checkbox')).toBeNull();
    expect(terms.closest('form')).toContainElement(notice);
    // The notifications and the terms: the agreement is stated, not ticked.
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('sends nothing until the terms are accepted, and says so beside them', async () => {
    const { fields, fillAll, submit, user } = await openRegistration(language);
    fillAll('terms@example.com');
    fireEvent.click(fields.terms);
    await user.click(submit);
    expect(fields.terms).toHaveAccessibleDescription(legal.acceptTerms);
    expect(fields.terms).toHaveFocus();
    expect(findAccountByEmail('terms@example.com')).toBeNull();
  });
});
