/**
 * The domain's rules at their edges (SPEC §3, §5, §9): the values where a rule changes its
 * answer, and the fields each rule reads, one by one.
 */
import { describe, expect, it } from 'vitest';
import {
  companyFormValues,
  editCompanyPayload,
  hasCompanyData,
  hasPendingChanges,
  validateCompanyForm,
  type CompanyFormValues,
} from '../../src/domain/company-form';
import { contractEndDate } from '../../src/domain/contract';
import { clampVolume, datastoreUrl } from '../../src/domain/datastore';
import { formatIban, formatIbanAt, maskIban } from '../../src/domain/iban';
import { parseLicenceId } from '../../src/domain/licence-features';
import { parseSpace, spaceUse } from '../../src/domain/space';
import { aCompany } from '../support/builders';

const demoCompany = aCompany();

describe('the fill level (SPEC §2, §9: warning above 80 %)', () => {
  it('warns above 80 % and not at exactly 80 %', () => {
    expect(spaceUse({ volume: 5, space_used_text: '4 TB', space_total_text: '5 TB' })).toEqual({
      percent: 80,
      warning: false,
    });
    expect(spaceUse({ volume: 5, space_used_text: '4001 GB', space_total_text: '5 TB' }).warning).toBe(true);
  });

  it('measures against the booked volume when the answer gives no total', () => {
    expect(spaceUse({ volume: 1, space_used_text: '500 GB', space_total_text: null }).percent).toBe(50);
    expect(spaceUse({ volume: 20, space_used_text: '17 TB' })).toEqual({ percent: 85, warning: true });
  });

  it('has no level without a size to measure against', () => {
    const none = { percent: null, warning: false };
    expect(spaceUse({ volume: null, space_used_text: '1 TB', space_total_text: 'unlimited' })).toEqual(none);
    expect(spaceUse({ volume: 5, space_used_text: '1 TB', space_total_text: '0 TB' })).toEqual(none);
    expect(spaceUse({ volume: 5, space_used_text: 'a lot', space_total_text: '5 TB' })).toEqual(none);
    expect(spaceUse({ volume: 0, space_used_text: '1 TB', space_total_text: '5 TB' })).toEqual(none);
  });

  it('reads a space with or without a space before its unit, and no unknown unit', () => {
    expect(parseSpace('850GB')).toBe(850e9);
    expect(parseSpace('4,25 TB')).toBe(4.25e12);
    expect(parseSpace('3 XB')).toBeNull();
    expect(parseSpace('1 EB')).toBeNull();
  });
});

describe('the end of a cancelled contract', () => {
  it('is the latest end date of the products, whatever their order', () => {
    const ends = (...dates: string[]) => dates.map((contract_end_date) => ({ contract_end_date }));
    expect(contractEndDate(ends('2027-01-31', '2027-03-31', '2027-02-28'))).toBe('2027-03-31');
    expect(contractEndDate(ends('2027-03-31', '2027-01-31'))).toBe('2027-03-31');
    expect(contractEndDate(ends('2027-01-31', '2027-01-31'))).toBe('2027-01-31');
  });

  it('is unknown without products', () => {
    expect(contractEndDate([])).toBeNull();
    expect(contractEndDate(null)).toBeNull();
  });
});

