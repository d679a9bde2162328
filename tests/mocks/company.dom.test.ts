import { afterEach, describe, expect, it, vi } from 'vitest';
import { me } from '../../src/api/auth';
import { getCompany } from '../../src/api/company';
import { editCompany } from '../../src/api/company-edit';
import { cancelContract } from '../../src/api/contract';
import { getStatus } from '../../src/api/datastores';
import { setLanguage, setNotifications } from '../../src/api/settings';
import { mock } from '../../src/mocks/node';
import { isValidIban } from '../../src/mocks/rules';
import { apiError, companyEdit, loginAs, seedEmails, send, setClock } from '../support/mock-api';
import { asSpec } from '../../src/mocks/strict';

afterEach(() => vi.useRealTimers());

describe('the user object', () => {
  it('lists the account and one product per running datastore', async () => {
    await loginAs();
    const user = await me();
    expect(user).toMatchObject({
      email: seedEmails.demo,
      language: 'en',
      notifications: true,
      firstname: 'Erika',
      lastname: 'Mustermann',
      company_number: 'K-10001',
    });
    expect(user.products).toEqual([
      { name: 'backup', dynamic_volume: 1, volume: 0, contract_end_date: null },
      { name: 'archive', dynamic_volume: 0, volume: 5, contract_end_date: null },
      { name: 'old', dynamic_volume: 0, volume: 1, contract_end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      { name: 'media', dynamic_volume: 0, volume: 2, contract_end_date: null },
    ]);
  });
});

describe('the company', () => {
  it('shows the seeded company with direct debit and the running datastores', async () => {
    await loginAs();
    // The company's end date is the default mock's extra; the spec-strict mock leaves it out.
    await expect(getCompany()).resolves.toMatchObject(
      asSpec('company', {
        name: 'Demo GmbH',
        company_number: 'K-10001',
        country: 'DE',
        payment_type: 'direct_debit',
        iban: 'DE89370400440532013000',
        checkbox_iban: true,
        has_product_count: 4,
        notifications: true,
        pending_name: null,
        contract_end_date: null,
      }),
    );
  });

  it('shows a fresh account with an empty company and no number', async () => {
    await loginAs(seedEmails.fresh);
    await expect(getCompany()).resolves.toMatchObject(
      asSpec('company', {
        name: null,
        street: null,
        company_number: null,
        payment_type: null,
        has_product_count: 0,
      }),
    );
  });

  it('keeps address edits pending and applies phone and payment data at once', async () => {
    await loginAs();
    await editCompany(companyEdit({ pending_street: 'Neue Straße 5', phone: '+49 30 999', payment_type: 'bill' }));
    const company = await getCompany();
    expect(company).toMatchObject({
      street: 'Musterstraße 1',
      pending_street: 'Neue Straße 5',
      pending_name: 'Demo GmbH',
      pending_city: 'Berlin',
      phone: '+49 30 999',
      payment_type: 'bill',
      iban: null,
      checkbox_iban: false,
    });
  });

  it('leaves nothing pending when the address is sent back unchanged', async () => {
    await loginAs();
    await editCompany(companyEdit());
    await expect(getCompany()).resolves.toMatchObject({
      pending_name: null,
      pending_street: null,
      street: 'Musterstraße 1',
    });
  });

  it('stores the IBAN without spaces for direct debit with the mandate accepted', async () => {
    await loginAs(seedEmails.fresh);
    await editCompany(companyEdit({ pending_name: 'Frisch AG', iban: 'de44 5001 0517 5407 3249 31' }));
    await expect(getCompany()).resolves.toMatchObject(
      asSpec('company', {
        name: null,
        company_number: null,
        pending_name: 'Frisch AG',
        payment_type: 'direct_debit',
        iban: 'DE44500105175407324931',
        checkbox_iban: true,
      }),
    );
  });

  it.each([
    [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'The IBAN is not valid.'],
    [{ iban: 'DE89 3704 0044 0532 0130' }, 'The IBAN is not valid.'],
    [{ iban: '' }, 'The IBAN is required for direct debit.'],
    [{ checkbox_iban: false }, 'Direct debit needs the SEPA mandate: please accept the legal notice.'],
    [{ pending_name: '' }, 'The company name is required.'],
    [{ pending_postcode: 'L-1234' }, 'The postcode does not fit the country DE.'],
  ])('refuses %o with 400 and its reason', async (overrides, reason) => {
    await loginAs();
    const result = await send('POST', '/edit/company', companyEdit(overrides));
    expect(result).toEqual({ status: 400, body: { status: 'error', reason } });
  });

  it('accepts a Luxembourg address with its own postcode form', async () => {
    await loginAs();
    await editCompany(companyEdit({ pending_country: 'LUX', pending_postcode: 'L-1234', pending_city: 'Luxembourg' }));
    await expect(getCompany()).resolves.toMatchObject({ pending_country: 'LUX', pending_postcode: 'L-1234' });
  });
});

describe('the IBAN check', () => {
  it.each([
    'DE89370400440532013000',
    'FR1420041010050500013M02606',
    'LU280019400644750000',
    'GB82 WEST 1234 5698 7654 32',
  ])('accepts the valid IBAN %s', (iban) => expect(isValidIban(iban)).toBe(true));
  it.each(['DE89370400440532013001', 'DE8937040044053201300', 'XX89370400440532013000', 'DE89-3704'])(
    'refuses %s',
    (iban) => expect(isValidIban(iban)).toBe(false),
  );
});

describe('contract cancellation', () => {
  it('ends every datastore and the contract on the first month-end four weeks ahead', async () => {
    setClock('2026-11-22T10:00:00Z');
    mock.reset();
    await loginAs();
    await expect(cancelContract()).resolves.toBeUndefined();
    await expect(getCompany()).resolves.toMatchObject(
      asSpec('company', { contract_end_date: '2026-12-31', has_product_count: 4 }),
    );
    const status = await getStatus();
    expect(status.map((datastore) => datastore.contract_end_date)).toEqual([
      '2026-12-31',
      '2026-12-31',
      '2026-12-31',
      '2026-12-31',
    ]);
    expect(mock.outbox().at(-1)).toMatchObject({ to: seedEmails.demo, subject: 'Your cancellation' });
  });

  it('refuses a second cancellation with 409', async () => {
    await loginAs();
    await cancelContract();
    const error = await apiError(cancelContract());
    expect(error).toMatchObject({ status: 409, reason: 'The contract is already cancelled' });
  });

  it('refuses an account without a customer number with 409', async () => {
    await loginAs(seedEmails.fresh);
    const error = await apiError(cancelContract());
    expect(error).toMatchObject({ status: 409, reason: 'There is no contract to cancel' });
  });

  it('no longer counts or lists the datastores once their end date has passed', async () => {
    setClock('2026-11-22T10:00:00Z');
    mock.reset();
    await loginAs();
    await cancelContract();
    vi.setSystemTime(new Date('2026-12-31T22:59:00Z'));
    expect((await getStatus()).length).toBe(4);
    vi.setSystemTime(new Date('2026-12-31T23:00:00Z')); // midnight in Berlin
    expect(await getStatus()).toEqual([]);
    await expect(getCompany()).resolves.toMatchObject({ has_product_count: 0 });
  });
});

describe('settings', () => {
  it('stores the notification opt-in from the path', async () => {
    await loginAs();
    await setNotifications(false);
    await expect(me()).resolves.toMatchObject({ notifications: false });
    await expect(getCompany()).resolves.toMatchObject({ notifications: false });
    await setNotifications(true);
    await expect(me()).resolves.toMatchObject({ notifications: true });
  });

  it('refuses anything but true or false in the notifications path with 400', async () => {
    await loginAs();
    const result = await send('GET', '/notifications/yes');
    expect(result).toEqual({
      status: 400,
      body: { status: 'error', reason: 'The notifications setting must be true or false.' },
    });
  });

  it('stores the language', async () => {
    await loginAs();
    await setLanguage('de');
    await expect(me()).resolves.toMatchObject({ language: 'de' });
  });

  it('refuses a language other than de or en with 400', async () => {
    await loginAs();
    const result = await send('POST', '/language', { language: 'fr' });
    expect(result).toEqual({ status: 400, body: { status: 'error', reason: 'The language is not valid.' } });
  });
});
