/**
 * The licence order form of the shop's step 1 (SPEC §2 "Licence shop", §5 "Shop form", §7 POST
 * /licence/order). It is a plain form, so it is the shared form machine with the order's rules:
 * the contract's payload struct plus the postcode shape of the chosen country (the mock refuses a
 * postcode that does not fit it, so the customer learns it beside the field instead).
 */
import { LicenceOrderPayload } from '../api/licence-structs';
import type { Country, CpuChoice } from '../domain/constants';
import { fieldErrors, isPostcode } from '../domain/fields';
import { paths } from '../domain/routes';
import type { FieldErrors } from './form-actions';
import { createFormMachine } from './form.machine';
import { callErrorFrom, knownRefusal } from './known-refusals';
import { isUnanswered, type UserError } from './user-error';

export interface LicenceOrderValues extends Record<string, unknown> {
  email: string;
  company_name: string;
  firstname: string;
  lastname: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  country: Country;
  ustid: string;
  product_id: number;
  cpu_count: CpuChoice;
  /** The terms and privacy notice accepted: required, and not part of the payload (decision 032). */
  terms: boolean;
}

export const emptyLicenceOrder: LicenceOrderValues = {
  email: '',
  company_name: '',
  firstname: '',
  lastname: '',
  phone: '',
  street: '',
  postcode: '',
  city: '',
  country: 'DE',
  ustid: '',
  product_id: 0,
  cpu_count: 1,
  terms: false,
};

/**
 * SPEC §5: everything but phone and VAT id is required; the postcode must fit the country. The
 * order is a contract: the terms must be accepted (decision 032).
 */
export function validateLicenceOrder(values: LicenceOrderValues): FieldErrors<LicenceOrderValues> {
  const { terms, ...fields } = values;
  const errors: FieldErrors<LicenceOrderValues> = fieldErrors<keyof LicenceOrderValues & string>(
    LicenceOrderPayload,
    fields,
  );
  if (!terms) errors.terms = 'terms';
  if (!errors.postcode && !isPostcode(values.postcode, values.country)) errors.postcode = 'postcode';
  return errors;
}

/** The payload of SPEC §7, with the blanks around typed texts removed. */
export function licenceOrderPayload(values: LicenceOrderValues): LicenceOrderPayload {
  const trim = (value: string) => value.trim();
  return {
    email: trim(values.email),
    company_name: trim(values.company_name),
    firstname: trim(values.firstname),
    lastname: trim(values.lastname),
    phone: trim(values.phone),
    street: trim(values.street),
    postcode: trim(values.postcode),
    city: trim(values.city),
    country: values.country,
    ustid: trim(values.ustid),
    product_id: values.product_id,
    cpu_count: values.cpu_count,
  };
}

/**
 * An order that got no answer may have reached the provider: it is not sent again by itself, and
 * the customer is told that the sales team confirms it by mail (docs/decisions/026). A postcode
 * the server refuses for the country is said in the portal's words (decision 039).
 */
export function licenceOrderError(error: unknown): UserError {
  return isUnanswered(error) ? { key: 'orderUnconfirmed' } : callErrorFrom('licenceOrder')(error);
}

/** A postcode the server refuses for the country is marked at its field too (decision 039). */
export function refusedLicenceOrderFields(error: unknown): FieldErrors<LicenceOrderValues> {
  return knownRefusal('licenceOrder', error) === 'postcodeCountry' ? { postcode: 'postcode' } : {};
}

export const licenceOrderMachine = createFormMachine<LicenceOrderValues>({
  id: 'licenceOrder',
  description: 'SPEC §2 shop step 1: the order form, POST /licence/order, the reason on the error line.',
  initialValues: emptyLicenceOrder,
  validate: validateLicenceOrder,
  // The order's call loads when it is sent (src/api/licence-order.ts), not with the shop.
  submit: async (values, signal) =>
    (await import('../api/licence-order')).orderLicence(licenceOrderPayload(values), { signal }),
  errorOf: licenceOrderError,
  refusedFields: refusedLicenceOrderFields,
  // The app keeps the order's summary for /order_done (docs/decisions/010), where SPEC §2 then leads.
  tellsApp: (values) => ({
    type: 'order.placed',
    order: { productId: values.product_id, cpuCount: values.cpu_count, email: values.email },
  }),
  next: paths.orderDone(),
});
