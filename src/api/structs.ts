/**
 * The v1 API contract (SPEC §3, §7): one struct for every request payload and every answer.
 * The client checks answers with them and the mock API builds and checks with the same ones,
 * so neither can drift from the contract. Answers use `type()` so that fields the server adds
 * later do not break the portal; payloads use `object()` so that nothing unplanned is sent.
 */
import {
  array, boolean, enums, nullable, number, object, optional, record, string, type,
  type Infer,
} from 'superstruct';
import { business } from '../config';
import * as field from '../domain/fields';

const text = nullable(string());

export const LanguageStruct = enums(business.languages);
export const CountryStruct = enums(business.countries);
export const LicenceTypeStruct = enums(business.licenceTypes);
export const PaymentTypeStruct = enums(['bill', 'direct_debit']);

// ---- answers ----

/** Answers that only report an outcome; `reason` or `message` explain a refusal (SPEC §8). */
export const StatusAnswer = type({
  status: string(),
  reason: optional(string()),
  message: optional(string()),
});

export const LoginAnswer = type({ is_active: boolean() });

export const CompanyProductStruct = type({
  name: string(),
  /** 1 means the dynamic rate. */
  dynamic_volume: number(),
  /** Terabytes of a fixed-volume rate. */
  volume: number(),
  contract_end_date: text,
});

export const UserStruct = type({
  email: string(),
  language: text,
  notifications: boolean(),
  firstname: text,
  lastname: text,
  phone: text,
  company_number: text,
  products: array(CompanyProductStruct),
});

export const CompanyStruct = type({
  name: text,
  street: text,
  postcode: text,
  city: text,
  country: text,
  ustid: text,
  payment_type: nullable(PaymentTypeStruct),
  iban: text,
  checkbox_iban: boolean(),
  company_number: text,
  phone: text,
  has_product_count: number(),
  notifications: boolean(),
  pending_name: text,
  pending_street: text,
  pending_postcode: text,
  pending_city: text,
  pending_state: text,
  pending_country: text,
  pending_ustid: text,
  /** Set once the whole contract is cancelled (not in SPEC §3; optional for the real API). */
  contract_end_date: optional(text),
});

export const DatastoreStruct = type({
  datastore: string(),
  custom_name: text,
  hostname: string(),
  port: number(),
  username: string(),
  /** Temporary password: present only during the first minutes after purchase. */
  password: text,
  repository: string(),
  unencrypted_files: boolean(),
  contract_end_date: text,
  /** Terabytes; 0 means the dynamic rate. */
  volume: number(),
  space_used_text: string(),
  space_total_text: string(),
});

export const StatusListAnswer = array(DatastoreStruct);

export const LicenceStruct = type({
  id: number(),
  name: string(),
  price_1_cpu: number(),
  price_2_cpu: number(),
  price_4_cpu: number(),
  highlight: boolean(),
  product_type: LicenceTypeStruct,
});

/** The shop catalogue, grouped by product type. */
export const CatalogueAnswer = record(LicenceTypeStruct, array(LicenceStruct));

// ---- payloads ----

export const LoginPayload = object({
  email: string(),
  password: string(),
  language: LanguageStruct,
});

export const RegisterPayload = object({
  email: field.email,
  password: field.password,
  language: LanguageStruct,
  firstname: field.text({ required: true }),
  lastname: field.text({ required: true }),
  phone: field.text({ max: 40 }),
  pending_name: field.text(),
  pending_street: field.text({ required: true }),
  pending_postcode: field.postcode,
  pending_city: field.text({ required: true }),
  pending_state: field.text(),
  pending_country: field.country,
  pending_ustid: field.text({ max: 20 }),
  notifications: boolean(),
});

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

export const ForgotPasswordPayload = object({ email: field.email });

export const ChangePasswordPayload = object({
  email: field.email,
  password: field.password,
  language: LanguageStruct,
  token: string(),
});

export const ContactPayload = object({
  name: field.text({ required: true }),
  email: field.email,
  message: field.text({ required: true, max: 5000 }),
});

export const LicenceOrderPayload = object({
  email: field.email,
  company_name: field.text({ required: true }),
  firstname: field.text({ required: true }),
  lastname: field.text({ required: true }),
  phone: field.text({ max: 40 }),
  street: field.text({ required: true }),
  postcode: field.postcode,
  city: field.text({ required: true }),
  country: field.country,
  ustid: field.text({ max: 20 }),
  product_id: number(),
  cpu_count: field.cpuCount,
});

export const LanguagePayload = object({ language: LanguageStruct });


export type StatusAnswer = Infer<typeof StatusAnswer>;
export type LoginAnswer = Infer<typeof LoginAnswer>;
export type CompanyProduct = Infer<typeof CompanyProductStruct>;
export type User = Infer<typeof UserStruct>;
export type Company = Infer<typeof CompanyStruct>;
export type Datastore = Infer<typeof DatastoreStruct>;
export type Licence = Infer<typeof LicenceStruct>;
export type Catalogue = Infer<typeof CatalogueAnswer>;
export type LoginPayload = Infer<typeof LoginPayload>;
export type RegisterPayload = Infer<typeof RegisterPayload>;
export type EditCompanyPayload = Infer<typeof EditCompanyPayload>;
export type ForgotPasswordPayload = Infer<typeof ForgotPasswordPayload>;
export type ChangePasswordPayload = Infer<typeof ChangePasswordPayload>;
export type ContactPayload = Infer<typeof ContactPayload>;
export type LicenceOrderPayload = Infer<typeof LicenceOrderPayload>;
export type LanguagePayload = Infer<typeof LanguagePayload>;
export type PaymentType = Infer<typeof PaymentTypeStruct>;
