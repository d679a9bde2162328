/**
 * The spec-strict mock (`VITE_MOCK_STRICT=true`, decision 018): the answers carry exactly the fields
 * of SPEC §3 and nothing more, and where the spec gives a field no type or says it may be empty,
 * some seed records leave it out or send null, as a server that keeps only the contract may.
 * The portal must work on that as well as on the richer default mock, which carries extras the
 * spec does not promise (the company's `contract_end_date`).
 */
export const strictMock = import.meta.env.VITE_MOCK_STRICT === 'true';

/** SPEC §3, entity by entity. */
export const specFields = {
  user: ['email', 'language', 'notifications', 'firstname', 'lastname', 'phone', 'company_number', 'products'],
  product: ['name', 'dynamic_volume', 'volume', 'contract_end_date'],
  company: [
    'name',
    'street',
    'postcode',
    'city',
    'country',
    'ustid',
    'payment_type',
    'iban',
    'checkbox_iban',
    'company_number',
    'phone',
    'has_product_count',
    'notifications',
    'pending_name',
    'pending_street',
    'pending_postcode',
    'pending_city',
    'pending_state',
    'pending_country',
    'pending_ustid',
  ],
  datastore: [
    'datastore',
    'custom_name',
    'hostname',
    'port',
    'username',
    'password',
    'repository',
    'unencrypted_files',
    'contract_end_date',
    'volume',
    'space_used_text',
    'space_total_text',
  ],
  licence: ['id', 'name', 'price_1_cpu', 'price_2_cpu', 'price_4_cpu', 'highlight', 'product_type'],
} as const;

export type SpecEntity = keyof typeof specFields;

/**
 * Seed records that leave fields out (`undefined`) or send them as null in strict mode: fields the
 * spec gives no type, or says may be empty. Keyed by what identifies the record.
 */
const sparse: Partial<Record<SpecEntity, Record<string, Record<string, null | undefined>>>> = {
  user: { 'fresh@example.com': { phone: undefined, language: null } },
  // Companies without a customer number yet (fresh, pending) and the demo company.
  company: { null: { name: undefined, ustid: undefined, phone: null }, 'K-10001': { pending_state: undefined } },
  // "password (temporary, may be empty)": left out where there is none to show.
  datastore: { k10001_old: { password: undefined }, k10001_archive: { password: undefined } },
  licence: { '12': { highlight: undefined } },
};

const keyOf: Record<SpecEntity, string> = {
  user: 'email',
  product: 'name',
  company: 'company_number',
  datastore: 'datastore',
  licence: 'id',
};

/**
 * An answer record as the strict mock sends it: only the spec's fields, with the sparse seed
 * records' gaps. Outside strict mode, the record as it is.
 */
export function asSpec<T extends object>(entity: SpecEntity, record: T, strict = strictMock): T {
  if (!strict) return record;
  const fields: readonly string[] = specFields[entity];
  const key = new Map<string, unknown>(Object.entries(record)).get(keyOf[entity]);
  const gaps = sparse[entity]?.[String(key)] ?? {};
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (!fields.includes(name)) continue;
    if (Object.hasOwn(gaps, name)) {
      if (gaps[name] === null) result[name] = null;
      continue;
    }
    result[name] = value;
  }
  // The record's type promises fields the strict server may leave out: the portal's structs
  // (src/api/structs.ts) read them as optional, which is what this mode tests.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the strict server's answer lacks fields the type promises, on purpose (see above).
  return result as T;
}
