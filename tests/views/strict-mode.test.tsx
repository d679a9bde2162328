/**
 * React's StrictMode, as src/main.tsx renders the app: in development it unmounts every component
 * once and mounts it again at once. The actors of the app and of its pages do not see that
 * rehearsal (decision 049): no read is made twice and no failure is shown.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { renderApp, renderAppAs } from '../support/render-app';
import { recordRequests } from '../support/requests';

const requests = recordRequests();
const made = (call: string) => requests().filter((seen) => seen === call).length;

describe('the portal under StrictMode', () => {
  it('reads the user, the datastores and the company once each on the dashboard, and shows no failure', async () => {
    const customer = createCustomer({ datastores: [aDatastore('archive')] });
    await renderAppAs('/dashboard', { strict: true, as: customer });
    expect(await screen.findByRole('article', { name: 'archive' })).toBeInTheDocument();
    await screen.findAllByText(customer.email);
    expect(made('GET /api/v1/me')).toBe(1);
    expect(made('GET /api/v1/status')).toBe(1);
    expect(made('GET /api/v1/company')).toBe(1);
    for (const alert of screen.queryAllByRole('alert')) expect(alert).toBeEmptyDOMElement();
  });

  it('reads the company once on the company page', async () => {
    await renderAppAs('/company', { strict: true, as: createCustomer() });
    expect(await screen.findByRole('region', { name: 'Company data' })).toBeInTheDocument();
    expect(made('GET /api/v1/company')).toBe(1);
    for (const alert of screen.queryAllByRole('alert')) expect(alert).toBeEmptyDOMElement();
  });

  it("reads the visit's licence catalogue once in the shop", async () => {
    renderApp('/shop', { strict: true });
    expect(await screen.findByRole('tabpanel', { name: 'Virtualisation (VE)' })).toBeInTheDocument();
    expect(made('GET /api/v1/licences')).toBe(1);
  });
});
