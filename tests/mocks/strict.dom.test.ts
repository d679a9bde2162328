import { describe, expect, it } from 'vitest';
import { me } from '../../src/api/auth';
import { getCompany } from '../../src/api/company';
import { asSpec, specFields, strictMock } from '../../src/mocks/strict';
import { loginAs } from '../support/render-app';

describe('the spec-strict mock (VITE_MOCK_STRICT=true)', () => {
  it('keeps exactly the fields of SPEC §3 of a record', () => {
    const company = {
      name: 'Demo GmbH',
      company_number: 'K-10002',
      state: 'Berlin',
      contract_end_date: '2027-01-31',
      has_product_count: 2,
    };
    expect(asSpec('company', company, true)).toEqual({
      name: 'Demo GmbH',
      company_number: 'K-10002',
      has_product_count: 2,
    });
    expect(asSpec('company', company, false)).toBe(company);
  });

  it('leaves out or nulls the untyped fields of some seed records, as a server may', () => {
    expect(
      asSpec('user', { email: 'fresh@example.com', phone: '+49', language: 'en', notifications: true }, true),
    ).toEqual({ email: 'fresh@example.com', language: null, notifications: true });
    expect(
      asSpec('datastore', { datastore: 'k10001_old', custom_name: 'old', password: '', port: 8007 }, true),
    ).toEqual({ datastore: 'k10001_old', custom_name: 'old', port: 8007 });
    expect(
      asSpec('company', { name: null, company_number: null, phone: '+49', ustid: null, iban: null }, true),
    ).toEqual({ company_number: null, phone: null, iban: null });
    expect(
      asSpec('datastore', { datastore: 'k10001_backup', custom_name: 'backup', password: '', port: 8007 }, true),
    ).toEqual({ datastore: 'k10001_backup', custom_name: 'backup', password: '', port: 8007 });
  });

  it('lists the fields of every entity of SPEC §3', () => {
    expect(specFields.user).toHaveLength(8);
    expect(specFields.company).toHaveLength(20);
    expect(specFields.datastore).toHaveLength(12);
    expect(specFields.licence).toHaveLength(7);
    expect(specFields.product).toHaveLength(4);
  });

  it.runIf(strictMock)('answers /company and /me with no field beyond SPEC §3 (this run is strict)', async () => {
    await loginAs('demo@example.com');
    const company: Record<string, unknown> = await getCompany();
    expect(Object.keys(company).every((name) => (specFields.company as readonly string[]).includes(name))).toBe(true);
    expect(company).not.toHaveProperty('contract_end_date');
    const user: Record<string, unknown> = await me();
    expect(Object.keys(user).every((name) => (specFields.user as readonly string[]).includes(name))).toBe(true);
  });
});
