/**
 * A second seed scenario (docs/decisions/030), for the HTTP mock only: other emails, password,
 * company, customer number, datastore names and count, and licence ids than the default seed.
 * `npm run contract -- check` verifies the consumer contract against it, which proves that the
 * contract names no value of the default seed except through a provider state.
 */
import { db } from './db';
import { provisionDatastore } from './provision';
import { cancellationEndDate } from './rules';

const PASSWORD = 'Nordlicht-Kennwort-2031';
const DAY = 86_400_000;
const GB = 1e9;

/** Fewer licences than the default catalogue, with ids from 101 and prices of their own. */
const catalogue = [
  { type: 'VE', name: 'Proxmox VE Basic', prices: [120, 240, 480], highlight: false },
  { type: 'VE', name: 'Proxmox VE Premium', prices: [1100, 2200, 4400], highlight: true },
  { type: 'PBS', name: 'Proxmox Backup Server Standard', prices: [2200, 2200, 2200], highlight: true },
  { type: 'MG', name: 'Proxmox Mail Gateway Basic', prices: [400, 400, 400], highlight: false },
  { type: 'MG', name: 'Proxmox Mail Gateway Premium', prices: [1600, 1600, 1600], highlight: false },
] as const;

function seedCatalogue(): void {
  catalogue.forEach((licence, index) => {
    const [one, two, four] = licence.prices;
    db.licence.create({
      id: 101 + index,
      name: licence.name,
      product_type: licence.type,
      price_1_cpu: one,
      price_2_cpu: two,
      price_4_cpu: four,
      highlight: licence.highlight,
    });
  });
}

function seedCustomer(now: number): void {
  const account = db.account.create({
    email: 'jonas.berger@nordlicht-it.de',
    password: PASSWORD,
    language: 'en',
    notifications: false,
    firstname: 'Jonas',
    lastname: 'Berger',
    phone: '+49 431 998877',
    active: true,
    company_number: 'K-20417',
    created: now - 90 * DAY,
  });
  db.company.create({
    accountId: account.id,
    name: 'Nordlicht IT GmbH',
    street: 'Holstenstraße 12',
    postcode: '24103',
    city: 'Kiel',
    country: 'DE',
    ustid: 'DE987654321',
    payment_type: 'bill',
    checkbox_iban: false,
    phone: '+49 431 998877',
  });
  provisionDatastore({ account, identifier: 'vault', volume: 3, usedBytes: 900 * GB, created: now - 80 * DAY });
  provisionDatastore({
    account,
    identifier: 'nightly',
    volume: 0,
    usedBytes: 52 * GB,
    created: now - 40 * DAY,
    contractEndDate: cancellationEndDate(now),
  });
}

function seedPending(now: number): void {
  const account = db.account.create({
    email: 'lena.sommer@sommer-web.de',
    password: PASSWORD,
    language: 'de',
    notifications: true,
    firstname: 'Lena',
    lastname: 'Sommer',
    phone: '+49 89 445566',
    active: false,
    company_number: null,
    created: now - 3 * DAY,
  });
  db.company.create({
    accountId: account.id,
    checkbox_iban: false,
    pending_name: 'Sommer Webdesign UG',
    pending_street: 'Leopoldstraße 40',
    pending_postcode: '80802',
    pending_city: 'München',
    pending_country: 'DE',
  });
}

function seedWithoutCompany(now: number): void {
  const account = db.account.create({
    email: 'tom.brandt@brandt-edv.de',
    password: PASSWORD,
    language: 'de',
    notifications: false,
    firstname: 'Tom',
    lastname: 'Brandt',
    phone: null,
    active: true,
    company_number: null,
    created: now - 5 * DAY,
  });
  db.company.create({ accountId: account.id, checkbox_iban: false });
}

/** Fills an empty database with the second scenario. */
export function seedSecond(): void {
  const now = Date.now();
  seedCatalogue();
  seedCustomer(now);
  seedPending(now);
  seedWithoutCompany(now);
}
