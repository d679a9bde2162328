import { screen, waitFor, within } from '@testing-library/react';
import { delay, getResponse, http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Url } from '../../src/api/v1-1/request';
import { db } from '../../src/mocks/db';
import { handlers } from '../../src/mocks/handlers';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { advanceUntil, loginAs, renderApp, acceptTerms, renderAppAs } from '../support/render-app';

type View = ReturnType<typeof renderApp>;

// The pages' code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await Promise.all([import('../../src/views/shop/shop-page'), import('../../src/views/order-done/order-done-page')]);
});

const field = (name: string) => screen.getByRole('textbox', { name });

/** Waits for an order page: its heading, then its form, which is a code chunk of its own. */
async function orderPage(heading: string) {
  const title = await screen.findByRole('heading', { level: 2, name: heading });
  await screen.findByRole('form', { name: /^(Your details|Ihre Angaben)$/ });
  return title;
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

async function fillVisitor(view: View, names: Record<string, string> = {}, base: Record<string, string> = english) {
  const labels = { ...base, ...names };
  // Found before any is filled: a query after each change of the form would compute every style afresh.
  const fields = Object.entries(labels).map(([label, value]) => [field(label), value] as const);
  for (const [element, value] of fields) {
    await view.user.click(element);
    await view.user.paste(value);
  }
  await acceptTerms(view.user);
}

// Whole journeys with many inputs: generous time on a busy machine.
describe('the order form of a visitor (step 1)', { timeout: 15_000 }, () => {
  it('shows the licence summary and a total that follows the CPU choice of a VE licence', async () => {
    const view = renderApp('/shop/3');
    expect(await orderPage('Order Proxmox VE Standard')).toBeInTheDocument();
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
    await orderPage('Order Proxmox VE Standard');
    await fillVisitor(view);
    await view.user.click(screen.getByRole('radio', { name: /^2 CPU sockets/ }));
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
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
        product_id: 3,
        cpu_count: 2,
        country: 'DE',
        phone: '',
        ustid: '',
      }),
    ]);
    expect(mock.outbox().at(-1)).toMatchObject({ to: 'buyer@example.org', subject: 'Your order: Proxmox VE Standard' });
  });

  it('follows the CPU choice in German and thanks in German after the order', async () => {
    const view = renderApp('/shop/2', { language: 'de' });
    await orderPage('Proxmox VE Basic bestellen');
    const choice = screen.getByRole('group', { name: 'Anzahl der CPU-Sockel' });
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 355,00 € pro Jahr zzgl. USt.');
    await view.user.click(within(choice).getByRole('radio', { name: /^2 CPU-Sockel · 710,00\s€$/ }));
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 710,00 € pro Jahr zzgl. USt.');
    await view.user.click(within(choice).getByRole('radio', { name: /^4 CPU-Sockel · 1\.420,00\s€$/ }));
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 1.420,00 € pro Jahr zzgl. USt.');
    await view.user.click(within(choice).getByRole('radio', { name: /^2 CPU-Sockel/ }));
    await fillVisitor(view, {}, german);
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ihre Bestellung „Proxmox VE Basic“ für 2 CPU-Sockel zum Preis von 710,00 € pro Jahr zzgl. USt. ist bei uns eingegangen.',
    );
    expect(screen.getByText(/Bestätigung Ihrer Bestellung per E-Mail an/)).toHaveTextContent('buyer@example.org');
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({ product_id: 2, cpu_count: 2, totalNetEur: 710 }),
    ]);
  });

  it('orders a PBS licence per server, without a CPU choice', async () => {
    const view = renderApp('/shop/7');
    await orderPage('Order Proxmox Backup Server Standard');
    expect(screen.queryByRole('group', { name: 'Number of CPU sockets' })).not.toBeInTheDocument();
    expect(screen.getByText('This licence covers one server, whatever its number of CPU sockets.')).toBeInTheDocument();
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 2.160,00 € per year, plus VAT');
    await fillVisitor(view, {
      Phone: '+33 1 23 45 67 89',
      'VAT ID': 'FR12345678901',
      Postcode: '75001',
      City: 'Paris',
    });
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'FR');
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
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
    await orderPage('Order Proxmox VE Basic');
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(field('Email address')).toHaveFocus();
    for (const name of [
      'Email address',
      'Company name',
      'First name',
      'Last name',
      'Street and number',
      'Postcode',
      'City',
    ]) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription('Please fill in this field.');
    }
    expect(field('Phone')).not.toHaveAttribute('aria-invalid');
    expect(field('VAT ID')).not.toHaveAttribute('aria-invalid');
    await view.user.type(field('Email address'), 'karl@');
    expect(field('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address, like name@example.com.',
    );
    await view.user.type(field('Postcode'), '123');
    expect(field('Postcode')).toHaveAccessibleDescription('Please enter a valid postcode for the chosen country.');
    expect(db.licenceOrder.getAll()).toEqual([]);
  });

  it('keeps everything typed and shows the failure on the error line when the order fails', async () => {
    mock.fault('v1.1 POST /licence/order', 'http500', { times: 1 });
    const view = renderApp('/shop/1');
    await orderPage('Order Proxmox VE Community');
    await fillVisitor(view);
    await view.user.click(screen.getByRole('radio', { name: /^4 CPU sockets/ }));
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByText('An error has occurred!')).toHaveAttribute('role', 'alert');
    expect(view.currentPath()).toBe('/shop/1');
    expect(field('Email address')).toHaveValue('buyer@example.org');
    expect(field('City')).toHaveValue('München');
    expect(screen.getByRole('radio', { name: /^4 CPU sockets/ })).toBeChecked();
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({ product_id: 1, cpu_count: 4, totalNetEur: 460 }),
    ]);
  });

  it("shows the server's reason for a refusal, in German too", async () => {
    // v1's refusal: a reason in a JSON body (v1.1's problem details: the cancellation card's test).
    mock.setApiVersion('v1');
    server.use(
      http.post(apiUrl('/licence/order'), () =>
        HttpResponse.json({ status: 'error', reason: 'Orders are paused for maintenance.' }, { status: 400 }),
      ),
    );
    const view = renderApp('/shop/5', { language: 'de' });
    await orderPage('Proxmox Backup Server Community bestellen');
    await fillVisitor(view, {}, german);
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(await screen.findByText('Orders are paused for maintenance.')).toHaveAttribute('role', 'alert');
    expect(field('E-Mail-Adresse')).toHaveValue('buyer@example.org');
  });

  it('is busy while the order is under way and sends it once', async () => {
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
    await orderPage('Order Proxmox Mail Gateway Community');
    await fillVisitor(view);
    const button = screen.getByRole('button', { name: 'Order and pay' });
    await view.user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleName('Sending your order…');
    await view.user.click(button);
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(db.licenceOrder.getAll()).toHaveLength(1);
  });
});

