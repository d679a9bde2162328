/**
 * The portal's structs (src/api/structs.ts) cannot drift from the description of v1
 * (contracts/v1.openapi.yaml, decision 051): this file is checked by `tsc -p tsconfig.node.json`
 * (npm run typecheck) against the types openapi-typescript generates from the description
 * (contracts/v1.openapi.d.ts; `npm run contract -- openapi` fails when that file is stale). Nothing
 * here runs; a check that fails reads "Type 'false' does not satisfy the constraint 'true'".
 *
 * Answers: the struct's type and the description's are mutually assignable, and equal once the
 * description's index signature (`additionalProperties: true`, fields a server may add, which the
 * structs' `type()` ignores) is dropped. Equality, not only assignability: two object types whose
 * optional fields differ are still assignable both ways.
 *
 * Two places are one-way, each for a reason of its own:
 * - The catalogue: `CatalogueAnswer` reads a missing or null group as an empty list, so its type
 *   (what it yields) has all three groups, while the description (what it accepts) lets them be
 *   missing or null. The struct's type is assignable to the description's, and the description's
 *   is the struct's with each group optional and nullable.
 * - Payloads: a refined field (`field.country`, `field.cpuCount`) is typed `string` or `number` by
 *   superstruct, which cannot see a refinement, while the description names its values. The
 *   description's type is assignable to the struct's; the fields whose types differ are listed by
 *   name, and every other field, and which fields are required, are equal.
 *
 * `Refusal` has no struct: the client reads `reason` or `message` from any body (decision 017).
 */
import type { Infer } from 'superstruct';
import type { components } from '../../contracts/v1.openapi';
import type { LicenceType } from '../../src/domain/constants';
import type {
  ChangePasswordPayload,
  CompanyProductStruct,
  ContactPayload,
  ForgotPasswordPayload,
  LanguagePayload,
  LoginPayload,
  StatusAnswer,
  UserStruct,
} from '../../src/api/structs';
import type { LoginAnswer } from '../../src/api/login';
import type { CompanyStruct, EditCompanyPayload } from '../../src/api/company-structs';
import type { DatastoreStruct, StatusListAnswer } from '../../src/api/datastore-structs';
import type { CatalogueAnswer, LicenceOrderPayload, LicenceStruct } from '../../src/api/licence-structs';
import type { RegisterPayload } from '../../src/api/registration';

type Schema = components['schemas'];

/** Compiles only when `T` is `true`. */
const holds = <T extends true>(): T | undefined => undefined;

/** True when A and B are the same type (as src/api/structs.ts has it). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assignable<From, To> = [From] extends [To] ? true : false;
type MutuallyAssignable<A, B> = [Assignable<A, B>, Assignable<B, A>] extends [true, true] ? true : false;

/** Without the index signature of `additionalProperties: true`, in nested objects and lists too. */
type Closed<T> = T extends readonly (infer Item)[]
  ? Closed<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Closed<T[K]> }
    : T;

/** An answer's struct and its schema: assignable both ways, and equal but for the index signature. */
type Describes<D, S> = [MutuallyAssignable<D, S>, Same<Closed<D>, S>] extends [true, true] ? true : false;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The fields of D and S whose types differ, or that only one of them has. */
type Differing<D, S> = {
  [K in keyof D | keyof S]: K extends keyof D
    ? K extends keyof S
      ? Same<D[K], S[K]> extends true
        ? never
        : K
      : K
    : K;
}[keyof D | keyof S];
/**
 * A payload's schema and its struct: the schema's type is assignable to the struct's, both require
 * the same fields, and their types differ only in `Refined` (fields whose values the description
 * names and the struct's type cannot).
 */
type SendsAs<D, S, Refined extends keyof S = never> = [
  Assignable<D, S>,
  Same<RequiredKeys<D>, RequiredKeys<S>>,
  Same<Differing<D, S>, Refined>,
] extends [true, true, true]
  ? true
  : false;

// ---- answers ----
holds<Describes<Schema['StatusAnswer'], Infer<typeof StatusAnswer>>>();
holds<Describes<Schema['LoginAnswer'], Infer<typeof LoginAnswer>>>();
holds<Describes<Schema['CompanyProduct'], Infer<typeof CompanyProductStruct>>>();
holds<Describes<Schema['User'], Infer<typeof UserStruct>>>();
holds<Describes<Schema['Company'], Infer<typeof CompanyStruct>>>();
holds<Describes<Schema['Datastore'], Infer<typeof DatastoreStruct>>>();
holds<Describes<Schema['DatastoreList'], Infer<typeof StatusListAnswer>>>();
holds<Describes<Schema['Licence'], Infer<typeof LicenceStruct>>>();

// The catalogue: one way, and the description is the struct's type with every group optional and nullable.
type Catalogue = Infer<typeof CatalogueAnswer>;
holds<Assignable<Catalogue, Schema['Catalogue']>>();
holds<Same<Assignable<Schema['Catalogue'], Catalogue>, false>>();
holds<Same<Closed<Schema['Catalogue']>, { [K in LicenceType]?: Catalogue[K] | null }>>();

// ---- payloads ----
holds<SendsAs<Schema['LoginPayload'], Infer<typeof LoginPayload>>>();
holds<SendsAs<Schema['RegisterPayload'], Infer<typeof RegisterPayload>, 'pending_country'>>();
holds<SendsAs<Schema['EditCompanyPayload'], Infer<typeof EditCompanyPayload>, 'pending_country'>>();
holds<SendsAs<Schema['ForgotPasswordPayload'], Infer<typeof ForgotPasswordPayload>>>();
holds<SendsAs<Schema['ChangePasswordPayload'], Infer<typeof ChangePasswordPayload>>>();
holds<SendsAs<Schema['ContactPayload'], Infer<typeof ContactPayload>>>();
holds<SendsAs<Schema['LicenceOrderPayload'], Infer<typeof LicenceOrderPayload>, 'country' | 'cpu_count'>>();
holds<SendsAs<Schema['LanguagePayload'], Infer<typeof LanguagePayload>>>();
