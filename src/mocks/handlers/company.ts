/**
 * Company data, its edits and the contract cancellation (SPEC §3, §4, §7). Address, name,
 * VAT id and country edits wait in pending_* for the provider's review (up to three business
 * days, SPEC §9); phone and payment data apply at once.
 */
import { CompanyStruct, EditCompanyPayload } from '../../api/company-structs';
import type { PaymentType } from '../../domain/entities';
import { datastoresOf, db, findCompany, type AccountRow, type CompanyRow } from '../db';
import { cancelContract, refused, type Outcome } from '../cancellations';
import { route } from '../faults';
import { inLanguage } from '../language';
import { answer, done, notLoggedIn, postcodeMismatch, readPayload, refuse } from '../respond';
import { hasEnded, isValidIban } from '../rules';
import { sessionAccount } from '../session';
import { orNull } from './auth';
import { asSpec } from '../strict';

/** Datastores whose contract has not yet run out. */
function runningDatastoreCount(accountId: string): number {
  return datastoresOf(accountId).filter((datastore) => !hasEnded(datastore.contract_end_date)).length;
}

/** The rows keep what the payload struct let through: one of the two payment types, or none. */
function paymentTypeOf(value: string | null): PaymentType | null {
  return value === 'bill' || value === 'direct_debit' ? value : null;
}

export function companyOf(account: AccountRow, company: CompanyRow | null) {
  return asSpec('company', {
    name: company?.name ?? null,
    street: company?.street ?? null,
    postcode: company?.postcode ?? null,
    city: company?.city ?? null,
    country: company?.country ?? null,
    ustid: company?.ustid ?? null,
    payment_type: paymentTypeOf(company?.payment_type ?? null),
    iban: company?.iban ?? null,
    checkbox_iban: company?.checkbox_iban ?? false,
    company_number: account.company_number,
    phone: company?.phone ?? null,
    has_product_count: runningDatastoreCount(account.id),
    notifications: account.notifications,
    pending_name: company?.pending_name ?? null,
    pending_street: company?.pending_street ?? null,
    pending_postcode: company?.pending_postcode ?? null,
    pending_city: company?.pending_city ?? null,
    pending_state: company?.pending_state ?? null,
    pending_country: company?.pending_country ?? null,
    pending_ustid: company?.pending_ustid ?? null,
    contract_end_date: company?.contract_end_date ?? null,
  });
}

/** The company row of an account; registration always makes one, older data may lack it. */
function companyRowOf(account: AccountRow): CompanyRow {
  return findCompany(account.id) ?? db.company.create({ accountId: account.id, checkbox_iban: false });
}

/**
 * A company edit (SPEC §4, §7), shared by v1 and v1.1: the postcode must fit the country; a direct
 * debit needs a valid IBAN and the SEPA mandate. Phone and payment apply at once; the submitted
 * address waits for the provider's review, unless nothing in it changed; the names are the user's.
 */
export function editCompany(account: AccountRow, body: EditCompanyPayload): Outcome<null> {
  const mismatch = postcodeMismatch(body.pending_postcode, body.pending_country);
  if (mismatch) return { ok: false, refusal: mismatch };
  const iban = body.iban.replace(/\s+/g, '').toUpperCase();
  if (body.payment_type === 'direct_debit') {
    if (iban === '') {
      return refused(400, 'invalid-fields', {
        en: 'The IBAN is required for direct debit.',
        de: 'Für die Zahlung per Lastschrift ist die IBAN erforderlich.',
      });
    }
    if (!isValidIban(iban))
      return refused(400, 'invalid-fields', { en: 'The IBAN is not valid.', de: 'Die IBAN ist ungültig.' });
    if (!body.checkbox_iban) {
      return refused(400, 'mandate-missing', {
        en: 'Direct debit needs the SEPA mandate: please accept the legal notice.',
        de: 'Für die Zahlung per Lastschrift ist das SEPA-Lastschriftmandat nötig: Bitte stimmen Sie dem rechtlichen Hinweis zu.',
      });
    }
  }
  const company = companyRowOf(account);
  const submitted = {
    name: orNull(body.pending_name),
    street: orNull(body.pending_street),
    postcode: orNull(body.pending_postcode),
    city: orNull(body.pending_city),
    state: orNull(body.pending_state),
    country: body.pending_country,
    ustid: orNull(body.pending_ustid),
  };
  const current = new Map(Object.entries(company));
  const unchanged = Object.entries(submitted).every(([key, value]) => value === current.get(key));
  const direct = body.payment_type === 'direct_debit';
  db.company.update({
    where: { id: { equals: company.id } },
    data: {
      phone: orNull(body.phone),
      payment_type: body.payment_type,
      iban: direct ? iban : null,
      checkbox_iban: direct,
      // The whole submitted address waits for review, unless nothing in it changed.
      pending_name: unchanged ? null : submitted.name,
      pending_street: unchanged ? null : submitted.street,
      pending_postcode: unchanged ? null : submitted.postcode,
      pending_city: unchanged ? null : submitted.city,
      pending_state: unchanged ? null : submitted.state,
      pending_country: unchanged ? null : submitted.country,
      pending_ustid: unchanged ? null : submitted.ustid,
    },
  });
  const firstname = orNull(body.firstname);
  const lastname = orNull(body.lastname);
  db.account.update({
    where: { id: { equals: account.id } },
    data: { firstname: firstname ?? account.firstname, lastname: lastname ?? account.lastname },
  });
  return { ok: true, value: null };
}

export const companyHandlers = [
  route('GET /company', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    return answer(CompanyStruct, companyOf(account, findCompany(account.id)));
  }),

  route('POST /edit/company', async ({ request, cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    const payload = await readPayload(request, EditCompanyPayload);
    if (!payload.ok) return payload.response;
    const outcome = editCompany(account, payload.value);
    return outcome.ok ? done() : refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
  }),

  route('GET /contract/cancel', ({ cookies, language }) => {
    const account = sessionAccount(cookies);
    if (!account) return notLoggedIn(language);
    const outcome = cancelContract(account, language);
    return outcome.ok ? done() : refuse(outcome.refusal.v1Status, inLanguage(language, outcome.refusal.detail));
  }),
];

/**
 * Whether an edit changes how the company pays (the payment type, or the IBAN of its direct
 * debit): on v1.1 such a change needs a fresh sign-in (issue 44).
 */
export function changesPayment(account: AccountRow, body: EditCompanyPayload): boolean {
  const company = findCompany(account.id);
  const direct = body.payment_type === 'direct_debit';
  const iban = direct ? body.iban.replace(/\s+/g, '').toUpperCase() : null;
  return body.payment_type !== (company?.payment_type ?? null) || iban !== (company?.iban ?? null);
}
