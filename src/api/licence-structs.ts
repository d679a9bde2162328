/**
 * The shop's structs (SPEC §3 catalogue, POST /licence/order): loaded with the shop, not with
 * every form (src/api/structs.ts).
 */
import {
  array,
  boolean,
  coerce,
  enums,
  number,
  object,
  string,
  type,
  unknown,
  type Infer,
  type Struct,
} from 'superstruct';
import { business, type LicenceType } from '../domain/constants';
import type { Catalogue, Licence } from '../domain/entities';
import * as field from '../domain/fields';
import { describing, maybe } from './structs';

const LicenceTypeStruct = enums(business.licenceTypes);

/** A list that may be missing or null, read as empty (a group with nothing in it). */
const listOrEmpty = <T, S>(struct: Struct<T, S>) => coerce(array(struct), unknown(), (value) => value ?? []);

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

export type LicenceOrderPayload = Infer<typeof LicenceOrderPayload>;
