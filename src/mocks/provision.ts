/**
 * The provider's back-office operations that both the seed and the handlers need: setting up
 * a datastore on a backup server and activating a registered account.
 */
import { languageOfTag } from '../domain/language-tag';
import { db, findAccountByEmail, findCompany, sendMail, type AccountRow, type DatastoreRow } from './db';
import { accountActivated } from './mails';
import { temporaryPassword } from './random';

const PBS_PORT = 8007;
const HOSTS = ['pbs1.backup.example.com', 'pbs2.backup.example.com', 'pbs3.backup.example.com'];

export interface DatastoreOrder {
  account: AccountRow;
  /** The identifier the customer chose (SPEC §5). */
  identifier: string;
  /** Terabytes; 0 is the dynamic rate. */
  volume: number;
  usedBytes?: number;
  unencryptedFiles?: boolean;
  contractEndDate?: string | null;
  /** When the datastore (and its temporary password) was made; defaults to now. */
  created?: number;
}

/**
 * Names on the backup server derive from the customer number and the identifier:
 * K-10001 + "backup" → datastore and user `k10001_backup` on one of the hosts, and the
 * repository in the form the backup client expects: `user@pbs@host:port:datastore`.
 */
export function provisionDatastore(order: DatastoreOrder): DatastoreRow {
  const { account, identifier, volume } = order;
  const created = order.created ?? Date.now();
  const customer = (account.company_number ?? account.id).replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  const name = `${customer}_${identifier.toLowerCase()}`;
  const hostname = HOSTS[db.datastore.count() % HOSTS.length] ?? 'pbs1.backup.example.com';
  return db.datastore.create({
    accountId: account.id,
    identifier,
    datastore: name,
    hostname,
    port: PBS_PORT,
    username: name,
    password: temporaryPassword(),
    passwordSetAt: created,
    repository: `${name}@pbs@${hostname}:${PBS_PORT}:${name}`,
    unencrypted_files: order.unencryptedFiles ?? false,
    contract_end_date: order.contractEndDate ?? null,
    volume,
    usedBytes: order.usedBytes ?? 0,
    created,
  });
}

/** The next customer number: K-10001, K-10002, ... */
function nextCompanyNumber(): string {
  const numbers = db.account
    .getAll()
    .map((account) => /^K-(\d+)$/.exec(account.company_number ?? '')?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number);
  return `K-${Math.max(10000, ...numbers) + 1}`;
}

/**
 * Manual activation by the provider (SPEC §4): the account becomes active, the registered
 * address moves from pending_* into the company, a customer number is assigned and the
 * customer is told by mail. False when the account was already active.
 */
export function activateAccount(email: string): boolean {
  const account = findAccountByEmail(email);
  if (!account) throw new Error(`No account is registered with ${email}.`);
  if (account.active) return false;
  const companyNumber = account.company_number ?? nextCompanyNumber();
  db.account.update({ where: { id: { equals: account.id } }, data: { active: true, company_number: companyNumber } });
  const company = findCompany(account.id);
  if (company) {
    db.company.update({
      where: { id: { equals: company.id } },
      data: {
        name: company.pending_name ?? company.name,
        street: company.pending_street ?? company.street,
        postcode: company.pending_postcode ?? company.postcode,
        city: company.pending_city ?? company.city,
        state: company.pending_state ?? company.state,
        country: company.pending_country ?? company.country,
        ustid: company.pending_ustid ?? company.ustid,
        pending_name: null,
        pending_street: null,
        pending_postcode: null,
        pending_city: null,
        pending_state: null,
        pending_country: null,
        pending_ustid: null,
      },
    });
  }
  // The provider's own step, with no request behind it: the mail follows the account's language.
  const mail = accountActivated(languageOfTag(account.language), account, companyNumber);
  sendMail(account.email, mail.subject, mail.body, '/login');
  return true;
}
