/**
 * The single mock database (CONVENTIONS: one db, one handler file per resource). Rows refer to
 * each other by id (`accountId`) rather than by @mswjs/data relations so that the whole
 * database serialises to plain JSON for the browser's persistence. All times are epoch
 * milliseconds from `Date.now()`, so Vitest's fake timers drive them.
 */
import { factory, nullable, primaryKey } from '@mswjs/data';
import { randomId } from './random';

const now = () => Date.now();
const none = () => null;

export const db = factory({
  account: {
    id: primaryKey(randomId),
    email: String,
    password: String,
    language: String,
    notifications: Boolean,
    firstname: String,
    lastname: String,
    phone: nullable<string>(none),
    /** False while the registration awaits manual activation (SPEC §4). */
    active: Boolean,
    /** Customer number, e.g. K-10001; assigned on activation. */
    company_number: nullable<string>(none),
    /** The provider requires a second factor of this account: its last one cannot be removed (issue 44). */
    secondFactorRequired: Boolean,
    created: now,
  },
  company: {
    id: primaryKey(randomId),
    accountId: String,
    name: nullable<string>(none),
    street: nullable<string>(none),
    postcode: nullable<string>(none),
    city: nullable<string>(none),
    state: nullable<string>(none),
    country: nullable<string>(none),
    ustid: nullable<string>(none),
    payment_type: nullable<string>(none),
    iban: nullable<string>(none),
    checkbox_iban: Boolean,
    phone: nullable<string>(none),
    pending_name: nullable<string>(none),
    pending_street: nullable<string>(none),
    pending_postcode: nullable<string>(none),
    pending_city: nullable<string>(none),
    pending_state: nullable<string>(none),
    pending_country: nullable<string>(none),
    pending_ustid: nullable<string>(none),
    /** ISO date (yyyy-mm-dd) once the whole contract is cancelled. */
    contract_end_date: nullable<string>(none),
  },
  datastore: {
    id: primaryKey(randomId),
    accountId: String,
    /** The identifier the customer chose (SPEC §5), shown as custom_name. */
    identifier: String,
    /** The datastore's name on the backup server. */
    datastore: String,
    hostname: String,
    port: Number,
    username: String,
    /** Temporary password, shown only for a few minutes after `passwordSetAt` (SPEC §9). */
    password: String,
    passwordSetAt: now,
    repository: String,
    unencrypted_files: Boolean,
    /** ISO date (yyyy-mm-dd) once cancelled. */
    contract_end_date: nullable<string>(none),
    /** Terabytes; 0 is the dynamic rate. */
    volume: Number,
    usedBytes: Number,
    created: now,
  },
  licence: {
    id: primaryKey(Number),
    name: String,
    product_type: String,
    price_1_cpu: Number,
    price_2_cpu: Number,
    price_4_cpu: Number,
    highlight: Boolean,
  },
  licenceOrder: {
    id: primaryKey(randomId),
    email: String,
    company_name: String,
    firstname: String,
    lastname: String,
    phone: String,
    street: String,
    postcode: String,
    city: String,
    country: String,
    ustid: String,
    product_id: Number,
    cpu_count: Number,
    totalNetEur: Number,
    created: now,
  },
  contactMessage: {
    id: primaryKey(randomId),
    name: String,
    email: String,
    message: String,
    /** The account logged in when it was sent, if any. */
    accountId: nullable<string>(none),
    created: now,
  },
  session: {
    token: primaryKey(String),
    /** What the list of open sessions names it by (never the token, which is the cookie's secret). */
    id: randomId,
    accountId: String,
    created: now,
    lastSeen: now,
    /** The browser and system, read from `User-Agent` at the login. */
    device: nullable<string>(none),
    /** Until when the session counts as freshly signed in after a re-authentication (issue 44). */
    freshUntil: nullable<number>(none),
  },
  resetToken: {
    token: primaryKey(String),
    email: String,
    expires: Number,
    used: Boolean,
  },
  /**
   * A second factor (issue 44, decision 058): an authenticator app (`totp`, with its Base32 secret),
   * which protects the account once `confirmed` by a first code (`lastStep`: the TOTP step of the
   * last code taken, so that no code is taken twice), or a passkey (`passkey`, confirmed when added).
   */
  factor: {
    id: primaryKey(randomId),
    accountId: String,
    type: String,
    name: String,
    /** An authenticator's Base32 secret ('' for a passkey). */
    secret: String,
    confirmed: Boolean,
    lastStep: nullable<number>(none),
    /** A passkey's credential id and COSE public key (base64url), and its signature counter. */
    credentialId: nullable<string>(none),
    publicKey: nullable<string>(none),
    counter: nullable<number>(none),
    created: now,
    lastUsed: nullable<number>(none),
  },
  /** A recovery code, kept only as the SHA-256 of its normalised text; each is taken once. */
  recoveryCode: {
    id: primaryKey(randomId),
    accountId: String,
    hash: String,
    used: Boolean,
  },
  /** A WebAuthn challenge the mock issued: taken once, for its purpose, until it expires. */
  passkeyChallenge: {
    challenge: primaryKey(String),
    purpose: String,
    /** The account it was issued for; null for a sign-in with a passkey alone. */
    accountId: nullable<string>(none),
    expires: Number,
  },
  /** A login waiting for its second step: the password was right; no session yet. */
  loginTicket: {
    ticket: primaryKey(String),
    accountId: String,
    expires: Number,
    /** Wrong codes sent with this ticket; the fifth ends it. */
    wrong: Number,
  },
  mail: {
    id: primaryKey(randomId),
    /** Sending order; the outbox lists by it, newest last. */
    seq: Number,
    to: String,
    subject: String,
    body: String,
    link: nullable<string>(none),
    created: now,
  },
  /**
   * What the operator changed in a datastore's schedule (issue 45), which its usage history and
   * backup health tell: `fill` (the space jumped by `amount` bytes at `at`), `failed-verification`
   * (a verification ended failed at `at`), `skipped-backups` (no backup from `at` to `amount`).
   * Times in epoch seconds.
   */
  scheduleChange: {
    id: primaryKey(randomId),
    datastoreId: String,
    kind: String,
    at: Number,
    amount: Number,
  },
  /**
   * An alert raised for an account (issue 45, `GET /alerts`): its kind, the datastore's name (empty
   * for none), when (epoch ms), and the figure it names (the used percent, the hours without a
   * backup; -1 for none). `detail` is the operation's JSON for an operation done, else empty.
   */
  alert: {
    id: primaryKey(randomId),
    accountId: String,
    kind: String,
    datastore: String,
    raisedAt: Number,
    figure: Number,
    detail: String,
  },
  /**
   * What an account's alerts last saw of each condition (`account|datastore|kind`): its cause, so
   * that a condition raises once until it clears. `account|baseline` marks the account's first look.
   */
  alertLatch: {
    key: primaryKey(String),
    accountId: String,
    cause: String,
  },
  /** An account's alert rules (`GET/PUT /alert-rules`); -1 switches a rule with a figure off. */
  alertRules: {
    accountId: primaryKey(String),
    spacePercent: Number,
    backupHours: Number,
    verification: Boolean,
    collection: Boolean,
    /** The mail recipients, one per line; none: the account's own address. */
    recipients: String,
  },
});

