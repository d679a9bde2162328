/**
 * The v1 API contract (SPEC §3, §7): one struct for every request payload and every answer.
 * The client checks answers with them and the mock API builds and checks with the same ones,
 * so neither can drift from the contract. Answers use `type()` so that fields the server adds
 * later do not break the portal; payloads use `object()` so that nothing unplanned is sent.
 *
 * This module holds what every page's first visit needs (the outcome of a call, the
 * user, the password calls, the language) and the pieces the others are written with; the
 * company's, the datastores' and the licences' structs, and the registration's payload, are in
 * modules of their own (company-structs.ts, datastore-structs.ts, licence-structs.ts,
 * registration.ts), so that a page loads only the structs of its calls.
 */
import {
  array,
  boolean,
  enums,
  nullable,
  number,
  object,
  optional,
  string,
  type,
  type Infer,
  type Struct,
} from 'superstruct';
import { business } from '../domain/constants';
import type { CompanyProduct, User } from '../domain/entities';
import * as field from '../domain/fields';

export const LanguageStruct = enums(business.languages);

// ---- answers ----
//
// Tolerant reading (CONVENTIONS, decision 019): an answer is refused only when it lacks what the
// portal cannot work without. Every other field, cosmetic or not promised by SPEC §3, may be
// missing or null (`maybe`), and the screens show a dash or leave the line out.

/** A field the portal can do without: missing, null or the given struct. */
export const maybe = <T, S>(struct: Struct<T, S>) => optional(nullable(struct));

/** True when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * The entities of SPEC §3 are defined once, in src/domain/entities.ts (decision 021). An answer
 * struct is wrapped in `describing<Entity>()`, which accepts it only when it describes exactly
 * that entity: a field added, dropped, or made required or optional on one side fails the type
 * check here.
 */
export function describing<E>() {
  return <T, S>(struct: Struct<T, S> & (Same<T, E> extends true ? unknown : { mismatchWith: E })): Struct<T, S> =>
    struct;
}

/** Answers that only report an outcome; `reason` or `message` explain a refusal (SPEC §8). */
export const StatusAnswer = type({
  status: string(),
  reason: optional(string()),
  message: optional(string()),
});

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

// ---- payloads ----

export const LoginPayload = object({
  email: string(),
  password: string(),
  language: LanguageStruct,
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

export const LanguagePayload = object({ language: LanguageStruct });

export type StatusAnswer = Infer<typeof StatusAnswer>;
export type LoginPayload = Infer<typeof LoginPayload>;
export type ForgotPasswordPayload = Infer<typeof ForgotPasswordPayload>;
export type ChangePasswordPayload = Infer<typeof ChangePasswordPayload>;
export type ContactPayload = Infer<typeof ContactPayload>;
export type LanguagePayload = Infer<typeof LanguagePayload>;
