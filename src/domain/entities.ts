/**
 * The entities of SPEC §3 as the portal reads them: what machines and views work with. This is
 * their one definition; `src/api/structs.ts` checks the v1 answers against them, and a
 * compile-time assertion there fails the build when a struct and its entity differ
 * (docs/decisions/021). A field that may be missing or null is one the portal can do without
 * (tolerant reading, decision 019): the screens show a dash or leave the line out. They are type
 * aliases, not interfaces, so that they stay assignable to `Record<string, unknown>` as the
 * inferred types were.
 */
import type { LicenceType } from './constants';

/** How a company pays (SPEC §3). */
export type PaymentType = 'bill' | 'direct_debit';

/** How a customer answers the second step of a login (issue 44): an authenticator's code, a passkey, a recovery code. */
export type SecondStepMethod = 'totp' | 'passkey' | 'recovery';

/** The ways to confirm a fresh sign-in before a risky change: the password, or a second factor (issue 44). */
export type FreshSignInMethod = 'password' | SecondStepMethod;

/** SPEC §3 "Company product": display only (product list, contract end). */
export type CompanyProduct = {
  name?: string | null;
  /** 1 means the dynamic rate. */
  dynamic_volume?: number | null;
  /** Terabytes of a fixed-volume rate. */
  volume?: number | null;
  /** Null: runs on; missing: not known. */
  contract_end_date?: string | null;
};

/** SPEC §3 User (GET /me): `email` tells who is logged in; the rest is display and prefill. */
export type User = {
  email: string;
  language?: string | null;
  notifications?: boolean | null;
  firstname?: string | null;
  lastname?: string | null;
  phone?: string | null;
  company_number?: string | null;
  /** Missing means "not known", not "none". */
  products?: CompanyProduct[] | null;
};

/** SPEC §3 Company (GET /company): every field is shown or prefilled, none is needed to work. */
export type Company = {
  name?: string | null;
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
  country?: string | null;
  ustid?: string | null;
  /** A `PaymentType`; another value (a method added later) is shown as given. */
  payment_type?: string | null;
  iban?: string | null;
  checkbox_iban?: boolean | null;
  company_number?: string | null;
  phone?: string | null;
  has_product_count?: number | null;
  notifications?: boolean | null;
  pending_name?: string | null;
  pending_street?: string | null;
  pending_postcode?: string | null;
  pending_city?: string | null;
  pending_state?: string | null;
  pending_country?: string | null;
  pending_ustid?: string | null;
  /** Set once the whole contract is cancelled (not in SPEC §3). */
  contract_end_date?: string | null;
};

/** SPEC §3 "Datastore status entry": name, host, port and user are what a backup client needs. */
export type Datastore = {
  datastore: string;
  hostname: string;
  port: number;
  username: string;
  custom_name?: string | null;
  /** Temporary password: present only during the first minutes after purchase. */
  password?: string | null;
  repository?: string | null;
  unencrypted_files?: boolean | null;
  contract_end_date?: string | null;
  /** Terabytes; 0 means the dynamic rate. */
  volume?: number | null;
  space_used_text?: string | null;
  space_total_text?: string | null;
};

/** SPEC §3 shop catalogue entry: yearly net prices in EUR per CPU choice. */
export type Licence = {
  id: number;
  name: string;
  price_1_cpu: number;
  price_2_cpu: number;
  price_4_cpu: number;
  highlight?: boolean | null;
  product_type: LicenceType;
};

/** The shop catalogue, grouped by product type (SPEC §3). */
export type Catalogue = Record<LicenceType, Licence[]>;

/** A factor that protects the account (issue 44): an authenticator app, a passkey, or a kind added later. */
export type Factor = {
  id: string;
  /** `totp` or `passkey`; another kind is shown by its name. */
  type: string;
  name: string;
  created_at: string;
  last_used_at?: string | null | undefined;
};

/** The account's protection: its factors and how many recovery codes are left. */
export type AccountProtection = {
  factors: Factor[];
  recovery_codes_left: number;
  /** The provider requires a second factor: the last one cannot be removed. */
  second_factor_required?: boolean | undefined;
};

/** An open session of the account (issue 44). */
export type OpenSession = {
  id: string;
  /** The session of this browser. */
  current: boolean;
  created_at: string;
  last_seen_at: string;
  /** The browser and system, as the server read them ("Firefox on Windows"). */
  device?: string | null | undefined;
};

/**
 * A datastore's usage over a range (issue 45, v1.1 `GET /datastores/{name}/usage`): step `i`
 * starts at `start + i * step` (epoch seconds) and holds `used_bytes[i]` of `total_bytes[i]`,
 * null where not measured (and every total of the dynamic rate).
 */
export type UsageHistory = {
  range: string;
  start: number;
  step: number;
  used_bytes: (number | null)[];
  total_bytes: (number | null)[];
  /** Proxmox Backup Server's `estimated-full-date`: 0 when not growing, null without an estimate. */
  estimated_full_date?: number | null | undefined;
};

/** How the last run of a job ended: `ok`, `failed`, `none` when it never ran, or a word added later. */
type RunOutcome = { state: string; last: number | null };

/** A task of the datastore's server (a backup, a verification, a garbage collection, or another kind). */
export type BackupTask = {
  id: string;
  kind: string;
  /** `running`, `ok`, `warning`, `failed`, or a word added later. */
  state: string;
  started: number;
  /** null (or left out) while the task runs. */
  ended?: number | null | undefined;
};

/** A datastore's backup health (issue 45, v1.1 `GET /datastores/{name}/health`); times in epoch seconds. */
export type BackupHealth = {
  last_backup: number | null;
  snapshots: { count: number; unencrypted: number };
  verification: RunOutcome;
  garbage_collection: { state: string; last: number | null; removed_bytes?: number | null | undefined };
  tasks: BackupTask[];
};

/** A datastore's backup health in brief (issue 45, v1.1 `GET /backup-health`), for its card. */
export type BackupHealthBrief = {
  /** The datastore's name on the server, as `Datastore.datastore`. */
  name: string;
  last_backup: number | null;
  verification: RunOutcome;
  garbage_collection: RunOutcome;
};