describe('an order without an answer (decision 026)', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  // Each behaviour in one language (decision 056): this one in German, the next in English.
  it.each([
    [
      'de',
      german,
      'Proxmox VE Community bestellen',
      'Zahlungspflichtig bestellen',
      'Ihre Bestellung konnte nicht bestätigt werden: Der Server hat nicht geantwortet. Ist sie bei uns eingegangen, bestätigt unser Vertrieb sie per E-Mail; bitte bestellen Sie deshalb nicht noch einmal. Erhalten Sie innerhalb eines Werktags keine Nachricht von uns, schreiben Sie bitte an sales@example.com.',
    ],
  ] as const)(
    'says that an order whose answer was lost could not be confirmed, names the sales address and sends nothing again (%s)',
    async (language, labels, heading, order, unconfirmed) => {
      // A server that knows only v1: its order has no key, so the portal must not send it again.
      mock.setApiVersion('v1');
      // The order reaches the server; its answer is lost on the way back.
      let orders = 0;
      server.use(
        http.post(apiUrl('/licence/order'), async ({ request }) => {
          orders += 1;
          await getResponse(handlers, request);
          return HttpResponse.error();
        }),
      );
      const view = renderApp('/shop/1', { language });
      await orderPage(heading);
      await fillVisitor(view, {}, labels);
      await acceptTerms(view.user);
      await view.user.click(screen.getByRole('button', { name: order }));
      expect(await screen.findByText(unconfirmed)).toHaveAttribute('role', 'alert');
      expect(view.currentPath()).toBe('/shop/1');
      expect(field(labels === german ? 'E-Mail-Adresse' : 'Email address')).toHaveValue('buyer@example.org');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(orders).toBe(1);
      expect(db.licenceOrder.getAll()).toHaveLength(1);
    },
  );

  it.each([
    ['en', english, 'Order Proxmox VE Community', 'Order and pay', 'Still working – this can take up to a minute.'],
  ] as const)(
    'says in place that a slow order is still working, then thanks once it is answered (%s)',
    async (language, labels, heading, order, still) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      // v1.1: no answer within the reads' 20 s, so the order goes again with the same key; the
      // server does it once, and answers the second with the first's stored answer.
      const keys: (string | null)[] = [];
      server.use(
        http.post(v11Url('/licence/order'), async ({ request }) => {
          keys.push(request.headers.get('Idempotency-Key'));
          await delay(25_000);
          return getResponse(handlers, request);
        }),
      );
      const view = renderApp('/shop/1', { language });
      await orderPage(heading);
      await fillVisitor(view, {}, labels);
      await acceptTerms(view.user);
      await view.user.click(screen.getByRole('button', { name: order }));
      expect(screen.queryByText(still)).toBeNull();
      await advanceUntil(() => screen.queryByText(still));
      expect(screen.getByRole('button', { busy: true })).toBeDisabled();
      await advanceUntil(() => screen.queryByRole('heading', { level: 1, name: /Thank you|Vielen Dank/ }), {
        limit: 60_000,
      });
      expect(db.licenceOrder.getAll()).toHaveLength(1);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
    },
  );

  it('sends an order whose answer was lost again with the same key, and the server orders once (v1.1)', async () => {
    // The order reaches the server; its answer is lost on the way back, once.
    const keys: (string | null)[] = [];
    server.use(
      http.post(v11Url('/licence/order'), async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        await getResponse(handlers, request);
        return keys.length === 1 ? HttpResponse.error() : undefined;
      }),
    );
    const view = renderApp('/shop/1');
    await orderPage('Order Proxmox VE Community');
    await fillVisitor(view);
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(keys).toEqual([expect.stringMatching(/^"[0-9a-f-]{32,36}"$/), keys[0]]);
    expect(db.licenceOrder.getAll()).toHaveLength(1);
  });
});

