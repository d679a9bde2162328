/**
 * Test data in one place: the entities of SPEC §3 as the API answers them, each with the seed's
 * demo customer's values by default and what a test cares about given as overrides.
 */
import type { Company, Datastore, User } from '../../src/domain/entities';

/**
 * A datastore of the demo customer (`k10001_<identifier>`) on the first PBS host: 1 TB booked,
 * 310 GB used, encrypted, running, no password to show.
 */
export function aDatastore(identifier: string, overrides: Partial<Datastore> = {}): Datastore {
  const name = `k10001_${identifier}`;
  return {
    datastore: name,
    custom_name: identifier,
    hostname: 'pbs1.backup.example.com',
    port: 8007,
    username: name,
    password: '',
    repository: `${name}@pbs@pbs1.backup.example.com:8007:${name}`,
    unencrypted_files: false,
    contract_end_date: null,
    volume: 1,
    space_used_text: '310 GB',
    space_total_text: '1 TB',
    ...overrides,
  };
}

/** The seed's company of demo@example.com as GET /company answers it: confirmed, direct debit, nothing pending. */
const demoCompany: Company = {
  name: 'Demo GmbH',
  street: 'Musterstraße 1',
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  ustid: 'DE123456789',
  payment_type: 'direct_debit',
  iban: 'DE89370400440532013000',
  checkbox_iban: true,
  company_number: 'K-10001',
  phone: '+49 30 1234567',
  has_product_count: 4,
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

/** The demo customer's company, confirmed, paid by direct debit, nothing pending. */
export function aCompany(overrides: Partial<Company> = {}): Company {
  return { ...demoCompany, ...overrides };
}

/** The demo customer as GET /me answers it: notifications on, no products. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    email: 'demo@example.com',
    language: 'en',
    notifications: true,
    firstname: 'Erika',
    lastname: 'Mustermann',
    phone: '+49 30 1234567',
    company_number: 'K-10001',
    products: [],
    ...overrides,
  };
}
