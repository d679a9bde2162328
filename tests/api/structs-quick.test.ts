import fc from 'fast-check';
import { array, boolean, is, nullable, number, object, optional, string, type } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { DatastoreStruct, quickCheckOf, quickDatastore, StatusListAnswer } from '../../src/api/datastore-structs';

/** The status list as superstruct alone checks it, entry by entry. */
const plainList = array(DatastoreStruct);

const entry = (index: number): Record<string, unknown> => ({
  datastore: `k10001_web${index}`,
  hostname: 'pbs1.backup.example.com',
  port: 8007,
  username: `k10001_web${index}`,
  custom_name: index % 2 === 0 ? null : `Web ${index}`,
  volume: index % 3,
  space_used_text: '310 GB',
  space_total_text: '1 TB',
  unencrypted_files: false,
  added_later: { by: 'the server' },
});

/** Values a field may hold in an answer: of every kind, broken ones included. */
const anyField = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string({ maxLength: 4 }),
  fc.double(),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 1 }),
  fc.object({ maxDepth: 0 }),
);
/** The fields the struct names, read from it: a field added there is tried here too. */
const fields = Object.keys(DatastoreStruct.schema);
const anyEntry = fc.record(Object.fromEntries(fields.map((field) => [field, anyField])), { requiredKeys: [] });
/** A good entry with one field changed to anything, or left out. */
const oneFieldOff = fc
  .tuple(fc.nat(50), fc.constantFrom(...fields), anyField, fc.boolean())
  .map(([index, field, value, drop]) => {
    const { [field]: _left, ...rest } = entry(index);
    return drop ? rest : { ...rest, [field]: value };
  });

describe('the quick check of a long status list (decision 024)', () => {
  it('never accepts an entry that the datastore struct refuses', () => {
    fc.assert(
      fc.property(fc.oneof(oneFieldOff, anyEntry, fc.anything()), (value) => {
        if (quickDatastore(value)) expect(is(value, DatastoreStruct)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('accepts the entries a server sends, with fields added later, so that they take the quick way', () => {
    expect(Array.from({ length: 6 }, (_, index) => entry(index)).every(quickDatastore)).toBe(true);
  });

  it('gives the same verdict and the same message as superstruct alone for any list', () => {
    const list = fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.nat(50).map(entry) },
        { weight: 1, arbitrary: oneFieldOff },
        { weight: 1, arbitrary: anyEntry },
      ),
      {
        maxLength: 8,
      },
    );
    fc.assert(
      fc.property(fc.oneof(list, fc.anything()), (value) => {
        // A value superstruct cannot print in its message makes both throw (the client reads that as invalid).
        const verdict = (struct: typeof plainList) => {
          try {
            const [error, checked] = struct.validate(value, { coerce: true });
            return { message: error?.message, path: error?.path, checked };
          } catch (thrown) {
            return { thrown: String(thrown) };
          }
        };
        expect(verdict(StatusListAnswer)).toEqual(verdict(plainList));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads from the struct which fields are required and which may be missing or null', () => {
    const good = entry(1);
    expect(quickDatastore(good)).toBe(true);
    for (const required of ['datastore', 'hostname', 'port', 'username']) {
      const { [required]: _left, ...rest } = good;
      expect(quickDatastore(rest), `${required} left out`).toBe(false);
      expect(quickDatastore({ ...good, [required]: null }), `${required} null`).toBe(false);
    }
    for (const optional of fields.filter((key) => !['datastore', 'hostname', 'port', 'username'].includes(key))) {
      const { [optional]: _left, ...rest } = good;
      expect(quickDatastore(rest), `${optional} left out`).toBe(true);
      expect(quickDatastore({ ...good, [optional]: null }), `${optional} null`).toBe(true);
    }
  });

  it('refuses a number field that is not a number, as superstruct does', () => {
    expect(quickDatastore({ ...entry(1), port: Number.NaN })).toBe(false);
    expect(quickDatastore({ ...entry(1), volume: Number.NaN })).toBe(false);
    expect(is({ ...entry(1), volume: Number.NaN }, DatastoreStruct)).toBe(false);
  });

  it('leaves every entry to superstruct when a field has a shape it cannot read', () => {
    const plain = { name: 'a', size: 1, on: true };
    expect(quickCheckOf(type({ name: string(), size: number(), on: boolean() }).schema)(plain)).toBe(true);
    expect(quickCheckOf(type({ name: string(), nested: type({ size: number() }) }).schema)(plain)).toBe(false);
    // An object() field is of the kind `object`, as typeof says of any object: its own fields would go unchecked.
    expect(
      quickCheckOf(type({ name: string(), nested: object({ size: number() }) }).schema)({ ...plain, nested: {} }),
    ).toBe(false);
    expect(quickCheckOf(type({ name: optional(string()) }).schema)(plain)).toBe(false);
    expect(quickCheckOf(type({ name: nullable(string()) }).schema)(plain)).toBe(false);
  });

  it('refuses a list with one bad entry among many, naming the entry and the field', () => {
    const list: unknown[] = Array.from({ length: 1000 }, (_, index) => entry(index));
    list[637] = { ...entry(637), port: '8007' };
    const [error] = StatusListAnswer.validate(list, { coerce: true });
    expect(error?.path).toEqual([637, 'port']);
  });
});
