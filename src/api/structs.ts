/**
 * The v1 API contract (SPEC §3, §7): one struct for every request payload and every answer.
 * The client checks answers with them and the mock API builds and checks with the same ones,
 * so neither can drift from the contract. Answers use `type()` so that fields the server adds
 * later do not break the portal; payloads use `object()` so that nothing unplanned is sent.
 */
import {
  array,
  boolean,
  coerce,
  enums,
  nullable,
  number,
  object,
  optional,
  string,
  Struct,
  type,
  unknown,
  type Infer,
} from 'superstruct';
import { business, type LicenceType } from '../domain/constants';
import type { Catalogue, Company, CompanyProduct, Datastore, Licence, PaymentType, User } from '../domain/entities';
import * as field from '../domain/fields';
import { isOneOf } from '../domain/one-of';

const LanguageStruct = enums(business.languages);
const LicenceTypeStruct = enums(business.licenceTypes);
const PaymentTypeStruct = describing<PaymentType>()(enums(['bill', 'direct_debit']));

// ---- answers ----
//
// Tolerant reading (CONVENTIONS, decision 019): an answer is refused only when it lacks what the
// portal cannot work without. Every other field, cosmetic or not promised by SPEC §3, may be
// missing or null (`maybe`), and the screens show a dash or leave the line out.

/** A field the portal can do without: missing, null or the given struct. */
const maybe = <T, S>(struct: Struct<T, S>) => optional(nullable(struct));

/** A list that may be missing or null, read as empty (a group with nothing in it). */
const listOrEmpty = <T, S>(struct: Struct<T, S>) => coerce(array(struct), unknown(), (value) => value ?? []);

/** True when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * The entities of SPEC §3 are defined once, in src/domain/entities.ts (decision 021). An answer
 * struct is wrapped in `describing<Entity>()`, which accepts it only when it describes exactly
 * that entity: a field added, dropped, or made required or optional on one side fails the type
 * check here.
 */
function describing<E>() {
  return <T, S>(struct: Struct<T, S> & (Same<T, E> extends true ? unknown : { mismatchWith: E })): Struct<T, S> =>
    struct;
}

/** Answers that only report an outcome; `reason` or `message` explain a refusal (SPEC §8). */
export const StatusAnswer = type({
  status: string(),
  reason: optional(string()),
  message: optional(string()),
});

export const LoginAnswer = type({ is_active: boolean() });

/** SPEC §3 "Company product": display only (product list, contract end), so nothing is required. */
export const CompanyProductStruct = describing<CompanyProduct>()(
  type({
    name: maybe(string()),
    /** 1 means the dynamic rate. */
    dynamic_volume: maybe(number()),
    /** Terabytes of a fixed-volume rate. */
    volume: maybe(number()),
    /** Null: runs on; missing: not known. */
    contract_end_date: maybe(string()),
  }),
);

/**
 * GET /me (SPEC §3 User). Required: `email`, who is logged in (the top bar, the company page,
 * the prefilled forms) and what tells a user apart from any other object. The products are
 * display and the contract's end date only: missing means "not known", not "none".
 */
export const UserStruct = describing<User>()(
  type({
    email: string(),
    language: maybe(string()),
    notifications: maybe(boolean()),
    firstname: maybe(string()),
    lastname: maybe(string()),
    phone: maybe(string()),
    company_number: maybe(string()),
    products: maybe(array(CompanyProductStruct)),
  }),
);

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

/**
 * A GET /status entry (SPEC §3 "Datastore status entry"). Required: what a backup client needs
 * to connect (SPEC §2 card, guide): the datastore's name, host, port and user name.
 */
export const DatastoreStruct = describing<Datastore>()(
  type({
    datastore: string(),
    hostname: string(),
    port: number(),
    username: string(),
    custom_name: maybe(string()),
    /** Temporary password: present only during the first minutes after purchase. */
    password: maybe(string()),
    repository: maybe(string()),
    unencrypted_files: maybe(boolean()),
    contract_end_date: maybe(string()),
    /** Terabytes; 0 means the dynamic rate. */
    volume: maybe(number()),
    space_used_text: maybe(string()),
    space_total_text: maybe(string()),
  }),
);

