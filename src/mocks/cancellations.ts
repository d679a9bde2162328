/**
 * The two cancellations (SPEC §4, §9), shared by v1's GETs and v1.1's POSTs: what is refused,
 * with v1's status and v1.1's problem type, and what changes. The caller answers in its API's words.
 */
import type { AccountRow, DatastoreRow } from './db';
import { datastoresOf, db, findCompany, sendMail } from './db';
import type { Language } from '../domain/constants';
import type { Bilingual } from './language';
import { contractCancelled, datastoreCancelled } from './mails';
import type { RefusalStatus } from './respond';
import { cancellationEndDate, hasEnded } from './rules';
import type { ProblemType } from './v1-1/problems';

/** A refusal in both APIs' terms. */
export interface Refusal {
  v1Status: RefusalStatus;
  problem: ProblemType;
  detail: Bilingual;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

/** A refusal as an outcome: v1's status, v1.1's problem type, the sentence in both languages. */
export function refused<T>(v1Status: RefusalStatus, problem: ProblemType, detail: Bilingual): Outcome<T> {
  return { ok: false, refusal: { v1Status, problem, detail } };
}

/** Datastores whose end date has passed are deleted by the provider and no longer listed. */
export function runningDatastores(accountId: string): DatastoreRow[] {
  return datastoresOf(accountId).filter((datastore) => !hasEnded(datastore.contract_end_date));
}

/** A running datastore by its name on the server or the customer's identifier, or the refusal. */
export function findDatastore(accountId: string, name: string): Outcome<DatastoreRow> {
  const wanted = name.toLowerCase();
  const datastore = runningDatastores(accountId).find(
    (candidate) => candidate.datastore.toLowerCase() === wanted || candidate.identifier.toLowerCase() === wanted,
  );
  if (datastore) return { ok: true, value: datastore };
  return refused(404, 'datastore-unknown', {
    en: 'There is no datastore with this name',
    de: 'Es gibt keinen Datastore mit diesem Namen',
  });
}

/**
 * Cancels one datastore: {name} is its name on the server, or the customer's identifier. It ends
 * on the first billing date at least four weeks away; the mail goes out in `language`.
 */
export function cancelDatastore(account: AccountRow, name: string, language: Language): Outcome<DatastoreRow> {
  const found = findDatastore(account.id, name);
  if (!found.ok) return found;
  const datastore = found.value;
  if (datastore.contract_end_date) {
    return refused(409, 'already-cancelled', {
      en: 'This datastore is already cancelled',
      de: 'Dieser Datastore ist bereits gekündigt',
    });
  }
  const end = cancellationEndDate();
  const cancelled = db.datastore.update({
    where: { id: { equals: datastore.id } },
    data: { contract_end_date: end },
  });
  const mail = datastoreCancelled(language, account, datastore, end);
  sendMail(account.email, mail.subject, mail.body);
  return { ok: true, value: cancelled ?? { ...datastore, contract_end_date: end } };
}

/**
 * Cancels the whole contract: every datastore ends with it (one that already ends earlier keeps
 * its date); the mail goes out in `language`. The value is the contract's end date.
 */
export function cancelContract(account: AccountRow, language: Language): Outcome<string> {
  if (!account.company_number) {
    return refused(409, 'no-contract', {
      en: 'There is no contract to cancel',
      de: 'Es gibt keinen Vertrag, der gekündigt werden kann',
    });
  }
  const company = findCompany(account.id) ?? db.company.create({ accountId: account.id, checkbox_iban: false });
  if (company.contract_end_date) {
    return refused(409, 'already-cancelled', {
      en: 'The contract is already cancelled',
      de: 'Der Vertrag ist bereits gekündigt',
    });
  }
  const end = cancellationEndDate();
  for (const datastore of datastoresOf(account.id)) {
    if (datastore.contract_end_date !== null && datastore.contract_end_date <= end) continue;
    db.datastore.update({ where: { id: { equals: datastore.id } }, data: { contract_end_date: end } });
  }
  db.company.update({ where: { id: { equals: company.id } }, data: { contract_end_date: end } });
  const mail = contractCancelled(language, account, end);
  sendMail(account.email, mail.subject, mail.body);
  return { ok: true, value: end };
}
