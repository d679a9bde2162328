import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, getResponse, http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Url } from '../../src/api/v1-1/request';
import { db } from '../../src/mocks/db';
import { handlers } from '../../src/mocks/handlers';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { advanceUntil, autofill, labelled, loginAs, renderApp, renderAppAs } from '../support/render-app';

/*
 * The order form's view: what it shows in each state and what it sends. What the order machine
 * decides (the rules, the payload, one order at a time, the failures, the waits) is tested in
 * tests/machines/licence-order.test.ts; how an order travels (a key sent again, v1 sent once) in
 * tests/api/v1-1.dom.test.ts; the journeys in tests/e2e/shop.spec.ts.
 */

// The pages' code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await Promise.all([
    import('../../src/views/shop/shop-page'),
    import('../../src/views/shop/order-form'),
    import('../../src/views/order-done/order-done-page'),
  ]);
});

/** Waits for an order page: its heading, then its form, which is a code chunk of its own. */
async function orderPage(heading: string) {
  await screen.findByRole('heading', { level: 2, name: heading });
  return screen.findByRole('form', { name: /^(Your details|Ihre Angaben)$/ });
}

const english = {
  'Email address': 'buyer@example.org',
  'Company name': 'Käufer GmbH',
  'First name': 'Karl',
  'Last name': 'Käufer',
  'Street and number': 'Marktplatz 2',
  Postcode: '80331',
  City: 'München',
};

const german = {
  'E-Mail-Adresse': 'buyer@example.org',
  Firmenname: 'Käufer GmbH',
  Vorname: 'Karl',
  Nachname: 'Käufer',
  'Straße und Hausnummer': 'Marktplatz 2',
  Postleitzahl: '80331',
  Ort: 'München',
};

/** The terms checkbox of the form (decision 032). */
const termsOf = (form: HTMLElement) =>
  within(form).getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ });

/** Ticks the terms, unless they are ticked already. */
function acceptTermsIn(form: HTMLElement) {
  const terms = termsOf(form);
  if (!(terms instanceof HTMLInputElement) || !terms.checked) fireEvent.click(terms);
}

/** Fills a visitor's details as autofill would, and accepts the terms. */
function fillVisitor(form: HTMLElement, values: Record<string, string> = english) {
  autofill(form, values);
  acceptTermsIn(form);
}

const orderButton = (form: HTMLElement, name = 'Order and pay') => within(form).getByRole('button', { name });

