/**
 * What the screens show when an answer leaves out what the portal can do without (tolerant
 * reading, CONVENTIONS, decision 019): a dash, read as "unknown", or no line at all; never the
 * invalid-answer message.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { server } from '../../src/mocks/node';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

/** The email of the user the tests serve as GET /me (the logged-in customer is another). */
const email = 'served@example.org';
const dash = '–unknown';
const bareDatastore = { datastore: 'k1_backup', hostname: 'pbs1.example.com', port: 8007, username: 'k1_backup' };

function serve(path: string, answer: Record<string, unknown> | Record<string, unknown>[]) {
  server.use(http.get(apiUrl(path), () => HttpResponse.json(answer)));
}

/** The value beside a label in a list of terms. */
function fact(scope: ReturnType<typeof within>, label: string) {
  const value = scope.getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

function expectNoInvalidAnswer() {
  expect(screen.queryByText(/does not understand/)).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
}

/** The customer logged in; its own GET /me answers where a test serves none. */
let customer: Customer;

beforeEach(async () => {
  customer = createCustomer();
  await loginAs(customer);
});

describe('a datastore with only its name, host, port and user name', () => {
  it('shows a card with the access data and a dash for the repository, the rate and the used space', async () => {
    serve('/status', [bareDatastore]);
    renderApp('/dashboard', { loggedIn: true });
    const card = within(await screen.findByRole('article', { name: 'k1_backup' }));
    expect(fact(card, 'Hostname')).toHaveTextContent('pbs1.example.com');
    expect(fact(card, 'Port')).toHaveTextContent('8007');
    expect(fact(card, 'Username')).toHaveTextContent('k1_backup');
    expect(fact(card, 'Repository')).toHaveTextContent(dash);
    expect(card.queryByRole('button', { name: 'Copy repository' })).not.toBeInTheDocument();
    expect(fact(card, 'Rate')).toHaveTextContent(dash);
    expect(fact(card, 'Used')).toHaveTextContent(dash);
    expect(card.getByRole('button', { name: 'Cancel the datastore' })).toBeEnabled();
    expect(card.queryByText('Unencrypted backups:')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expectNoInvalidAnswer();
  });

  it('gives the tutorial the placeholder repository', async () => {
    serve('/status', [bareDatastore]);
    renderApp('/tutorial', { loggedIn: true });
    const data = within(await screen.findByRole('region', { name: 'Your connection data' }));
    expect(await data.findByText('k1_backup@pbs')).toBeInTheDocument();
    const client = within(screen.getByRole('region', { name: 'Without Proxmox VE: back up a Linux host' }));
    expect(client.getByText(/USER@pbs@SERVER:8007:DATASTORE/)).toBeInTheDocument();
    expectNoInvalidAnswer();
  });
});

describe('a user with only an email', () => {
  it('is shown with the email, no customer number, and a dash for products not sent', async () => {
    serve('/me', { email });
    renderApp('/company', { loggedIn: true });
    const data = within(await screen.findByRole('region', { name: 'Company data' }));
    expect(await data.findByText(email)).toBeInTheDocument();
    const products = within(screen.getByRole('region', { name: 'Your datastores under contract' }));
    await waitFor(() => expect(products.getByText('unknown')).toBeInTheDocument());
    expect(products.queryByText('You have no datastores yet.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Customer number K-/)).not.toBeInTheDocument();
    expectNoInvalidAnswer();
  });

  it('claims neither on nor off on the notifications page', async () => {
    serve('/me', { email });
    renderApp('/notifications', { loggedIn: true });
    expect(await screen.findByRole('link', { name: 'Go to “Account and settings”' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expectNoInvalidAnswer();
  });

  it('shows a dash for each product value not sent, and "not cancelled" for an end date sent as null', async () => {
    serve('/me', { email, products: [{ name: 'backup', contract_end_date: null }, { dynamic_volume: 1 }] });
    renderApp('/company', { loggedIn: true });
    const products = within(await screen.findByRole('region', { name: 'Your datastores under contract' }));
    const rows = await products.findAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameRateContract end',
      `backup${dash}not cancelled`,
      `${dash}Dynamic rate${dash}`,
    ]);
  });
});

describe('a company answer that leaves fields out', () => {
  it('shows a company without a name field, with a dash for each value not sent', async () => {
    serve('/company', { street: 'Musterstraße 1', city: 'Berlin', country: 'DE', ustid: null });
    renderApp('/company', { loggedIn: true });
    const data = within(await screen.findByRole('region', { name: 'Company data' }));
    await data.findByText(customer.email);
    expect(fact(data, 'Company name')).toHaveTextContent(dash);
    expect(fact(data, 'Customer number')).toHaveTextContent(dash);
    expect(fact(data, 'Street and number')).toHaveTextContent('Musterstraße 1');
    expect(fact(data, 'Postcode and city')).toHaveTextContent('Berlin');
    expect(fact(data, 'Country')).toHaveTextContent('Germany');
    expect(fact(data, 'VAT ID')).toHaveTextContent('none');
    expect(fact(data, 'Payment method')).toHaveTextContent(dash);
    expect(data.queryByText('IBAN')).not.toBeInTheDocument();
    expect(data.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    // No company number: no cancellation card (SPEC §2); the notifications flag falls back to the user's.
    expect(screen.queryByRole('region', { name: 'Cancel the contract' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Send me notifications by email' })).toBeChecked();
    expectNoInvalidAnswer();
  });

  it('reads an empty company as one not entered yet, and opens the edit form on it', async () => {
    serve('/company', {});
    const { user } = renderApp('/company', { loggedIn: true });
    const data = within(await screen.findByRole('region', { name: 'Company data' }));
    expect(await data.findByText('You have not entered your company data yet.')).toBeInTheDocument();
    const edit = data.getByRole('button', { name: 'Enter company data' });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    expect(await screen.findByRole('form', { name: 'Edit company data' })).toBeInTheDocument();
    expectNoInvalidAnswer();
  });
});

describe('a catalogue that leaves groups and highlights out', () => {
  it('offers the licences it has, and nothing on the tabs whose group is missing or null', async () => {
    const licence = {
      id: 1,
      name: 'Proxmox VE Community',
      price_1_cpu: 115,
      price_2_cpu: 230,
      price_4_cpu: 460,
      product_type: 'VE',
    };
    serve('/licences', { VE: [licence], PBS: null, PDM: [{ ...licence, id: 40, product_type: 'PDM' }] });
    const { user } = renderApp('/shop');
    const panel = within(await screen.findByRole('tabpanel', { name: 'Virtualisation (VE)' }));
    expect(await panel.findByRole('heading', { name: 'Proxmox VE Community' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /PBS/ }));
    const shown = within(await screen.findByRole('tabpanel', { name: /PBS/ }));
    expect(shown.getByText('No licences of this kind are on offer at the moment.')).toBeVisible();
    expectNoInvalidAnswer();
  });
});
