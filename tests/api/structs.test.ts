/**
 * Tolerant reading of the answers (CONVENTIONS, decision 019): each answer struct requires only what
 * the portal cannot work without, accepts every other field missing, null or unknown, and is read
 * as the client reads it (`validate` with coercion, src/api/client.ts).
 */
import { validate, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { LoginAnswer } from '../../src/api/login';
import { CompanyProductStruct, UserStruct } from '../../src/api/structs';
import { CompanyStruct } from '../../src/api/company-structs';
import { DatastoreStruct, StatusListAnswer } from '../../src/api/datastore-structs';
import { CatalogueAnswer, LicenceStruct } from '../../src/api/licence-structs';

/** Reads an answer as the client does. */
function reader<T, S>(struct: Struct<T, S>) {
  return (answer: unknown) => {
    const [error, value] = validate(answer, struct, { coerce: true });
    return { ok: error === undefined, value };
  };
}

const datastore = {
  datastore: 'k1_backup',
  custom_name: 'backup',
  hostname: 'pbs1.example.com',
  port: 8007,
  username: 'k1',
  password: '',
  repository: 'k1@pbs@pbs1.example.com:8007:k1_backup',
  unencrypted_files: false,
  contract_end_date: null,
  volume: 0,
  space_used_text: '1 GB',
  space_total_text: 'unlimited',
};
const licence = {
  id: 1,
  name: 'VE Community',
  price_1_cpu: 115,
  price_2_cpu: 230,
  price_4_cpu: 460,
  highlight: false,
  product_type: 'VE',
};
const product = { name: 'backup', dynamic_volume: 1, volume: 0, contract_end_date: null };
const user = {
  email: 'a@example.com',
  language: 'en',
  notifications: true,
  firstname: 'A',
  lastname: 'B',
  phone: null,
  company_number: 'K-1',
  products: [product],
};
const company = {
  name: 'X GmbH',
  street: 'S 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: null,
  payment_type: 'bill',
  iban: null,
  checkbox_iban: false,
  company_number: 'K-1',
  phone: null,
  has_product_count: 1,
  notifications: true,
  pending_name: null,
  pending_street: null,
  pending_postcode: null,
  pending_city: null,
  pending_state: null,
  pending_country: null,
  pending_ustid: null,
  contract_end_date: null,
};

interface Case {
  name: string;
  read: (answer: unknown) => { ok: boolean; value: unknown };
  full: Record<string, unknown>;
  essential: readonly string[];
}

const cases: Case[] = [
  {
    name: 'a datastore status entry (GET /status)',
    read: reader(DatastoreStruct),
    full: datastore,
    essential: ['datastore', 'hostname', 'port', 'username'],
  },
  {
    name: 'a licence (GET /licences)',
    read: reader(LicenceStruct),
    full: licence,
    essential: ['id', 'name', 'price_1_cpu', 'price_2_cpu', 'price_4_cpu', 'product_type'],
  },
  { name: 'the user (GET /me)', read: reader(UserStruct), full: user, essential: ['email'] },
  { name: 'a company product (GET /me)', read: reader(CompanyProductStruct), full: product, essential: [] },
  { name: 'the company (GET /company)', read: reader(CompanyStruct), full: company, essential: [] },
  {
    name: 'the login answer (POST /login)',
    read: reader(LoginAnswer),
    full: { is_active: true },
    essential: ['is_active'],
  },
];

function only(record: Record<string, unknown>, keys: readonly string[]) {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));
}

describe.each(cases)('$name', ({ read, full, essential }) => {
  const optional = Object.keys(full).filter((key) => !essential.includes(key));

  it('accepts the full answer', () => {
    expect(read(full).ok).toBe(true);
  });

  it('accepts an answer missing every optional field', () => {
    const { ok, value } = read(only(full, essential));
    expect(ok).toBe(true);
    expect(value).toEqual(only(full, essential));
  });

  it('accepts every optional field as null', () => {
    expect(read({ ...full, ...Object.fromEntries(optional.map((key) => [key, null])) }).ok).toBe(true);
  });

  it('accepts fields it does not know, and keeps what it knows', () => {
    const { ok, value } = read({ ...full, added_later: { nested: [1, 'two'] }, another: null });
    expect(ok).toBe(true);
    expect(value).toMatchObject(full);
  });

  // The company and its products need nothing but to be objects (the next test).
  if (essential.length > 0)
    it.each(essential)('refuses an answer without %s, or with it null', (key) => {
      const { [key]: _left, ...without } = full;
      expect(read(without).ok).toBe(false);
      expect(read({ ...full, [key]: null }).ok).toBe(false);
    });

  it('refuses an answer that is not an object', () => {
    for (const answer of [null, 'ok', 3, [full]]) expect(read(answer).ok).toBe(false);
  });
});

describe('the company (GET /company)', () => {
  it('accepts a payment method it does not know (shown as given), but not one that is not text', () => {
    const read = reader(CompanyStruct);
    expect(read({ ...company, payment_type: 'paypal' }).ok).toBe(true);
    expect(read({ ...company, payment_type: 2 }).ok).toBe(false);
  });
});

describe('the status list (GET /status)', () => {
  const read = reader(StatusListAnswer);
  it('accepts entries with only the essential fields, and an empty list', () => {
    expect(read([only(datastore, ['datastore', 'hostname', 'port', 'username'])]).ok).toBe(true);
    expect(read([]).ok).toBe(true);
  });

  it('refuses a list with an entry that has no hostname, and anything that is not a list', () => {
    const { hostname: _hostname, ...withoutHost } = datastore;
    expect(read([datastore, withoutHost]).ok).toBe(false);
    expect(read({ datastores: [datastore] }).ok).toBe(false);
  });
});

describe('the catalogue (GET /licences)', () => {
  const read = reader(CatalogueAnswer);
  const minimal = only(licence, ['id', 'name', 'price_1_cpu', 'price_2_cpu', 'price_4_cpu', 'product_type']);

  it('accepts a catalogue missing every group, and reads each missing or null group as empty', () => {
    expect(read({})).toEqual({ ok: true, value: { VE: [], PBS: [], MG: [] } });
    expect(read({ VE: [minimal], PBS: null })).toEqual({ ok: true, value: { VE: [minimal], PBS: [], MG: [] } });
  });

  it('leaves a product type it does not know alone', () => {
    const { ok, value } = read({ VE: [licence], PDM: [{ ...licence, id: 99, product_type: 'PDM' }], note: 'new' });
    expect(ok).toBe(true);
    expect(value).toMatchObject({ VE: [licence], PBS: [], MG: [] });
  });

  it('refuses a known group with a licence that lacks a price, and a group that is not a list', () => {
    const { price_4_cpu: _price, ...withoutPrice } = licence;
    expect(read({ VE: [licence, withoutPrice] }).ok).toBe(false);
    expect(read({ VE: licence }).ok).toBe(false);
    expect(read(null).ok).toBe(false);
  });
});
