import { describe, expect, it } from 'vitest';
import { sendContact } from '../../src/api/contact';
import { getCatalogue } from '../../src/api/licences';
import { orderLicence } from '../../src/api/licence-order';
import type { LicenceOrderPayload } from '../../src/api/licence-structs';
import { config } from '../../src/config';
import { db } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { apiError, loginAs, send } from '../support/mock-api';

function order(overrides: Partial<LicenceOrderPayload> = {}): LicenceOrderPayload {
  return {
    email: 'buyer@example.org',
    company_name: 'Käufer GmbH',
    firstname: 'Karl',
    lastname: 'Käufer',
    phone: '',
    street: 'Marktplatz 2',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    ustid: '',
    product_id: 3,
    cpu_count: 2,
    ...overrides,
  };
}

describe('the licence catalogue', () => {
  it('groups 12 licences by type, four tiers each, without a login', async () => {
    const catalogue = await getCatalogue();
    expect(Object.keys(catalogue)).toEqual(['VE', 'PBS', 'MG']);
    expect(catalogue.VE.map((licence) => licence.id)).toEqual([1, 2, 3, 4]);
    expect(catalogue.PBS.map((licence) => licence.id)).toEqual([5, 6, 7, 8]);
    expect(catalogue.MG.map((licence) => licence.id)).toEqual([9, 10, 11, 12]);
    expect(catalogue.VE.map((licence) => licence.name)).toEqual([
      'Proxmox VE Community',
      'Proxmox VE Basic',
      'Proxmox VE Standard',
      'Proxmox VE Premium',
    ]);
    expect(catalogue.PBS[0]?.name).toBe('Proxmox Backup Server Community');
  });

  it('highlights exactly the Standard tier of each type', async () => {
    const catalogue = await getCatalogue();
    for (const licences of Object.values(catalogue)) {
      expect(licences.filter((licence) => licence.highlight).map((licence) => licence.name)).toEqual([
        expect.stringMatching(/Standard$/),
      ]);
    }
  });

  it('prices VE per CPU and PBS and MG per server', async () => {
    const { VE, PBS, MG } = await getCatalogue();
    for (const licence of VE) {
      expect(licence.price_2_cpu).toBe(licence.price_1_cpu * 2);
      expect(licence.price_4_cpu).toBe(licence.price_1_cpu * 4);
    }
    for (const licence of [...PBS, ...MG]) {
      expect([licence.price_2_cpu, licence.price_4_cpu]).toEqual([licence.price_1_cpu, licence.price_1_cpu]);
    }
  });
});

describe('a licence order', () => {
  it('is stored and confirmed by mail without a login', async () => {
    await expect(orderLicence(order())).resolves.toBeUndefined();
    expect(db.licenceOrder.getAll()).toEqual([
      expect.objectContaining({ product_id: 3, cpu_count: 2, totalNetEur: 1060 }),
    ]);
    const mail = mock.outbox().at(-1);
    expect(mail).toMatchObject({ to: 'buyer@example.org', subject: 'Your order: Proxmox VE Standard' });
    expect(mail?.body).toMatch(/1\.060,00\s€ per year/);
  });

  it('refuses a licence that does not exist with 400', async () => {
    const error = await apiError(orderLicence(order({ product_id: 13 })));
    expect(error).toMatchObject({ status: 400, reason: 'The licence product does not exist.' });
  });

  it('refuses more than one CPU for a licence sold per server with 400', async () => {
    const error = await apiError(orderLicence(order({ product_id: 6, cpu_count: 4 })));
    expect(error).toMatchObject({
      status: 400,
      reason: 'Proxmox Backup Server licences are sold per server; the number of CPU sockets must be 1.',
    });
    await expect(orderLicence(order({ product_id: 6, cpu_count: 1 }))).resolves.toBeUndefined();
  });

  it.each([
    [{ cpu_count: 3 }, 'The number of CPU sockets must be 1, 2 or 4.'],
    [{ company_name: '' }, 'The company name is required.'],
    [{ country: 'AT' }, 'The country must be DE, FR or LUX.'],
    [{ postcode: '8033' }, 'The postcode does not fit the country DE.'],
  ])('refuses %o with 400 and its reason', async (overrides, reason) => {
    expect(await send('POST', '/licence/order', order(overrides))).toEqual({
      status: 400,
      body: { status: 'error', reason },
    });
  });
});

describe('the contact form', () => {
  it('stores the message, forwards it to support and answers done with 200', async () => {
    await expect(
      sendContact({ name: 'Erika', email: 'erika@example.com', message: 'Hello support' }),
    ).resolves.toBeUndefined();
    expect(db.contactMessage.getAll()).toEqual([
      expect.objectContaining({ name: 'Erika', message: 'Hello support', accountId: null }),
    ]);
    expect(mock.outbox().at(-1)).toMatchObject({ to: config.supportEmail, body: 'Hello support' });
    expect(await send('POST', '/contact', { name: 'E', email: 'e@example.com', message: 'Hi' })).toEqual({
      status: 200,
      body: { status: 'done' },
    });
  });

  it('links the message to the account when someone is logged in', async () => {
    await loginAs();
    await sendContact({ name: 'Erika', email: 'demo@example.com', message: 'About my archive' });
    expect(db.contactMessage.getAll()[0]?.accountId).not.toBeNull();
  });

  it('refuses the honeypot field or an empty message with 400', async () => {
    const honeypot = await send('POST', '/contact', {
      name: 'Bot',
      email: 'bot@example.com',
      message: 'Buy',
      website: 'x',
    });
    expect(honeypot).toEqual({
      status: 400,
      body: { status: 'error', reason: 'The field "website" is not part of this request.' },
    });
    const empty = await send('POST', '/contact', { name: 'E', email: 'e@example.com', message: '  ' });
    expect(empty).toEqual({ status: 400, body: { status: 'error', reason: 'The message is required.' } });
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await fetch(new URL('/api/v1/contact', location.href), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(response.status).toBe(400);
    await expect(response.json()).resolves.toEqual({ status: 'error', reason: 'The request body is not valid JSON.' });
  });
});