const fieldKinds = ['string', 'number', 'boolean'] as const;
type FieldKind = (typeof fieldKinds)[number];

/**
 * A quick check of an answer object, read from the fields of its flat `type()` struct: a field
 * that refuses both `undefined` and `null` must hold a value of its kind, one that takes both
 * (`maybe`) may also be missing or null. It never accepts what the struct refuses
 * (tests/api/structs-quick.test.ts holds it to that), but may refuse what the struct accepts:
 * the struct then has the last word. A field of any other shape (another kind, a nested struct,
 * only one of `undefined` and `null`) makes it refuse every value, so the struct judges them all.
 * A refinement of a field (a size, a pattern) is not read: the property test fails on one.
 */
export function quickCheckOf(schema: object): (value: unknown) => boolean {
  const must: [string, FieldKind][] = [];
  const may: [string, FieldKind][] = [];
  for (const [key, field] of Object.entries(schema)) {
    if (!(field instanceof Struct) || !isOneOf(fieldKinds, field.type)) return () => false;
    const missing = field.validate(undefined)[0] === undefined;
    if (missing !== (field.validate(null)[0] === undefined)) return () => false;
    (missing ? may : must).push([key, field.type]);
  }
  const ofKind = (field: unknown, kind: FieldKind) =>
    typeof field === kind && !(typeof field === 'number' && Number.isNaN(field));
  return (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    for (const [key, kind] of must) if (!ofKind(Reflect.get(value, key), kind)) return false;
    for (const [key, kind] of may) {
      const field: unknown = Reflect.get(value, key);
      if (field != null && !ofKind(field, kind)) return false;
    }
    return true;
  };
}

/**
 * A list whose entries are checked by `quick` first (decision 024): superstruct took 85 ms for a
 * reseller's 10,000 datastores, the quick check 1 ms. Only when an entry fails the quick check
 * does superstruct walk the entries, and its verdict and message stand.
 */
function quickList<T, S>(entry: Struct<T, S>, quick: (value: unknown) => boolean): Struct<T[], Struct<T, S>> {
  const list = array(entry);
  return new Struct({
    ...list,
    *entries(value, context) {
      if (Array.isArray(value) && value.every(quick)) return;
      yield* list.entries(value, context);
    },
  });
}

/** DatastoreStruct's fields as a quick check, for a long status list. */
export const quickDatastore = quickCheckOf(DatastoreStruct.schema);

export const StatusListAnswer = quickList(DatastoreStruct, quickDatastore);

/** SPEC §3 shop catalogue entry. Required: what the shop and an order need (id, name, prices, type). */
export const LicenceStruct = describing<Licence>()(
  type({
    id: number(),
    name: string(),
    price_1_cpu: number(),
    price_2_cpu: number(),
    price_4_cpu: number(),
    highlight: maybe(boolean()),
    product_type: LicenceTypeStruct,
  }),
);

/**
 * The shop catalogue, grouped by product type (SPEC §3). A missing or null group has no licences;
 * a group the portal does not know (a product type added later) is left alone.
 */
export const CatalogueAnswer = describing<Catalogue>()(
  type({
    VE: listOrEmpty(LicenceStruct),
    PBS: listOrEmpty(LicenceStruct),
    MG: listOrEmpty(LicenceStruct),
  } satisfies Record<LicenceType, unknown>),
);

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
export type LoginPayload = Infer<typeof LoginPayload>;
export type RegisterPayload = Infer<typeof RegisterPayload>;
export type EditCompanyPayload = Infer<typeof EditCompanyPayload>;
export type ForgotPasswordPayload = Infer<typeof ForgotPasswordPayload>;
export type ChangePasswordPayload = Infer<typeof ChangePasswordPayload>;
export type ContactPayload = Infer<typeof ContactPayload>;
export type LicenceOrderPayload = Infer<typeof LicenceOrderPayload>;
export type LanguagePayload = Infer<typeof LanguagePayload>;