describe('the order form of a logged-in customer', { timeout: 15_000 }, () => {
  it('is prefilled from the account and orders a VE licence for 4 CPUs through /ishop', async () => {
    const customer = createCustomer({
      user: { firstname: 'Olga', lastname: 'Ordner', phone: '+49 221 4455' },
      company: { name: 'Ordner KG', street: 'Domplatz 5', postcode: '50667', city: 'Köln', ustid: 'DE811569869' },
    });
    const view = await renderAppAs('/ishop/2', { as: customer });
    await orderPage('Order Proxmox VE Basic');
    await waitFor(() => expect(field('Company name')).toHaveValue(customer.company.name));
    expect(field('Email address')).toHaveValue(customer.email);
    expect(field('First name')).toHaveValue(customer.user.firstname);
    expect(field('Last name')).toHaveValue(customer.user.lastname);
    expect(field('Phone')).toHaveValue(customer.user.phone);
    expect(field('Street and number')).toHaveValue(customer.company.street);
    expect(field('Postcode')).toHaveValue(customer.company.postcode);
    expect(field('City')).toHaveValue(customer.company.city);
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue(customer.company.country);
    expect(field('VAT ID')).toHaveValue(customer.company.ustid);
    await view.user.click(screen.getByRole('radio', { name: /^4 CPU sockets/ }));
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: 1.420,00 € per year, plus VAT');
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
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
    expect(field('E-Mail-Adresse')).toHaveValue(customer.email);
    expect(field('Vorname')).toHaveValue(customer.user.firstname);
    expect(field('Firmenname')).toHaveValue('');
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
    expect(field('Email address')).toHaveValue(customer.email);
  });

  it('orders in German for 2 CPUs and thanks in German, with the order summary', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/ishop/2', { as: customer, language: 'de' });
    await orderPage('Proxmox VE Basic bestellen');
    await waitFor(() => expect(field('Firmenname')).toHaveValue(customer.company.name));
    await view.user.click(screen.getByRole('radio', { name: /^2 CPU-Sockel/ }));
    expect(screen.getByText(/^Gesamt:/)).toHaveTextContent('Gesamt: 710,00 € pro Jahr zzgl. USt.');
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Ihre Bestellung „Proxmox VE Basic“ für 2 CPU-Sockel zum Preis von 710,00 € pro Jahr zzgl. USt. ist bei uns eingegangen.',
    );
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({ email: customer.email, product_id: 2, cpu_count: 2 }),
    ]);
  });

  // In German only (decision 056); the English order form fails in the visitor's tests.
  it.each(['de'] as const)(
    'keeps the prefilled and typed details when the order fails (%s), and orders on the next try',
    async (language) => {
      const customer = createCustomer();
      await loginAs(customer);
      mock.fault('v1.1 POST /licence/order', 'http500', { times: 1 });
      const view = renderApp('/ishop/3', { loggedIn: true, language });
      const text =
        language === 'de'
          ? {
              company: 'Firmenname',
              phone: 'Telefon',
              order: 'Zahlungspflichtig bestellen',
              thanks: 'Vielen Dank für Ihre Bestellung',
              network: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
              four: /^4 CPU-Sockel/,
            }
          : {
              company: 'Company name',
              phone: 'Phone',
              order: 'Order and pay',
              thanks: 'Thank you for your order',
              network: 'An error has occurred!',
              four: /^4 CPU sockets/,
            };
      await waitFor(() => expect(field(text.company)).toHaveValue(customer.company.name));
      await view.user.clear(field(text.phone));
      await view.user.type(field(text.phone), '+49 89 555');
      await view.user.click(screen.getByRole('radio', { name: text.four }));
      await acceptTerms(view.user);
      await view.user.click(screen.getByRole('button', { name: text.order }));
      expect(await screen.findByText(text.network)).toHaveAttribute('role', 'alert');
      expect(view.currentPath()).toBe('/ishop/3');
      expect(field(text.company)).toHaveValue(customer.company.name);
      expect(field(text.phone)).toHaveValue('+49 89 555');
      expect(screen.getByRole('radio', { name: text.four })).toBeChecked();
      expect(db.licenceOrder.getAll()).toHaveLength(0);
      await acceptTerms(view.user);
      await view.user.click(screen.getByRole('button', { name: text.order }));
      expect(await screen.findByRole('heading', { level: 1, name: text.thanks })).toBeInTheDocument();
      expect(db.licenceOrder.getAll()).toEqual([
        expect.objectContaining({ phone: '+49 89 555', product_id: 3, cpu_count: 4 }),
      ]);
    },
  );

  it('forgets the order summary when the customer logs out', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/ishop/2', { as: customer });
    await waitFor(() => expect(field('Company name')).toHaveValue(customer.company.name));
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByText(/for 1 CPU/)).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    view.navigate('/order_done');
    // The page may first show its loading line, which is a status too.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('We have received your licence order.'));
    expect(document.body).not.toHaveTextContent(customer.email);
  });

  it('asks a customer whose session ended during the order to log in again over the form, and tells a visitor only that an error occurred', async () => {
    const customer = createCustomer();
    await loginAs(customer);
    mock.fault('v1.1 POST /licence/order', 'http401', { times: 1 });
    const customerView = renderApp('/shop/2', { loggedIn: true });
    await waitFor(() => expect(field('Company name')).toHaveValue(customer.company.name));
    await acceptTerms(customerView.user);
    await customerView.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    // The login dialog says it (docs/decisions/027); the form's error line stays empty.
    expect(await screen.findByRole('dialog', { name: 'Your session has ended' })).toBeInTheDocument();
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    // The form stays as it was: nothing prefilled or typed is lost with the session.
    expect(field('Company name')).toHaveValue(customer.company.name);
    customerView.unmount();

    mock.fault('v1.1 POST /licence/order', 'http401', { times: 1 });
    const visitor = renderApp('/shop/2');
    await orderPage('Order Proxmox VE Basic');
    await fillVisitor(visitor);
    await acceptTerms(visitor.user);
    await visitor.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByText('An error has occurred!')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
  });

  it('prefills only the person when the account has no company data yet', async () => {
    const customer = createCustomer({ company: null });
    await loginAs(customer);
    renderApp('/ishop/4', { loggedIn: true });
    await orderPage('Order Proxmox VE Premium');
    await waitFor(() => expect(field('Email address')).toHaveValue(customer.email));
    expect(field('Company name')).toHaveValue('');
    expect(field('Street and number')).toHaveValue('');
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
      await orderPage(heading);
      const form = within(screen.getByRole('form', { name: /^(Your details|Ihre Angaben)$/ }));
      expect(form.getByText(businessOnly)).toBeInTheDocument();
      expect(
        form.getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ }),
      ).toBeRequired();
      expect(form.queryByText(reverseCharge)).toBeNull();
      await view.user.selectOptions(form.getByRole('combobox', { name: labels.country }), labels.france);
      expect(form.queryByText(reverseCharge)).toBeNull();
      await view.user.type(form.getByRole('textbox', { name: labels.ustid }), 'FR40303265045');
      expect(form.getByText(reverseCharge)).toBeInTheDocument();
      await view.user.selectOptions(form.getByRole('combobox', { name: labels.country }), labels.germany);
      expect(form.queryByText(reverseCharge)).toBeNull();
    },
  );

  it('orders nothing until the terms are accepted, and the order carries no trace of them', async () => {
    const view = renderApp('/shop/1');
    await orderPage('Order Proxmox VE Community');
    await fillVisitor(view);
    const terms = screen.getByRole('checkbox', { name: /terms and conditions/ });
    await view.user.click(terms);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(terms).toHaveAccessibleDescription('Please accept the terms and conditions.');
    expect(db.licenceOrder.getAll()).toHaveLength(0);
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeInTheDocument();
    expect(db.licenceOrder.getAll()).toHaveLength(1);
    expect(db.licenceOrder.getAll()[0]).not.toHaveProperty('terms');
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
