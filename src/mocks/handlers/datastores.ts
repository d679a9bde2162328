/**
 * Datastores: the status list, buying one and cancelling one (SPEC §3, §4, §7, §9).
 * productId 0 is the dynamic rate, 1 to 20 a fixed volume in TB (docs/decisions/002).
 */
import { StatusListAnswer } from '../../api/structs';
import type { Datastore } from '../../domain/entities';
import { business, timers } from '../../domain/constants';
import { isDatastoreIdentifier } from '../../domain/fields';
import { datastoresOf, db, findCompany, sendMail, type DatastoreRow } from '../db';
import { route } from '../faults';
import { provisionDatastore } from '../provision';
import { answer, done, notLoggedIn, refuse } from '../respond';
import { cancellationEndDate, hasEnded, spaceText, totalSpaceText } from '../rules';
import { sessionAccount } from '../session';
import { asSpec } from '../strict';

/** SPEC §9: the temporary password is visible for 5 minutes after the purchase. */
function visiblePassword(datastore: DatastoreRow): string {
  return Date.now() - datastore.passwordSetAt < timers.passwordVisible ? datastore.password : '';
}

function statusOf(datastore: DatastoreRow): Datastore {
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

/** Datastores whose end date has passed are deleted by the provider and no longer listed. */
function runningDatastores(accountId: string): DatastoreRow[] {
  return datastoresOf(accountId).filter((datastore) => !hasEnded(datastore.contract_end_date));
}

/** '0' is the dynamic rate, '1' to '20' a volume in TB; anything else is null. */
function productVolume(productId: string): number | null {
  if (!/^\d{1,2}$/.test(productId)) return null;
  const volume = Number(productId);
  return volume <= business.maxVolumeTb ? volume : null;
}

export const datastoreHandlers = [
  route('GET /status', ({ cookies }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn();
    return answer(StatusListAnswer, runningDatastores(account.id).map(statusOf));
  }),

  route('GET /product/pbs/{datastoreIdentifier}/{productId}', ({ cookies, params }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn();
    const company = findCompany(account.id);
    if (!company?.name || !account.company_number) {
      return refuse(403, 'Please complete your company details before buying a datastore.');
    }
    if (company.contract_end_date) return refuse(403, 'Your contract is cancelled; no new datastores can be bought.');
    const identifier = params.datastoreIdentifier ?? '';
    if (!isDatastoreIdentifier(identifier)) {
      return refuse(400, 'The datastore identifier must be 1 to 8 letters or digits.');
    }
    const volume = productVolume(params.productId ?? '');
    if (volume === null) {
      return refuse(400, `The product must be 0 for the dynamic rate or a volume of 1 to ${business.maxVolumeTb} TB.`);
    }
    const taken = datastoresOf(account.id).some(
      (datastore) => datastore.identifier.toLowerCase() === identifier.toLowerCase(),
    );
    if (taken) return refuse(409, 'A datastore with this name already exists');
    const datastore = provisionDatastore({ account, identifier, volume });
    const german = account.language === 'de';
    sendMail(
      account.email,
      german ? `Ihr Datastore ${identifier} ist bereit` : `Your datastore ${identifier} is ready`,
      german
        ? `Datastore ${datastore.datastore} auf ${datastore.hostname}:${datastore.port}, Benutzername ${datastore.username}@pbs. Das vorläufige Passwort sehen Sie 5 Minuten lang im Portal.`
        : `Datastore ${datastore.datastore} on ${datastore.hostname}:${datastore.port}, user ${datastore.username}@pbs. The temporary password is shown in the portal for 5 minutes.`,
      '/dashboard',
    );
    return done();
  }),

  route('GET /datastore/cancel/{name}', ({ cookies, params }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn();
    // {name} is the datastore's name on the server; the customer's identifier is accepted too.
    const name = (params.name ?? '').toLowerCase();
    const datastore = runningDatastores(account.id).find(
      (candidate) => candidate.datastore.toLowerCase() === name || candidate.identifier.toLowerCase() === name,
    );
    if (!datastore) return refuse(404, 'There is no datastore with this name');
    if (datastore.contract_end_date) return refuse(409, 'This datastore is already cancelled');
    const end = cancellationEndDate();
    db.datastore.update({ where: { id: { equals: datastore.id } }, data: { contract_end_date: end } });
    const german = account.language === 'de';
    sendMail(
      account.email,
      german ? `Kündigung des Datastores ${datastore.identifier}` : `Cancellation of datastore ${datastore.identifier}`,
      german
        ? `Der Datastore ${datastore.datastore} endet am ${end} und wird danach mit allen Backups gelöscht.`
        : `The datastore ${datastore.datastore} ends on ${end} and is then deleted with all backups in it.`,
    );
    return done();
  }),
];
