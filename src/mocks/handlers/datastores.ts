/**
 * Datastores: the status list, buying one and cancelling one (SPEC §3, §4, §7, §9).
 * productId 0 is the dynamic rate, 1 to 20 a fixed volume in TB (docs/decisions/002).
 */
import { StatusListAnswer } from '../../api/datastore-structs';
import type { Datastore } from '../../domain/entities';
import { timers } from '../../domain/constants';
import type { DatastoreRow } from '../db';
import { route } from '../faults';
import { inLanguage } from '../language';
import { cancelDatastore, runningDatastores } from '../cancellations';
import { checkPurchase, completePurchase } from '../purchases';
import { settleOperations } from '../v1-1/operations';
import { answer, done, notLoggedIn, refuse } from '../respond';
import { spaceText, totalSpaceText } from '../rules';
import { sessionAccount } from '../session';
import { asSpec } from '../strict';

/** SPEC §9: the temporary password is visible for 5 minutes after the purchase. */
function visiblePassword(datastore: DatastoreRow): string {
  return Date.now() - datastore.passwordSetAt < timers.passwordVisible ? datastore.password : '';
}

/** A datastore as v1's GET /status lists it (SPEC §3). */
export function statusOf(datastore: DatastoreRow): Datastore {
  return asSpec('datastore', {
    datastore: datastore.datastore,
    custom_name: datastore.identifier,
    hostname: datastore.hostname,
    port: datastore.port,
    username: datastore.username,
    password: visiblePassword(datastore),
    repository: datastore.repository,
    unencrypted_files: datastore.unencrypted_files,
    contract_end_date: datastore.contract_end_date,
    volume: datastore.volume,
    space_used_text: spaceText(datastore.usedBytes),
    space_total_text: totalSpaceText(datastore.volume),
  });
}

export const datastoreHandlers = [
  route('GET /status', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    // The same data answers v1 and v1.1: a purchase made over v1.1 is listed once its task is done.
    settleOperations(account.id);
    return answer(StatusListAnswer, runningDatastores(account.id).map(statusOf));
  }),

  route('GET /product/pbs/{datastoreIdentifier}/{productId}', ({ cookies, params, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    const identifier = params.datastoreIdentifier ?? '';
    const outcome = checkPurchase(account, identifier, params.productId ?? '');
    if (!outcome.ok) return refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
    completePurchase(account, identifier, outcome.value, language);
    return done();
  }),

  route('GET /datastore/cancel/{name}', ({ cookies, params, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    // {name} is the datastore's name on the server; the customer's identifier is accepted too.
    const outcome = cancelDatastore(account, params.name ?? '', language);
    return outcome.ok ? done() : refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
  }),
];
