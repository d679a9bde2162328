/**
 * Datastores: the status list, buying one and cancelling one (SPEC §3, §4, §7, §9).
 * productId 0 is the dynamic rate, 1 to 20 a fixed volume in TB (docs/decisions/002).
 */
import { StatusListAnswer } from '../../api/structs';
import type { Datastore } from '../../domain/entities';
import { business, timers } from '../../domain/constants';
import { isDatastoreIdentifier } from '../../domain/fields';
import { datastoresOf, findCompany, sendMail, type DatastoreRow } from '../db';
import { route } from '../faults';
import { inLanguage, type Bilingual } from '../language';
import { datastoreReady } from '../mails';
import { provisionDatastore } from '../provision';
import { cancelDatastore, runningDatastores } from '../cancellations';
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

/** '0' is the dynamic rate, '1' to '20' a volume in TB; anything else is null. */
function productVolume(productId: string): number | null {
  if (!/^\d{1,2}$/.test(productId)) return null;
  const volume = Number(productId);
  return volume <= business.maxVolumeTb ? volume : null;
}

export const datastoreHandlers = [
  route('GET /status', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    return answer(StatusListAnswer, runningDatastores(account.id).map(statusOf));
  }),

  route('GET /product/pbs/{datastoreIdentifier}/{productId}', ({ cookies, params, language }) => {
    const say = (text: Bilingual) => inLanguage(language, text);
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    const company = findCompany(account.id);
    if (!company?.name || !account.company_number) {
      return refuse(
        403,
        say({
          en: 'Please complete your company details before buying a datastore.',
          de: 'Bitte vervollständigen Sie Ihre Firmendaten, bevor Sie einen Datastore kaufen.',
        }),
      );
    }
    if (company.contract_end_date) {
      return refuse(
        403,
        say({
          en: 'Your contract is cancelled; no new datastores can be bought.',
          de: 'Ihr Vertrag ist gekündigt; neue Datastores können nicht mehr gekauft werden.',
        }),
      );
    }
    const identifier = params.datastoreIdentifier ?? '';
    if (!isDatastoreIdentifier(identifier)) {
      return refuse(
        400,
        say({
          en: 'The datastore identifier must be 1 to 8 letters or digits.',
          de: 'Der Name des Datastores muss aus 1 bis 8 Buchstaben oder Ziffern bestehen.',
        }),
      );
    }
    const volume = productVolume(params.productId ?? '');
    if (volume === null) {
      const max = business.maxVolumeTb;
      return refuse(
        400,
        say({
          en: `The product must be 0 for the dynamic rate or a volume of 1 to ${max} TB.`,
          de: `Das Produkt muss 0 für den dynamischen Tarif oder ein Volumen von 1 bis ${max}\u00a0TB sein.`,
        }),
      );
    }
    const taken = datastoresOf(account.id).some(
      (datastore) => datastore.identifier.toLowerCase() === identifier.toLowerCase(),
    );
    if (taken) {
      return refuse(
        409,
        say({
          en: 'A datastore with this name already exists',
          de: 'Es gibt bereits einen Datastore mit diesem Namen',
        }),
      );
    }
    const datastore = provisionDatastore({ account, identifier, volume });
    const mail = datastoreReady(language, account, datastore);
    sendMail(account.email, mail.subject, mail.body, '/dashboard');
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