// Whole pages on two shared cores: more than the default 5 s.
describe('the order form of a visitor (step 1)', { timeout: 15_000 }, () => {
  it('shows the licence summary and a total that follows the CPU choice of a VE licence', async () => {
    const view = renderApp('/shop/3');
    await orderPage('Order Proxmox VE Standard');
    const summary = screen.getByRole('region', { name: 'Your licence' });
    expect(within(summary).getByText('Proxmox VE Standard')).toBeInTheDocument();
    expect(within(summary).getByText(/per CPU socket per year/)).toHaveTextContent(
      '530,00 € per CPU socket per year, plus VAT',
    );
    expect(within(summary).getByRole('list', { name: 'Features of Proxmox VE Standard' })).toBeInTheDocument();
    const choice = screen.getByRole('group', { name: 'Number of CPU sockets' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([true, false, false]);
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 530,00 € per year, plus VAT');
    await view.user.click(within(choice).getByRole('radio', { name: /^2 CPU sockets · 1\.060,00\s€$/ }));
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 1.060,00 € per year, plus VAT');
    await view.user.click(within(choice).getByRole('radio', { name: /^4 CPU sockets · 2\.120,00\s€$/ }));
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 2.120,00 € per year, plus VAT');
    await view.user.click(within(choice).getByRole('radio', { name: /^1 CPU socket · 530,00\s€$/ }));
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 530,00 € per year, plus VAT');
  });

  it('orders a VE licence for 2 CPUs and shows the delivery information on /order_done', async () => {
    const view = renderApp('/shop/3');
    const form = await orderPage('Order Proxmox VE Standard');
    fillVisitor(form);
    await view.user.click(within(form).getByRole('radio', { name: /^2 CPU sockets/ }));
    await view.user.click(orderButton(form));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/order_done');
    expect(screen.getByRole('status')).toHaveTextContent(
      'We have received your order of “Proxmox VE Standard” for 2 CPU sockets at 1.060,00 € per year plus VAT.',
    );
    expect(screen.getByText(/confirmation of your order by email at/)).toHaveTextContent('buyer@example.org');
    expect(screen.getByText(/PayPal or on invoice within 10 days/)).toBeInTheDocument();
    expect(screen.getByText(/licence key by email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the licence shop' })).toHaveAttribute('href', '/shop');
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({
        email: 'buyer@example.org',
        company_name: 'Käufer GmbH',
        firstname: 'Karl',
        lastname: 'Käufer',
        street: 'Marktplatz 2',
        postcode: '80331',
        city: 'München',
        product_id: 3,
        cpu_count: 2,
        country: 'DE',
        phone: '',
        ustid: '',
      }),
    ]);
    expect(mock.outbox().at(-1)).toMatchObject({ to: 'buyer@example.org', subject: 'Your order: Proxmox VE Standard' });
  });

  it('orders a PBS licence per server, without a CPU choice', async () => {
    const view = renderApp('/shop/7');
    const form = await orderPage('Order Proxmox Backup Server Standard');
    expect(screen.queryByRole('group', { name: 'Number of CPU sockets' })).not.toBeInTheDocument();
    expect(screen.getByText('This licence covers one server, whatever its number of CPU sockets.')).toBeInTheDocument();
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 2.160,00 € per year, plus VAT');
    fillVisitor(form, {
      ...english,
      Phone: '+33 1 23 45 67 89',
      'VAT ID': 'FR12345678901',
      Postcode: '75001',
      City: 'Paris',
      Country: 'FR',
    });
    await view.user.click(orderButton(form));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '“Proxmox Backup Server Standard” for one server at 2.160,00 €',
    );
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({
        product_id: 7,
        cpu_count: 1,
        country: 'FR',
        postcode: '75001',
        phone: '+33 1 23 45 67 89',
        ustid: 'FR12345678901',
      }),
    ]);
  });

  it('marks missing and wrong fields beside them and focuses the first', async () => {
    const view = renderApp('/shop/2');
    const form = await orderPage('Order Proxmox VE Basic');
    const field = (label: string) => labelled(form, label);
    const required = [
      'Email address',
      'Company name',
      'First name',
      'Last name',
      'Street and number',
      'Postcode',
      'City',
    ].map(field);
    const [email, postcode] = [field('Email address'), field('Postcode')];
    acceptTermsIn(form);
    await view.user.click(orderButton(form));
    expect(email).toHaveFocus();
    for (const element of required) {
      expect(element).toHaveAttribute('aria-invalid', 'true');
      expect(element).toHaveAccessibleDescription('Please fill in this field.');
    }
    expect(field('Phone')).not.toHaveAttribute('aria-invalid');
    expect(field('VAT ID')).not.toHaveAttribute('aria-invalid');
    fireEvent.change(email, { target: { value: 'karl@' } });
    expect(email).toHaveAccessibleDescription('Please enter a valid email address, like name@example.com.');
    fireEvent.change(postcode, { target: { value: '123' } });
    expect(postcode).toHaveAccessibleDescription('Please enter a valid postcode for the chosen country.');
  });

  it("shows the server's reason for a refusal on the error line, in German too", async () => {
    // v1's refusal: a reason in a JSON body (v1.1's problem details: the cancellation card's test).
    mock.setApiVersion('v1');
    server.use(
      http.post(apiUrl('/licence/order'), () =>
        HttpResponse.json({ status: 'error', reason: 'Orders are paused for maintenance.' }, { status: 400 }),
      ),
    );
    const view = renderApp('/shop/5', { language: 'de' });
    const form = await orderPage('Proxmox Backup Server Community bestellen');
    fillVisitor(form, german);
    await view.user.click(orderButton(form, 'Zahlungspflichtig bestellen'));
    expect(await screen.findByText('Orders are paused for maintenance.')).toHaveAttribute('role', 'alert');
    expect(labelled(form, 'E-Mail-Adresse')).toHaveValue('buyer@example.org');
  });

  it('shows the order button busy and disabled while the order is under way', async () => {
    // Holds the order until released, then lets the mock answer it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(v11Url('/licence/order'), async () => {
        await held;
      }),
    );
    const view = renderApp('/shop/9');
    const form = await orderPage('Order Proxmox Mail Gateway Community');
    fillVisitor(form);
    const button = orderButton(form);
    await view.user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleName('Sending your order…');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
  });

  it('tells a visitor whose order is answered 401 only that an error occurred, with no login asked for', async () => {
    mock.fault('v1.1 POST /licence/order', 'http401', { times: 1 });
    const view = renderApp('/shop/2');
    const form = await orderPage('Order Proxmox VE Basic');
    fillVisitor(form);
    await view.user.click(orderButton(form));
    expect(await screen.findByText('An error has occurred!')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('an order without an answer (decision 026)', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  // Each behaviour in one language (decision 056): this one in German, the next in English.
  it('says that an order whose answer was lost could not be confirmed and names the sales address, keeping the form (de)', async () => {
    // A server that knows only v1: the order reaches it; its answer is lost on the way back.
    mock.setApiVersion('v1');
    server.use(
      http.post(apiUrl('/licence/order'), async ({ request }) => {
        await getResponse(handlers, request);
        return HttpResponse.error();
      }),
    );
    const view = renderApp('/shop/1', { language: 'de' });
    const form = await orderPage('Proxmox VE Community bestellen');
    fillVisitor(form, german);
    await view.user.click(orderButton(form, 'Zahlungspflichtig bestellen'));
    expect(
      await screen.findByText(
        'Ihre Bestellung konnte nicht bestätigt werden: Der Server hat nicht geantwortet. Ist sie bei uns eingegangen, bestätigt unser Vertrieb sie per E-Mail; bitte bestellen Sie deshalb nicht noch einmal. Erhalten Sie innerhalb eines Werktags keine Nachricht von uns, schreiben Sie bitte an sales@example.com.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(view.currentPath()).toBe('/shop/1');
    expect(labelled(form, 'E-Mail-Adresse')).toHaveValue('buyer@example.org');
  });

  it('says in place that a slow order is still working, then thanks once it is answered (en)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Answered after 8 s: past the 6 s after which the form says it is still working.
    server.use(
      http.post(v11Url('/licence/order'), async ({ request }) => {
        await delay(8_000);
        return getResponse(handlers, request);
      }),
    );
    const view = renderApp('/shop/1');
    const form = await orderPage('Order Proxmox VE Community');
    fillVisitor(form);
    await view.user.click(orderButton(form));
    const still = 'Still working – this can take up to a minute.';
    expect(screen.queryByText(still)).toBeNull();
    await advanceUntil(() => screen.queryByText(still));
    expect(within(form).getByRole('button', { busy: true })).toBeDisabled();
    expect(
      await advanceUntil(() => screen.queryByRole('heading', { level: 1, name: 'Thank you for your order' })),
    ).toBeInTheDocument();
  });
});

describe('the order form of a logged-in customer', { timeout: 15_000 }, () => {
  it('is prefilled from the account and orders a VE licence for 4 CPUs through /ishop', async () => {
    const customer = createCustomer({
      user: { firstname: 'Olga', lastname: 'Ordner', phone: '+49 221 4455' },
      company: { name: 'Ordner KG', street: 'Domplatz 5', postcode: '50667', city: 'Köln', ustid: 'DE811569869' },
    });
    const view = await renderAppAs('/ishop/2', { as: customer });
    const form = await orderPage('Order Proxmox VE Basic');
    const field = (label: string) => labelled(form, label);
    await waitFor(() => expect(field('Company name')).toHaveValue(customer.company.name));
    expect(field('Email address')).toHaveValue(customer.email);
    expect(field('First name')).toHaveValue(customer.user.firstname);
    expect(field('Last name')).toHaveValue(customer.user.lastname);
    expect(field('Phone')).toHaveValue(customer.user.phone);
    expect(field('Street and number')).toHaveValue(customer.company.street);
    expect(field('Postcode')).toHaveValue(customer.company.postcode);
    expect(field('City')).toHaveValue(customer.company.city);
    expect(field('Country')).toHaveValue(customer.company.country);
    expect(field('VAT ID')).toHaveValue(customer.company.ustid);
    await view.user.click(within(form).getByRole('radio', { name: /^4 CPU sockets/ }));
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 1.420,00 € per year, plus VAT');
    acceptTermsIn(form);
    await view.user.click(orderButton(form));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the licence shop' })).toHaveAttribute('href', '/ishop');
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({
        email: customer.email,
        company_name: customer.company.name,
        product_id: 2,
        cpu_count: 4,
        totalNetEur: 1420,
      }),
    ]);
  });

  it("speaks German and keeps the user's details when the company cannot be loaded", async () => {
    const customer = createCustomer();
    await loginAs(customer);
    mock.fault('GET /company', 'http500');
    renderApp('/ishop/11', { loggedIn: true, language: 'de' });
    expect(await screen.findByText(/Ihre Firmendaten konnten nicht geladen werden/)).toHaveTextContent(
      'Ihre Firmendaten konnten nicht geladen werden (Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.). Bitte tragen Sie sie ein.',
    );
    const form = screen.getByRole('form', { name: 'Ihre Angaben' });
    expect(labelled(form, 'E-Mail-Adresse')).toHaveValue(customer.email);
    expect(labelled(form, 'Vorname')).toHaveValue(customer.user.firstname);
    expect(labelled(form, 'Firmenname')).toHaveValue('');
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 790,00 € pro Jahr zzgl. USt.');
  });

  it("names the server's own text, made plain, when the company cannot be loaded", async () => {
    // SPEC §8 "Server errors are shown from the reason or message field" (docs/decisions/017).
    const customer = createCustomer();
    await loginAs(customer);
    server.use(
      http.get(apiUrl('/company'), () =>
        HttpResponse.json({ status: 'error', reason: '<p>Maintenance until 2 pm</p>' }, { status: 503 }),
      ),
    );
    renderApp('/ishop/11', { loggedIn: true });
    expect(await screen.findByText(/Your company details could not be loaded/)).toHaveTextContent(
      'Your company details could not be loaded (Maintenance until 2 pm). Please fill them in.',
    );
    expect(labelled(screen.getByRole('form', { name: 'Your details' }), 'Email address')).toHaveValue(customer.email);
  });

  it('follows the CPU choice in German and thanks in German, with the order summary', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/ishop/2', { as: customer, language: 'de' });
    const form = await orderPage('Proxmox VE Basic bestellen');
    await waitFor(() => expect(labelled(form, 'Firmenname')).toHaveValue(customer.company.name));
    const choice = within(within(form).getByRole('group', { name: 'Anzahl der CPU-Sockel' }));
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 355,00 € pro Jahr zzgl. USt.');
    await view.user.click(choice.getByRole('radio', { name: /^4 CPU-Sockel · 1\.420,00\s€$/ }));
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 1.420,00 € pro Jahr zzgl. USt.');
    await view.user.click(choice.getByRole('radio', { name: /^2 CPU-Sockel · 710,00\s€$/ }));
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 710,00 € pro Jahr zzgl. USt.');
    acceptTermsIn(form);
    await view.user.click(orderButton(form, 'Zahlungspflichtig bestellen'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ihre Bestellung „Proxmox VE Basic“ für 2 CPU-Sockel zum Preis von 710,00 € pro Jahr zzgl. USt. ist bei uns eingegangen.',
    );
    expect(screen.getByText(/Bestätigung Ihrer Bestellung per E-Mail an/)).toHaveTextContent(customer.email);
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({ email: customer.email, product_id: 2, cpu_count: 2, totalNetEur: 710 }),
    ]);
  });

  // In German only (decision 056); the English order form fails in the visitor's tests.
  it('keeps the prefilled and typed details when the order fails (de), and orders on the next try', async () => {
    const customer = createCustomer();
    await loginAs(customer);
    mock.fault('v1.1 POST /licence/order', 'http500', { times: 1 });
    const view = renderApp('/ishop/3', { loggedIn: true, language: 'de' });
    const form = await orderPage('Proxmox VE Standard bestellen');
    const [company, phone] = [labelled(form, 'Firmenname'), labelled(form, 'Telefon')];
    const four = within(form).getByRole('radio', { name: /^4 CPU-Sockel/ });
    await waitFor(() => expect(company).toHaveValue(customer.company.name));
    fireEvent.change(phone, { target: { value: '+49 89 555' } });
    await view.user.click(four);
    acceptTermsIn(form);
    await view.user.click(orderButton(form, 'Zahlungspflichtig bestellen'));
    expect(await screen.findByText('Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(view.currentPath()).toBe('/ishop/3');
    expect(company).toHaveValue(customer.company.name);
    expect(phone).toHaveValue('+49 89 555');
    expect(four).toBeChecked();
    expect(db.licenceOrder.getAll()).toHaveLength(0);
    acceptTermsIn(form);
    await view.user.click(orderButton(form, 'Zahlungspflichtig bestellen'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeInTheDocument();
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({ phone: '+49 89 555', product_id: 3, cpu_count: 4 }),
    ]);
  });
});

describe('/order_done', () => {
  it('shows the generic thanks when opened on its own, in both languages', async () => {
    const english = renderApp('/order_done');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We have received your licence order.');
    expect(screen.getByText('You will receive a confirmation of your order by email.')).toBeInTheDocument();
    english.unmount();
    renderApp('/order_done', { language: 'de' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Wir haben Ihre Lizenzbestellung erhalten.');
    expect(screen.getByText(/mit PayPal oder auf Rechnung innerhalb von 10 Tagen/)).toBeInTheDocument();
  });
});

describe('the legal texts of the shop (decision 032)', { timeout: 20_000 }, () => {
  it.each([
    [
      'en',
      'Order Proxmox VE Community',
      'Our offer is for businesses only: entrepreneurs within the meaning of section 14 of the German Civil Code (BGB).',
      'For a company established in France or Luxembourg with a valid VAT ID we charge no German VAT: the VAT is owed by you as the recipient of the service (reverse charge).',
      { country: 'Country', ustid: 'VAT ID', france: 'France', germany: 'Germany' },
    ],
    [
      'de',
      'Proxmox VE Community bestellen',
      'Unser Angebot richtet sich ausschließlich an Unternehmer im Sinne von § 14 BGB.',
      'Für Unternehmen mit Sitz in Frankreich oder Luxemburg und gültiger USt-IdNr. stellen wir keine deutsche Umsatzsteuer in Rechnung: Die Umsatzsteuer schulden Sie als Leistungsempfänger (Steuerschuldnerschaft des Leistungsempfängers, Reverse-Charge-Verfahren).',
      { country: 'Land', ustid: 'USt-IdNr.', france: 'Frankreich', germany: 'Deutschland' },
    ],
  ] as const)(
    'says on the order form that the offer is for businesses only, asks for the terms, and notes reverse charge for a French company with a VAT id (%s)',
    async (language, heading, businessOnly, reverseCharge, labels) => {
      const view = renderApp('/shop/1', { language });
      const element = await orderPage(heading);
      const form = within(element);
      expect(form.getByText(businessOnly)).toBeInTheDocument();
      expect(termsOf(element)).toBeRequired();
      expect(form.queryByText(reverseCharge)).toBeNull();
      const country = labelled(element, labels.country);
      await view.user.selectOptions(country, labels.france);
      expect(form.queryByText(reverseCharge)).toBeNull();
      fireEvent.change(labelled(element, labels.ustid), { target: { value: 'FR40303265045' } });
      expect(form.getByText(reverseCharge)).toBeInTheDocument();
      await view.user.selectOptions(country, labels.germany);
      expect(form.queryByText(reverseCharge)).toBeNull();
    },
  );

  it('orders nothing until the terms are accepted, and says so beside them', async () => {
    const view = renderApp('/shop/1');
    const form = await orderPage('Order Proxmox VE Community');
    autofill(form, english);
    await view.user.click(orderButton(form));
    expect(termsOf(form)).toHaveAttribute('aria-invalid', 'true');
    expect(termsOf(form)).toHaveAccessibleDescription('Please accept the terms and conditions.');
    expect(view.currentPath()).toBe('/shop/1');
    expect(db.licenceOrder.getAll()).toHaveLength(0);
  });

  it.each([
    [
      'en',
      'Subscriptions',
      /unless you cancel it at least 30 days before the year ends; an email to sales@example\.com is enough\./,
    ],
    [
      'de',
      'Subskriptionen|Abonnements|Lizenzen',
      /wenn Sie nicht spätestens 30\sTage vor ihrem Ende kündigen; eine E-Mail an sales@example\.com genügt\./,
    ],
  ] as const)(
    'names the notice period of the renewal and how to cancel, from the settings (%s)',
    async (language, _title, renewal) => {
      renderApp('/shop', { language });
      // The sales address is a link inside the sentence: the list item of the terms holds it whole.
      const terms = await screen.findAllByText(
        (_, element) => element?.tagName === 'LI' && renewal.test(element.textContent ?? ''),
      );
      expect(terms).toHaveLength(1);
      expect(
        screen.getByText(language === 'en' ? /for businesses only/ : /ausschließlich an Unternehmer/),
      ).toBeInTheDocument();
    },
  );
});
