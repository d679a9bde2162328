/**
 * A customer of the test's own in the mock database (in the spirit of bulletproof-react's
 * `createUser`): an account with its password, its company and its datastores, written with the
 * builders and the mock's own back-office calls, so that a view test checks the data it made
 * rather than the seed's demo customer. Each customer has an email and a customer number of its
 * own; tests/setup/dom.ts drops them with the rest of the database before the next test.
 */
import type { Company, Datastore, User } from '../../src/domain/entities';
import { emitMockChange } from '../../src/mocks/changes';
import { datastoresOf, db, type DatastoreRow } from '../../src/mocks/db';
import { provisionDatastore } from '../../src/mocks/provision';
import { seedDatastores } from '../../src/mocks/reseller';
import { companyOf } from '../../src/mocks/handlers/company';
import { userOf } from '../../src/mocks/handlers/auth';
import { spaceText, totalSpaceText } from '../../src/mocks/rules';
import { aCompany, aDatastore, aUser } from './builders';

const DAY = 86_400_000;
const UNITS = { TB: 1e12, GB: 1e9, MB: 1e6 } as const;

export interface CustomerSpec {
  /** The person: names, phone, language, notifications (`aUser(user)`); the email is the helper's. */
  user?: Omit<Partial<User>, 'email' | 'company_number' | 'products'>;
  /**
   * The company as GET /company answers it (`aCompany(company)`), with a customer number of its
   * own unless given; `null` is an account with no company data yet and no customer number.
   */
  company?: Partial<Company> | null;
  /**
   * Its datastores, as `aDatastore(identifier, overrides)` builds them, bought in this order. One
   * with a password is bought just now (the portal shows its temporary password); one without was
   * bought long ago. Names, user, host and repository are what the mock gives them.
   */
  datastores?: readonly Datastore[];
  /**
   * A reseller's: this many datastores that the mock generates instead of `datastores`
   * (`mock.seedDatastores`, decision 024), all bought long ago.
   */
  generatedDatastores?: number;
  /** False: a registration that awaits activation (SPEC §4); its address waits in pending_*. */
  active?: boolean;
  password?: string;
}

export interface Customer {
  email: string;
  password: string;
  /** The customer number (K-…); null while the account has none. */
  companyNumber: string | null;
  /** As GET /me answers it. */
  user: User;
  /** As GET /company answers it. */
  company: Company;
  /**
   * Every datastore bought, as GET /status lists it, in the order of purchase; one whose end date
   * has passed is no longer listed.
   */
  datastores: Datastore[];
  /** The datastore with this identifier (its `custom_name`); throws when there is none. */
  datastore(customName: string): Datastore;
}

let created = 0;

/** Bytes that the mock shows as `text` ('310 GB', '4.25 TB'); throws for a text it would not show. */
function bytesOf(text: string): number {
  const match = /^(\d+(?:\.\d+)?) (TB|GB|MB)$/.exec(text);
  const unit = match?.[2] as keyof typeof UNITS | undefined;
  const bytes = match && unit ? Math.round(Number(match[1]) * UNITS[unit]) : Number.NaN;
  if (Number.isNaN(bytes) || spaceText(bytes) !== text)
    throw new Error(`The mock cannot show "${text}" as used space.`);
  return bytes;
}

/** The datastore as GET /status lists it: what the mock made of the order, in the builder's shape. */
function listed(row: DatastoreRow, showsPassword: boolean): Datastore {
  return aDatastore(row.identifier, {
    datastore: row.datastore,
    hostname: row.hostname,
    port: row.port,
    username: row.username,
    password: showsPassword ? row.password : '',
    repository: row.repository,
    unencrypted_files: row.unencrypted_files,
    contract_end_date: row.contract_end_date,
    volume: row.volume,
    space_used_text: spaceText(row.usedBytes),
    space_total_text: totalSpaceText(row.volume),
  });
}

/** Writes a customer into the mock database; see `CustomerSpec` for what it is made of. */
export function createCustomer(spec: CustomerSpec = {}): Customer {
  created += 1;
  const active = spec.active ?? true;
  const email = `customer${created}@example.org`;
  const password = spec.password ?? `Customer-Password-${created}`;
  const hasCompany = spec.company !== null;
  const companyNumber = active && hasCompany ? (spec.company?.company_number ?? `K-${70000 + created}`) : null;
  const person = aUser({ ...spec.user, email, company_number: companyNumber });
  const company = hasCompany ? aCompany({ ...spec.company, company_number: companyNumber }) : null;
  const now = Date.now();

  const account = db.account.create({
    email,
    password,
    language: person.language ?? 'en',
    notifications: person.notifications ?? true,
    firstname: person.firstname ?? '',
    lastname: person.lastname ?? '',
    phone: person.phone ?? null,
    active,
    company_number: companyNumber,
    created: now - 400 * DAY,
  });
  const address = {
    name: company?.name ?? null,
    street: company?.street ?? null,
    postcode: company?.postcode ?? null,
    city: company?.city ?? null,
    country: company?.country ?? null,
    ustid: company?.ustid ?? null,
  };
  const companyRow = db.company.create({
    accountId: account.id,
    ...(active
      ? {
          ...address,
          payment_type: company?.payment_type ?? null,
          iban: company?.iban ?? null,
          checkbox_iban: company?.checkbox_iban ?? false,
          pending_name: company?.pending_name ?? null,
          pending_street: company?.pending_street ?? null,
          pending_postcode: company?.pending_postcode ?? null,
          pending_city: company?.pending_city ?? null,
          pending_state: company?.pending_state ?? null,
          pending_country: company?.pending_country ?? null,
          pending_ustid: company?.pending_ustid ?? null,
        }
      : {
          // A registration's address waits for the provider's review until the activation (SPEC §4).
          checkbox_iban: false,
          pending_name: address.name,
          pending_street: address.street,
          pending_postcode: address.postcode,
          pending_city: address.city,
          pending_country: address.country,
          pending_ustid: address.ustid,
        }),
    phone: company?.phone ?? null,
    contract_end_date: company?.contract_end_date ?? null,
  });

  const built = spec.datastores ?? [];
  const bought = built.map((datastore, index) => {
    const row = provisionDatastore({
      account,
      identifier: datastore.custom_name ?? datastore.datastore,
      volume: datastore.volume ?? 0,
      usedBytes: bytesOf(datastore.space_used_text ?? '0 MB'),
      unencryptedFiles: datastore.unencrypted_files ?? false,
      contractEndDate: datastore.contract_end_date ?? null,
      // Long ago, a day apart in the given order; one with a password to show just now.
      created: datastore.password ? now : now - (built.length - index) * DAY,
    });
    return listed(row, Boolean(datastore.password));
  });
  const generated = spec.generatedDatastores;
  if (generated !== undefined) seedDatastores(email, generated);
  const datastores = generated === undefined ? bought : datastoresOf(account.id).map((row) => listed(row, false));
  emitMockChange();

  // What GET /me and GET /company answer for this account: the handlers' own answers.
  const user: User = userOf(account);
  return {
    email,
    password,
    companyNumber,
    user,
    company: companyOf(account, companyRow),
    datastores,
    datastore(customName) {
      const found = datastores.find((datastore) => datastore.custom_name === customName);
      if (!found) throw new Error(`${email} has no datastore "${customName}".`);
      return found;
    },
  };
}
