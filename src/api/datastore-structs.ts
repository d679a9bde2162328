/**
 * The datastores' structs (SPEC §3 "Datastore status entry", GET /status): loaded with the
 * dashboard, not with every form (src/api/structs.ts).
 */
import { array, boolean, number, string, Struct, type } from 'superstruct';
import type { Datastore } from '../domain/entities';
import { isOneOf } from '../domain/one-of';
import { describing, maybe } from './structs';

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
