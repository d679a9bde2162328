/**
 * The seed scenario (docs/mock-api.md) and the licence catalogue. `seed()` expects an empty
 * database; `reset()` in the controls drops everything and calls it again.
 */
import { db, type AccountRow } from './db';
import { provisionDatastore } from './provision';
import { cancellationEndDate } from './rules';

export const SEED_PASSWORD = 'Demo-Password-2026';
export const seedEmails = {
  demo: 'demo@example.com',
  pending: 'pending@example.com',
  fresh: 'fresh@example.com',
} as const;

const DAY = 86_400_000;
const GB = 1e9;
const TB = 1e12;

type Tier = 'Community' | 'Basic' | 'Standard' | 'Premium';
const tiers: readonly Tier[] = ['Community', 'Basic', 'Standard', 'Premium'];

/**
 * Yearly net prices in EUR. VE is sold per CPU socket, so 2 and 4 CPUs cost 2 and 4 times as
 * much; PBS and MG are sold per server, so every CPU choice costs the same (docs/decisions/002).
 */
const lines = [
  { type: 'VE', name: 'Proxmox VE', perCpu: true, prices: [115, 355, 530, 1060] },
  { type: 'PBS', name: 'Proxmox Backup Server', perCpu: false, prices: [540, 1080, 2160, 4320] },
  { type: 'MG', name: 'Proxmox Mail Gateway', perCpu: false, prices: [190, 390, 790, 1590] },
] as const;

function seedCatalogue(): void {
  let id = 1;
  for (const line of lines) {
    tiers.forEach((tier, index) => {
      const price = line.prices[index] ?? 0;
      db.licence.create({
        id: id++,
        name: `${line.name} ${tier}`,
        product_type: line.type,
        price_1_cpu: price,
        price_2_cpu: line.perCpu ? price * 2 : price,
        price_4_cpu: line.perCpu ? price * 4 : price,
        highlight: tier === 'Standard',
      });
    });
  }
}

function seedDemo(now: number): void {
  const account: AccountRow = db.account.create({
    email: seedEmails.demo,
    password: SEED_PASSWORD,
    language: 'de',
    notifications: true,
    firstname: 'Erika',
    lastname: 'Mustermann',
    phone: '+49 30 1234567',
    active: true,
    company_number: 'K-10001',
    created: now - 400 * DAY,
  });
  db.company.create({
    accountId: account.id,
    name: 'Demo GmbH',
    street: 'Musterstraße 1',
    postcode: '10115',
    city: 'Berlin',
    country: 'DE',
    ustid: 'DE123456789',
    payment_type: 'direct_debit',
    iban: 'DE89370400440532013000',
    checkbox_iban: true,
    phone: '+49 30 1234567',
  });
  // Made long ago: their temporary passwords are no longer shown.
  provisionDatastore({ account, identifier: 'backup', volume: 0, usedBytes: 734 * GB, created: now - 300 * DAY });
  provisionDatastore({ account, identifier: 'archive', volume: 5, usedBytes: 4.25 * TB, created: now - 200 * DAY });
  provisionDatastore({
    account,
    identifier: 'old',
    volume: 1,
    usedBytes: 310 * GB,
    created: now - 100 * DAY,
    contractEndDate: cancellationEndDate(now),
  });
  provisionDatastore({
    account,
    identifier: 'media',
    volume: 2,
    usedBytes: 120 * GB,
    unencryptedFiles: true,
    created: now - 30 * DAY,
  });
}

function seedPending(now: number): void {
  const account = db.account.create({
    email: seedEmails.pending,
    password: SEED_PASSWORD,
    language: 'en',
    notifications: false,
    firstname: 'Paula',
    lastname: 'Wartend',
    phone: null,
    active: false,
    company_number: null,
    created: now - DAY,
  });
  db.company.create({
    accountId: account.id,
    checkbox_iban: false,
    pending_name: 'Wartend & Co. KG',
    pending_street: 'Hafenweg 7',
    pending_postcode: '20457',
    pending_city: 'Hamburg',
    pending_country: 'DE',
  });
}

function seedFresh(now: number): void {
  const account = db.account.create({
    email: seedEmails.fresh,
    password: SEED_PASSWORD,
    language: 'en',
    notifications: true,
    firstname: 'Felix',
    lastname: 'Frisch',
    phone: null,
    active: true,
    company_number: null,
    created: now - 2 * DAY,
  });
  db.company.create({ accountId: account.id, checkbox_iban: false });
}

export function seed(): void {
  const now = Date.now();
  seedCatalogue();
  seedDemo(now);
  seedPending(now);
  seedFresh(now);
}