type Db = typeof db;
export type ModelName = Exclude<keyof Db, symbol>;
/** Every model once; a Record so that a model missing here fails to compile (persistence needs all). */
const everyModel: Record<ModelName, true> = {
  account: true,
  company: true,
  datastore: true,
  licence: true,
  licenceOrder: true,
  contactMessage: true,
  session: true,
  resetToken: true,
  factor: true,
  recoveryCode: true,
  loginTicket: true,
  passkeyChallenge: true,
  mail: true,
  scheduleChange: true,
  alert: true,
  alertLatch: true,
  alertRules: true,
};
export const modelNames = Object.keys(everyModel).filter((name): name is ModelName => Object.hasOwn(everyModel, name));

export type AccountRow = ReturnType<Db['account']['create']>;
export type CompanyRow = ReturnType<Db['company']['create']>;
export type DatastoreRow = ReturnType<Db['datastore']['create']>;
export type FactorRow = ReturnType<Db['factor']['create']>;
export type ScheduleChangeRow = ReturnType<Db['scheduleChange']['create']>;

/** Case-insensitive lookup: emails are compared in lower case everywhere. */
export function findAccountByEmail(email: string): AccountRow | null {
  const wanted = email.trim().toLowerCase();
  return db.account.getAll().find((account) => account.email.toLowerCase() === wanted) ?? null;
}

export function findCompany(accountId: string): CompanyRow | null {
  return db.company.findFirst({ where: { accountId: { equals: accountId } } });
}

export function datastoresOf(accountId: string): DatastoreRow[] {
  return db.datastore.findMany({ where: { accountId: { equals: accountId } }, orderBy: { created: 'asc' } });
}

/** Sends a mail into the outbox that the operator panel and the tests read. */
export function sendMail(to: string, subject: string, body: string, link: string | null = null): void {
  const seq = db.mail.count() + 1;
  db.mail.create({ seq, to, subject, body, link });
}
