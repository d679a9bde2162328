import { describe, expect, it } from 'vitest';
import {
  companyFormValues,
  editCompanyPayload,
  hasCompanyData,
  hasPendingChanges,
  validateCompanyForm,
  type CompanyFormValues,
} from '../../src/domain/company-form';
import { aCompany } from '../support/builders';

const demoCompany = aCompany();

const person = { firstname: 'Erika', lastname: 'Mustermann', phone: '+49 30 1234567' };

const valid: CompanyFormValues = {
  name: 'Demo GmbH',
  phone: '',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: '',
  payment_type: 'bill',
  iban: '',
  checkbox_iban: false,
};

describe('the company form values', () => {
  it('start from the confirmed company, with the IBAN formatted', () => {
    expect(companyFormValues(demoCompany, person)).toEqual({
      name: 'Demo GmbH',
      phone: '+49 30 1234567',
      street: 'Musterstraße 1',
      postcode: '10115',
      city: 'Berlin',
      country: 'DE',
      ustid: 'DE123456789',
      payment_type: 'direct_debit',
      iban: 'DE89 3704 0044 0532 0130 00',
      checkbox_iban: true,
    });
  });

  it('start from the pending address when one awaits confirmation', () => {
    const company = {
      ...demoCompany,
      pending_name: 'Demo AG',
      pending_street: 'Neue Straße 5',
      pending_postcode: '1234',
      pending_city: 'Luxembourg',
      pending_country: 'LUX',
      pending_ustid: null,
    };
    expect(hasPendingChanges(company)).toBe(true);
    expect(companyFormValues(company, person)).toMatchObject({
      name: 'Demo AG',
      street: 'Neue Straße 5',
      postcode: '1234',
      city: 'Luxembourg',
      country: 'LUX',
      ustid: '',
    });
  });

  it('start empty in Germany for a fresh company, with no payment method chosen', () => {
    const fresh = {
      ...demoCompany,
      name: null,
      street: null,
      postcode: null,
      city: null,
      country: null,
      ustid: null,
      payment_type: null,
      iban: null,
      checkbox_iban: false,
      phone: null,
      company_number: null,
    };
    expect(hasPendingChanges(fresh)).toBe(false);
    expect(companyFormValues(fresh, { firstname: 'Felix', lastname: 'Frisch', phone: null })).toEqual({
      name: '',
      phone: '',
      street: '',
      postcode: '',
      city: '',
      country: 'DE',
      ustid: '',
      payment_type: '',
      iban: '',
      checkbox_iban: false,
    });
  });
});

describe('an answer that leaves fields out (tolerant reading)', () => {
  it('starts the form from what there is: empty fields, Germany, no payment method, no mandate', () => {
    expect(companyFormValues({}, null)).toEqual({
      name: '',
      phone: '',
      street: '',
      postcode: '',
      city: '',
      country: 'DE',
      ustid: '',
      payment_type: '',
      iban: '',
      checkbox_iban: false,
    });
    expect(companyFormValues({ payment_type: 'direct_debit', iban: 'DE89370400440532013000' }, {})).toMatchObject({
      payment_type: 'direct_debit',
      iban: 'DE89 3704 0044 0532 0130 00',
      checkbox_iban: false,
    });
    expect(editCompanyPayload(valid, {}, undefined)).toMatchObject({ firstname: '', lastname: '', pending_state: '' });
    expect(companyFormValues({ payment_type: 'paypal' }, null).payment_type).toBe('');
  });

  it('has pending changes only when a pending field carries a value', () => {
    expect(hasPendingChanges({})).toBe(false);
    expect(hasPendingChanges({ pending_city: 'Köln' })).toBe(true);
  });

  it('shows a company when it has a name, or, without any name field, when it has other data', () => {
    expect(hasCompanyData(demoCompany)).toBe(true);
    expect(hasCompanyData(aCompany({ name: null }))).toBe(false);
    expect(hasCompanyData(aCompany({ name: '' }))).toBe(false);
    const { name: _name, ...withoutName } = demoCompany;
    expect(hasCompanyData(withoutName)).toBe(true);
    expect(hasCompanyData({})).toBe(false);
    expect(hasCompanyData({ street: null, city: '' })).toBe(false);
  });
});

describe('the company form rules (SPEC §5)', () => {
  it('accept a complete form paid by bill', () => {
    expect(validateCompanyForm(valid)).toEqual({});
  });

  it('require company name, street, postcode, city and payment method', () => {
    expect(validateCompanyForm({ ...valid, name: ' ', street: '', postcode: '', city: '', payment_type: '' })).toEqual({
      name: 'required',
      street: 'required',
      postcode: 'required',
      city: 'required',
      payment_type: 'required',
    });
  });

  it('check the postcode against the country', () => {
    expect(validateCompanyForm({ ...valid, postcode: 'L-1234' })).toEqual({ postcode: 'postcode' });
    expect(validateCompanyForm({ ...valid, postcode: 'L-1234', country: 'LUX' })).toEqual({});
  });

  it('require a valid IBAN and the mandate with direct debit', () => {
    const direct = { ...valid, payment_type: 'direct_debit' as const };
    expect(validateCompanyForm(direct)).toEqual({ iban: 'required', checkbox_iban: 'mandate' });
    expect(validateCompanyForm({ ...direct, iban: 'DE89 3704 0044 0532 0130 01', checkbox_iban: true })).toEqual({
      iban: 'iban',
    });
    expect(validateCompanyForm({ ...direct, iban: 'DE89 3704 0044 0532 0130 00', checkbox_iban: true })).toEqual({});
  });
});

describe('the edit payload (SPEC §7)', () => {
  it('sends the names of the user, the address as pending_* and the IBAN compact', () => {
    const values = {
      ...valid,
      street: ' Neue Straße 5 ',
      payment_type: 'direct_debit' as const,
      iban: 'DE89 3704 0044 0532 0130 00',
      checkbox_iban: true,
      phone: '+49 30 999',
    };
    expect(editCompanyPayload(values, person, null)).toEqual({
      firstname: 'Erika',
      lastname: 'Mustermann',
      phone: '+49 30 999',
      pending_name: 'Demo GmbH',
      pending_street: 'Neue Straße 5',
      pending_postcode: '10115',
      pending_city: 'Berlin',
      pending_state: '',
      pending_country: 'DE',
      pending_ustid: '',
      payment_type: 'direct_debit',
      iban: 'DE89370400440532013000',
      checkbox_iban: true,
    });
  });

  it('sends no IBAN and no mandate with bill, and passes a pending state through', () => {
    expect(editCompanyPayload({ ...valid, iban: 'DE89', checkbox_iban: true }, null, 'Saarland')).toMatchObject({
      firstname: '',
      lastname: '',
      payment_type: 'bill',
      iban: '',
      checkbox_iban: false,
      pending_state: 'Saarland',
    });
  });
});
