/**
 * The company edit form (SPEC §2 "Company page", §5): its values, its rules and the
 * POST /edit/company payload of SPEC §7. Pure, so that the machine, the view and the tests
 * share one definition (docs/decisions/007).
 */
import { object } from 'superstruct';
import { business, type Country } from './constants';
import * as field from './fields';
import { compactIban, formatIban, isValidIban } from './iban';
import { isOneOf } from './one-of';

// Shapes of SPEC §3 and §7 as far as this form needs them; declared here because the domain
// sits below src/api (docs/architecture.md), and structurally equal to its structs: every field
// of an answer may be missing or null (tolerant reading, decision 019).
export type PaymentType = 'bill' | 'direct_debit';

export interface CompanyRecord {
  name?: string | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  ustid?: string | null;
  /** SPEC §3: `bill` or `direct_debit`; anything else is read as no choice yet. */
  payment_type?: string | null;
  iban?: string | null;
  checkbox_iban?: boolean | null;
  phone?: string | null;
  pending_name?: string | null;
  pending_street?: string | null;
  pending_postcode?: string | null;
  pending_city?: string | null;
  pending_state?: string | null;
  pending_country?: string | null;
  pending_ustid?: string | null;
}

/** Who edits: SPEC §7 sends firstname and lastname with every edit; they come from GET /me. */
export interface CompanyPerson {
  firstname?: string | null;
  lastname?: string | null;
  phone?: string | null;
}

export interface EditCompanyValues {
  firstname: string;
  lastname: string;
  phone: string;
  pending_name: string;
  pending_street: string;
  pending_postcode: string;
  pending_city: string;
  pending_state: string;
  pending_country: string;
  pending_ustid: string;
  payment_type: PaymentType;
  iban: string;
  checkbox_iban: boolean;
}

// A type, not an interface: a form's values are a record of its fields (`createFormMachine`), and
// only a type alias of an object is one without an index signature that would loosen its keys.
export type CompanyFormValues = {
  name: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  country: Country | '';
  ustid: string;
  /** '' until the customer chose one (a fresh company has none). */
  payment_type: PaymentType | '';
  /** As shown: formatted in blocks of four (SPEC §5). */
  iban: string;
  /** The SEPA direct debit mandate (the "legal-notice checkbox" of SPEC §2). */
  checkbox_iban: boolean;
};

type CompanyField = keyof CompanyFormValues & string;
export type CompanyFieldErrors = Partial<Record<CompanyField, field.FieldErrorCode>>;

function isCountry(value: string | null | undefined): value is Country {
  return isOneOf(business.countries, value);
}

function isPaymentType(value: string | null | undefined): value is PaymentType {
  return value === 'bill' || value === 'direct_debit';
}

/** True when an edit waits for the provider's confirmation (SPEC §3 pending_ fields). */
export function hasPendingChanges(company: CompanyRecord): boolean {
  return [
    company.pending_name,
    company.pending_street,
    company.pending_postcode,
    company.pending_city,
    company.pending_country,
    company.pending_ustid,
  ].some((value) => value != null && value !== '');
}

/**
 * SPEC §2 view mode shows the company "if the company has a name". A name the answer left out
 * altogether (missing, not null) says nothing either way: then the company's other data decides.
 */
export function hasCompanyData(company: CompanyRecord & { company_number?: string | null }): boolean {
  if (company.name !== undefined) return Boolean(company.name);
  return [company.company_number, company.street, company.postcode, company.city, company.country, company.ustid].some(
    (value) => value != null && value !== '',
  );
}

/**
 * The form starts from what the customer last asked for: the pending address when one waits
 * for confirmation, else the confirmed one (docs/decisions/007). A fresh company starts in
 * Germany, the registration's default (SPEC §2).
 */
export function companyFormValues(company: CompanyRecord, person: CompanyPerson | null): CompanyFormValues {
  const pending = hasPendingChanges(company);
  const pick = (pendingValue: string | null | undefined, confirmed: string | null | undefined) =>
    (pending ? pendingValue : confirmed) ?? '';
  const country = pending ? company.pending_country : company.country;
  const direct = company.payment_type === 'direct_debit';
  return {
    name: pick(company.pending_name, company.name),
    phone: company.phone ?? person?.phone ?? '',
    street: pick(company.pending_street, company.street),
    postcode: pick(company.pending_postcode, company.postcode),
    city: pick(company.pending_city, company.city),
    country: isCountry(country) ? country : 'DE',
    ustid: pick(company.pending_ustid, company.ustid),
    payment_type: isPaymentType(company.payment_type) ? company.payment_type : '',
    iban: direct && company.iban ? formatIban(company.iban) : '',
    checkbox_iban: direct && company.checkbox_iban === true,
  };
}

const rules = object({
  name: field.text({ required: true }),
  phone: field.text({ max: 40 }),
  street: field.text({ required: true }),
  postcode: field.postcode,
  city: field.text({ required: true }),
  country: field.country,
  ustid: field.text({ max: 20 }),
  payment_type: field.text({ required: true }),
  // Its shape and length are the IBAN check's, with direct debit (below); with bill it is not sent.
  iban: field.text(),
  checkbox_iban: field.consent,
});

/** SPEC §5: mandatory company name, street, postcode, city, country, payment method; with direct debit a valid IBAN and the mandate. */
export function validateCompanyForm(values: CompanyFormValues): CompanyFieldErrors {
  const errors: CompanyFieldErrors = field.fieldErrors<CompanyField>(rules, values);
  // Stryker disable next-line ConditionalExpression,StringLiteral: without a country any non-blank postcode passes, and a blank one is already required
  if (!errors.postcode && values.country !== '' && !field.isPostcode(values.postcode, values.country)) {
    errors.postcode = 'postcode';
  }
  if (values.payment_type === 'direct_debit') {
    if (compactIban(values.iban) === '') errors.iban = 'required';
    else if (!isValidIban(values.iban)) errors.iban = 'iban';
    if (!values.checkbox_iban) errors.checkbox_iban = 'mandate';
  }
  return errors;
}

/**
 * SPEC §7 payload. Address fields go to pending_* (the provider confirms them); the IBAN is
 * sent compact, in the electronic format of ISO 13616 (docs/decisions/007). The form has no
 * state field, so the one waiting in pending_state is passed through unchanged.
 */
export function editCompanyPayload(
  values: CompanyFormValues,
  person: CompanyPerson | null,
  pendingState: string | null | undefined,
): EditCompanyValues {
  const direct = values.payment_type === 'direct_debit';
  return {
    firstname: person?.firstname ?? '',
    lastname: person?.lastname ?? '',
    phone: values.phone.trim(),
    pending_name: values.name.trim(),
    pending_street: values.street.trim(),
    pending_postcode: values.postcode.trim(),
    pending_city: values.city.trim(),
    pending_state: pendingState ?? '',
    pending_country: values.country,
    pending_ustid: values.ustid.trim(),
    payment_type: direct ? 'direct_debit' : 'bill',
    iban: direct ? compactIban(values.iban) : '',
    checkbox_iban: direct && values.checkbox_iban,
  };
}
