/**
 * A reseller's account for trying the dashboard at scale (decision 024): an account given N
 * datastores of every kind, the same N datastores at every call. Names repeat a few prefixes
 * with a number, so that a search narrows them step by step; about a third are on the dynamic
 * rate; about one in seven fixed volumes is almost full, one in twelve holds unencrypted files,
 * one in twenty is cancelled. All were bought long ago: no temporary password is shown.
 */
import { datastoresOf, db, findAccountByEmail } from './db';
import { provisionDatastore } from './provision';
import { cancellationEndDate } from './rules';

// At most three letters: with up to five digits the identifier keeps to its 8 characters (SPEC §5).
const PREFIXES = ['web', 'db', 'mx', 'fs', 'erp', 'crm', 'vm', 'git', 'app', 'nas'] as const;
const HOUR = 3_600_000;
const GB = 1e9;
const TB = 1e12;

/** The same sequence of numbers in [0, 1) for the same seed (mulberry32). */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The largest number of datastores the mock gives an account; more would not fit its storage. */
export const MAX_SEEDED_DATASTORES = 10_000;

/**
 * Replaces the datastores of an account with `count` generated ones (0 to 10,000); returns how
 * many it has now. Throws when no account has the email.
 */
export function seedDatastores(email: string, count: number): number {
  const account = findAccountByEmail(email);
  if (!account) throw new Error(`No account is registered with ${email}.`);
  if (!Number.isInteger(count) || count < 0 || count > MAX_SEEDED_DATASTORES) {
    throw new RangeError(`The number of datastores must be a whole number from 0 to ${MAX_SEEDED_DATASTORES}.`);
  }
  db.datastore.deleteMany({ where: { accountId: { equals: account.id } } });
  const now = Date.now();
  const random = numbers(count);
  const endDate = cancellationEndDate(now);
  for (let index = 0; index < count; index += 1) {
    const prefix = PREFIXES[index % PREFIXES.length] ?? 'web';
    const dynamic = random() < 0.33;
    const volume = dynamic ? 0 : 1 + Math.floor(random() * 20);
    const fill = random() < 0.15 ? 0.81 + random() * 0.18 : 0.02 + random() * 0.75;
    provisionDatastore({
      account,
      identifier: `${prefix}${index + 1}`,
      volume,
      usedBytes: Math.round(dynamic ? 10 * GB + random() * 5 * TB : volume * TB * fill),
      unencryptedFiles: random() < 1 / 12,
      contractEndDate: random() < 0.05 ? endDate : null,
      // Bought an hour apart, the last an hour ago: the status lists them in this order.
      created: now - (count - index) * HOUR,
    });
  }
  return datastoresOf(account.id).length;
}