describe('the link to a datastore on its host (ports 1 to 65535)', () => {
  it('accepts the first and the last port and refuses the ones beyond', () => {
    expect(datastoreUrl('pbs1.example.com', 1)).toBe('https://pbs1.example.com:1/');
    expect(datastoreUrl('pbs1.example.com', 65_535)).toBe('https://pbs1.example.com:65535/');
    expect(datastoreUrl('pbs1.example.com', 0)).toBeNull();
    expect(datastoreUrl('pbs1.example.com', 65_536)).toBeNull();
    expect(datastoreUrl('pbs1.example.com', 8007.5)).toBeNull();
  });

  it('trims the host and takes an http(s) address with only a host', () => {
    expect(datastoreUrl('  pbs1.example.com ', 8007)).toBe('https://pbs1.example.com:8007/');
    expect(datastoreUrl('http://pbs1.example.com/', 8007)).toBe('http://pbs1.example.com:8007/');
    expect(datastoreUrl('https://pbs1.example.com', 8007)).toBe('https://pbs1.example.com:8007/');
  });

  it.each([
    ['a user name', 'https://admin@pbs1.example.com'],
    ['a password', 'https://:secret@pbs1.example.com'],
    ['a port of its own', 'https://pbs1.example.com:9000'],
    ['a path', 'https://pbs1.example.com/admin'],
    ['a query', 'https://pbs1.example.com?next=evil'],
    ['a fragment', 'https://pbs1.example.com#x'],
    ['a slash but no scheme', 'pbs1.example.com/admin'],
    ['a colon but no scheme', 'pbs1.example.com:8007'],
  ])('builds no link from an address with %s', (_name, host) => {
    expect(datastoreUrl(host, 8007)).toBeNull();
  });

  it('takes host names of 253 characters and labels of 63, and nothing longer', () => {
    const label = (length: number) => 'a'.repeat(length);
    expect(datastoreUrl(`${label(63)}.example.com`, 8007)).not.toBeNull();
    expect(datastoreUrl(`${label(64)}.example.com`, 8007)).toBeNull();
    const long = [label(63), label(63), label(63), label(61)].join('.');
    expect(long).toHaveLength(253);
    expect(datastoreUrl(long, 8007)).not.toBeNull();
    expect(datastoreUrl(`${long}a`, 8007)).toBeNull();
    expect(datastoreUrl('a-.example.com', 8007)).toBeNull();
    expect(datastoreUrl('a', 8007)).toBe('https://a:8007/');
  });

  it('brings a slider value that is no number back to 1 TB', () => {
    expect(clampVolume(Number.NaN)).toBe(1);
    expect(clampVolume(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampVolume(7)).toBe(7);
  });
});

describe('an IBAN of four characters or fewer, and the caret at the block edges', () => {
  it('masks nothing of four characters or fewer, and all but four of five', () => {
    expect(maskIban('DE89')).toBe('DE89');
    expect(maskIban('DE8')).toBe('DE8');
    expect(maskIban('DE893')).toBe('•E89 3');
    expect(maskIban('DE89370400440532013000')).toBe('•••• •••• •••• •••• ••30 00');
  });

  it('puts no space after a block of exactly four characters', () => {
    expect(formatIban('DE89')).toBe('DE89');
    expect(formatIban('DE893')).toBe('DE89 3');
  });

  it('keeps the caret at the end of a full last block', () => {
    expect(formatIbanAt('DE89', 4)).toEqual({ value: 'DE89', caret: 4 });
    expect(formatIbanAt('DE893704', 8)).toEqual({ value: 'DE89 3704', caret: 9 });
    expect(formatIbanAt('DE8937', 4)).toEqual({ value: 'DE89 37', caret: 5 });
  });

  it('deletes nothing more when Backspace removed the separator at the very start', () => {
    // A separator before the first character cannot stand there; the value is kept as it is.
    expect(formatIbanAt('DE89', 0, { previous: ' DE89', direction: 'backward' })).toEqual({ value: 'DE89', caret: 0 });
  });

  it('deletes nothing more when Delete removed the separator at the very end', () => {
    expect(formatIbanAt('DE89', 4, { previous: 'DE89 ', direction: 'forward' })).toEqual({ value: 'DE89', caret: 4 });
  });

  it('treats a deletion that removed a character, not only a separator, as it is', () => {
    expect(formatIbanAt('DE8 3704', 3, { previous: 'DE89 3704', direction: 'backward' })).toEqual({
      value: 'DE83 704',
      caret: 3,
    });
  });
});

describe('pending changes and company data (SPEC §3)', () => {
  const pendingFields = [
    'pending_name',
    'pending_street',
    'pending_postcode',
    'pending_city',
    'pending_country',
    'pending_ustid',
  ] as const;

  it('has no pending change when every pending field is empty or null', () => {
    expect(hasPendingChanges(demoCompany)).toBe(false);
    expect(hasPendingChanges(aCompany({ pending_name: '', pending_city: '' }))).toBe(false);
  });

  it.each(pendingFields)('has a pending change when %s alone carries a value', (field) => {
    expect(hasPendingChanges(aCompany({ [field]: 'x' }))).toBe(true);
  });

  it.each(['company_number', 'street', 'postcode', 'city', 'country', 'ustid'] as const)(
    'shows a company without a name field when %s alone carries a value',
    (field) => {
      const { name: _name, ...unnamed } = demoCompany;
      const empty = Object.fromEntries(
        ['company_number', 'street', 'postcode', 'city', 'country', 'ustid'].map((key) => [key, null]),
      );
      expect(hasCompanyData({ ...unnamed, ...empty })).toBe(false);
      expect(hasCompanyData({ ...unnamed, ...empty, [field]: 'x' })).toBe(true);
      expect(hasCompanyData({ ...unnamed, ...empty, [field]: '' })).toBe(false);
    },
  );
});

describe('the company form and its payload', () => {
  it("takes the company's phone first and the user's only without one", () => {
    const person = { firstname: 'Erika', lastname: 'Muster', phone: '+49 1' };
    expect(companyFormValues(demoCompany, person).phone).toBe('+49 30 1234567');
    expect(companyFormValues(aCompany({ phone: null }), person).phone).toBe('+49 1');
    expect(companyFormValues(aCompany({ phone: null }), null).phone).toBe('');
  });

  it('starts without an IBAN or a mandate when the company pays by bill, whatever it still stores', () => {
    const values = companyFormValues(aCompany({ payment_type: 'bill' }), null);
    expect(values).toMatchObject({ payment_type: 'bill', iban: '', checkbox_iban: false });
  });

  it('knows no payment type other than bill and direct debit', () => {
    expect(companyFormValues(aCompany({ payment_type: 'cash' }), null).payment_type).toBe('');
    expect(companyFormValues(aCompany({ payment_type: '' }), null).payment_type).toBe('');
  });

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

  it('checks the postcode against the country only when a country is chosen', () => {
    expect(validateCompanyForm({ ...valid, postcode: '1011' })).toEqual({ postcode: 'postcode' });
    expect(validateCompanyForm({ ...valid, country: '', postcode: '1011' })).toEqual({ country: 'country' });
  });

  it('limits the phone to 40 and the VAT id to 20 characters', () => {
    expect(validateCompanyForm({ ...valid, phone: '1'.repeat(40), ustid: 'D'.repeat(20) })).toEqual({});
    expect(validateCompanyForm({ ...valid, phone: '1'.repeat(41), ustid: 'D'.repeat(21) })).toEqual({
      phone: 'tooLong',
      ustid: 'tooLong',
    });
  });

  it('sends every typed field trimmed', () => {
    const padded = {
      ...valid,
      name: ' Demo GmbH ',
      phone: ' +49 30 1 ',
      street: ' Musterstraße 1 ',
      postcode: ' 10115 ',
      city: ' Berlin ',
      ustid: ' DE123 ',
    };
    expect(editCompanyPayload(padded, null, null)).toMatchObject({
      phone: '+49 30 1',
      pending_name: 'Demo GmbH',
      pending_street: 'Musterstraße 1',
      pending_postcode: '10115',
      pending_city: 'Berlin',
      pending_ustid: 'DE123',
    });
  });
});

describe('a licence id in the address', () => {
  it('is a positive whole number of up to nine digits, written plainly', () => {
    expect(parseLicenceId('7')).toBe(7);
    expect(parseLicenceId('999999999')).toBe(999_999_999);
    for (const value of [undefined, '', '0', '07', '1e3', '-1', '1.5', '1234567890', ' 7']) {
      expect(parseLicenceId(value)).toBeUndefined();
    }
  });
});
