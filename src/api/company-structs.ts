/**
 * The company's structs (SPEC §3 Company, POST /edit/company): loaded with the pages that read or
 * edit the company, not with every form (src/api/structs.ts).
 */
import { boolean, enums, number, object, string, type, type Infer } from 'superstruct';
import type { Company, PaymentType } from '../domain/entities';
import * as field from '../domain/fields';
import { describing, maybe } from './structs';

const PaymentTypeStruct = describing<PaymentType>()(enums(['bill', 'direct_debit']));

/** GET /company (SPEC §3 Company): every field is shown or prefilled, none is needed to work. */
export const CompanyStruct = describing<Company>()(
  type({
    name: maybe(string()),
    street: maybe(string()),
    postcode: maybe(string()),
    city: maybe(string()),
    country: maybe(string()),
    ustid: maybe(string()),
    /** `bill` or `direct_debit` (SPEC §3); another value (a method added later) is shown as given. */
    payment_type: maybe(string()),
    iban: maybe(string()),
    checkbox_iban: maybe(boolean()),
    company_number: maybe(string()),
    phone: maybe(string()),
    has_product_count: maybe(number()),
    notifications: maybe(boolean()),
    pending_name: maybe(string()),
    pending_street: maybe(string()),
    pending_postcode: maybe(string()),
    pending_city: maybe(string()),
    pending_state: maybe(string()),
    pending_country: maybe(string()),
    pending_ustid: maybe(string()),
    /** Set once the whole contract is cancelled (not in SPEC §3). */
    contract_end_date: maybe(string()),
  }),
);

export const EditCompanyPayload = object({
  firstname: field.text(),
  lastname: field.text(),
  phone: field.text({ max: 40 }),
  pending_name: field.text({ required: true }),
  pending_street: field.text({ required: true }),
  pending_postcode: field.postcode,
  pending_city: field.text({ required: true }),
  pending_state: field.text(),
  pending_country: field.country,
  pending_ustid: field.text({ max: 20 }),
  payment_type: PaymentTypeStruct,
  iban: field.text({ max: 42 }),
  checkbox_iban: boolean(),
});

export type EditCompanyPayload = Infer<typeof EditCompanyPayload>;
