/**
 * The purchase of a datastore (SPEC §4, §7), shared by v1's GET and v1.1's POST: what is refused,
 * with v1's status and v1.1's problem type, and the datastore it makes, with its mail.
 */
import { business, type Language } from '../domain/constants';
import { isDatastoreIdentifier } from '../domain/fields';
import { refused, type Outcome } from './cancellations';
import { datastoresOf, findCompany, sendMail, type AccountRow, type DatastoreRow } from './db';
import { datastoreReady } from './mails';
import { provisionDatastore } from './provision';

/** '0' is the dynamic rate, '1' to '20' a volume in TB; anything else is null. */
function productVolume(productId: string): number | null {
  if (!/^\d{1,2}$/.test(productId)) return null;
  const volume = Number(productId);
  return volume <= business.maxVolumeTb ? volume : null;
}

/**
 * Checks a purchase: the company data complete, the contract running, the identifier of 1 to 8
 * letters or digits and free (also of the identifiers `reserved` by purchases still running), the
 * product known. The value is the volume in TB (0: the dynamic rate).
 */
export function checkPurchase(
  account: AccountRow,
  identifier: string,
  productId: string,
  reserved: readonly string[] = [],
): Outcome<number> {
  const company = findCompany(account.id);
  if (!company?.name || !account.company_number) {
    return refused(403, 'company-incomplete', {
      en: 'Please complete your company details before buying a datastore.',
      de: 'Bitte vervollständigen Sie Ihre Firmendaten, bevor Sie einen Datastore kaufen.',
    });
  }
  if (company.contract_end_date) {
    return refused(403, 'contract-cancelled', {
      en: 'Your contract is cancelled; no new datastores can be bought.',
      de: 'Ihr Vertrag ist gekündigt; neue Datastores können nicht mehr gekauft werden.',
    });
  }
  if (!isDatastoreIdentifier(identifier)) {
    return refused(400, 'invalid-fields', {
      en: 'The datastore identifier must be 1 to 8 letters or digits.',
      de: 'Der Name des Datastores muss aus 1 bis 8 Buchstaben oder Ziffern bestehen.',
    });
  }
  const volume = productVolume(productId);
  if (volume === null) {
    const max = business.maxVolumeTb;
    return refused(400, 'product-unknown', {
      en: `The product must be 0 for the dynamic rate or a volume of 1 to ${max} TB.`,
      de: `Das Produkt muss 0 für den dynamischen Tarif oder ein Volumen von 1 bis ${max}\u00a0TB sein.`,
    });
  }
  const wanted = identifier.toLowerCase();
  const taken =
    datastoresOf(account.id).some((datastore) => datastore.identifier.toLowerCase() === wanted) ||
    reserved.some((name) => name.toLowerCase() === wanted);
  if (taken) {
    return refused(409, 'identifier-taken', {
      en: 'A datastore with this name already exists',
      de: 'Es gibt bereits einen Datastore mit diesem Namen',
    });
  }
  return { ok: true, value: volume };
}

/** Sets the datastore up and sends its mail in `language`. */
export function completePurchase(
  account: AccountRow,
  identifier: string,
  volume: number,
  language: Language,
): DatastoreRow {
  const datastore = provisionDatastore({ account, identifier, volume });
  const mail = datastoreReady(language, account, datastore);
  sendMail(account.email, mail.subject, mail.body, '/dashboard');
  return datastore;
}
