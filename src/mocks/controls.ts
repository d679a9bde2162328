/**
 * The operator's controls over the mock: what the provider's staff would do by hand
 * (activating accounts), what a developer needs (the outbox, faults, latency, a reset).
 * The same object serves Vitest (`mock` from ./node) and the browser (`window.__portalMock`).
 */
import { drop } from '@mswjs/data';
import { onMockChange, emitMockChange } from './changes';
import { isMockCall, type MockCall } from './calls';
import { datastoresOf, db, findAccountByEmail } from './db';
import {
  addFault,
  clearFaults,
  getLatency,
  isFaultKind,
  listFaults,
  setLatency,
  type Fault,
  type FaultKind,
  type FaultOptions,
  type Latency,
} from './faults';
import { activateAccount } from './provision';
import { apiVersion, defaultApiVersion, setApiVersion, type MockApiVersion } from './api-version';
import { forgetIdempotencyKeys } from './v1-1/idempotency';
import { forgetEvents } from './v1-1/events';
import { forgetOperations } from './v1-1/operations';
import { failVerification, fillDatastore, skipBackups } from './v1-1/schedule-changes';
import { lookForAlertsOf, rulesOf } from './v1-1/alerts';
import type { AlertRules } from '../domain/alert-rules';
import { dropEventStreams } from './v1-1/event-stream';
import { addAuthenticator, newRecoveryCodes } from './v1-1/second-factor';
import { FRESH_SIGN_IN_MS } from './session';
import { seedDatastores } from './reseller';
import { seedEmails } from './seed';
import { seedScenario, type SeedName } from './seed-scenarios';

interface MockMail {
  to: string;
  subject: string;
  body: string;
  /** A relative app link such as `/newpassword?email=…&token=…`, when the mail has one. */
  link: string | null;
}

interface PendingAccount {
  email: string;
  firstname: string;
  lastname: string;
  /** The company name given at registration, if any. */
  companyName: string | null;
  created: number;
}

export interface MockControls {
  /** Drops all data and faults, seeds the scenario again and restores the default latency. */
  reset(): void;
  /** Activates a pending account (SPEC §4); false when it was already active; throws when unknown. */
  activate(email: string): boolean;
  /** Every mail sent, newest last. */
  outbox(): MockMail[];
  /**
   * Keeps a fault on a call until `clearFaults()`, or for the next `times` calls; a slow fault
   * waits `ms` milliseconds (3 s unless told) before the call answers.
   */
  fault(call: MockCall, kind: FaultKind, options?: FaultOptions): void;
  clearFaults(): void;
  /** Base delay of every answer: fixed milliseconds or a random range. */
  setLatency(latency: Latency): void;
  faults(): readonly Fault[];
  latency(): Latency;
  /** Accounts that await activation, oldest first. */
  pendingAccounts(): PendingAccount[];
  /**
   * Gives an account (the demo account unless told) exactly `count` generated datastores of
   * every kind, 0 to 10,000 (decision 024); returns how many it has.
   */
  seedDatastores(count: number, email?: string): number;
  /** Which API the mock speaks: "v1" (a server that knows only v1) or "v1.1" beside it. */
  apiVersion(): MockApiVersion;
  /** Switches the API until the next reset; throws for an unknown version. */
  setApiVersion(version: MockApiVersion): void;
  /**
   * Protects an account with an authenticator app (issue 44; what the security page's enrolment
   * will do): a confirmed factor with a new secret, and ten new recovery codes. Returns the
   * secret (Base32, for computing codes) and the codes; throws for an unknown address.
   */
  protectWithAuthenticator(email: string): Promise<{ secret: string; recoveryCodes: string[] }>;
  /** Requires a second factor of the account, or no longer (the operator's choice); throws for an unknown address. */
  requireSecondFactor(email: string, required?: boolean): void;
  /** Ends every login of the account that waits for its second step, as five minutes would. */
  expireLoginTickets(email: string): void;
  /**
   * Makes the account's open sessions signed in longer ago than a risky change allows, with no
   * re-authentication since, as five minutes would: its next cancellation or factor change is
   * answered `reauth-required`. Throws for an unknown address.
   */
  staleSignIns(email: string): void;
  /** The datastores of an account (the demo account unless told): their names on the server, identifiers and volumes (TB, 0 the dynamic rate). */
  datastores(email?: string): { name: string; identifier: string; volume: number }[];
  /**
   * Fills a fixed-volume datastore (its name on the server) to `percent` of its volume now, 85
   * unless told: a jump in its usage history (issue 45). Returns the bytes it uses; throws for the
   * dynamic rate or an unknown name.
   */
  fillDatastore(name: string, percent?: number): number;
  /** A verification of the datastore runs now and fails (issue 45); throws for an unknown name. */
  failVerification(name: string): void;
  /** The datastore had no backup in the last `nights` nights, 2 unless told (issue 45); throws for an unknown name. */
  skipBackups(name: string, nights?: number): void;
  /**
   * Ends every open event stream as a broken connection would (issue 45: a client resumes with
   * `Last-Event-ID`); the sessions go on. Returns how many were open.
   */
  dropEventStreams(): number;
  /** The account's alert rules as the server keeps them (issue 45); throws for an unknown address. */
  alertRules(email: string): AlertRules;
  /** Called after every mutating call and every operator action. */
  subscribe(listener: () => void): () => void;
}

/**
 * `seed` names the scenario that `reset()` seeds: the default one unless told (the HTTP mock may
 * start from the second one, decision 030). The demo account is the default seed's. `apiVersion`
 * is what `reset()` goes back to (src/mocks/api-version.ts).
 */
/**
 * An operator's change of a datastore, with a look for its account's alerts before (what was so
 * already is no news) and after (what the change made arises now).
 */
function aroundLook<T>(name: string, change: () => T): T {
  lookForAlertsOf(name);
  const result = change();
  lookForAlertsOf(name);
  return result;
}

export function createMockControls(
  options: { latency?: Latency; seed?: SeedName; apiVersion?: MockApiVersion } = {},
): MockControls {
  const defaultLatency = options.latency ?? 0;
  const scenario = options.seed ?? 'default';
  const startVersion = options.apiVersion ?? defaultApiVersion;
  return {
    reset() {
      // The streams of the sessions a reset ends end with them: a stream whose look at the clock
      // stopped (a fake clock put away) would otherwise stay open and count in the next drop.
      dropEventStreams();
      drop(db);
      clearFaults();
      setLatency(defaultLatency);
      setApiVersion(startVersion);
      forgetIdempotencyKeys();
      forgetOperations();
      forgetEvents();
      seedScenario(scenario);
      emitMockChange();
    },
    activate(email) {
      const activated = activateAccount(email);
      emitMockChange();
      return activated;
    },
    async protectWithAuthenticator(email) {
      const account = findAccountByEmail(email);
      if (!account) throw new TypeError(`No account has the address "${email}".`);
      const { secret } = addAuthenticator(account.id, 'Authenticator', true);
      const recoveryCodes = await newRecoveryCodes(account.id);
      emitMockChange();
      return { secret, recoveryCodes };
    },
    requireSecondFactor(email, required = true) {
      const account = findAccountByEmail(email);
      if (!account) throw new TypeError(`No account has the address "${email}".`);
      db.account.update({ where: { id: { equals: account.id } }, data: { secondFactorRequired: required } });
      emitMockChange();
    },
    expireLoginTickets(email) {
      const account = findAccountByEmail(email);
      if (!account) throw new TypeError(`No account has the address "${email}".`);
      db.loginTicket.updateMany({ where: { accountId: { equals: account.id } }, data: { expires: 0 } });
      emitMockChange();
    },
    staleSignIns(email) {
      const account = findAccountByEmail(email);
      if (!account) throw new TypeError(`No account has the address "${email}".`);
      db.session.updateMany({
        where: { accountId: { equals: account.id } },
        data: { created: Date.now() - FRESH_SIGN_IN_MS - 1, freshUntil: null },
      });
      emitMockChange();
    },
    outbox() {
      return db.mail
        .findMany({ where: {}, orderBy: { seq: 'asc' } })
        .map(({ to, subject, body, link }) => ({ to, subject, body, link }));
    },
    fault(call, kind, faultOptions = {}) {
      if (!isMockCall(call)) throw new TypeError(`Unknown call "${String(call)}".`);
      if (!isFaultKind(kind)) throw new TypeError(`Unknown fault kind "${String(kind)}".`);
      addFault(call, kind, faultOptions);
      emitMockChange();
    },
    clearFaults() {
      clearFaults();
      emitMockChange();
    },
    setLatency(latency) {
      setLatency(latency);
      emitMockChange();
    },
    faults: listFaults,
    latency: getLatency,
    apiVersion,
    setApiVersion(version) {
      setApiVersion(version);
      emitMockChange();
    },
    pendingAccounts() {
      return db.account
        .findMany({ where: { active: { equals: false } }, orderBy: { created: 'asc' } })
        .map((account) => ({
          email: account.email,
          firstname: account.firstname,
          lastname: account.lastname,
          companyName: db.company.findFirst({ where: { accountId: { equals: account.id } } })?.pending_name ?? null,
          created: account.created,
        }));
    },
    seedDatastores(count, email = seedEmails.demo) {
      const total = seedDatastores(email, count);
      emitMockChange();
      return total;
    },
    datastores(email = seedEmails.demo) {
      const account = findAccountByEmail(email);
      if (!account) throw new TypeError(`No account has the address "${email}".`);
      return datastoresOf(account.id).map((row) => ({
        name: row.datastore,
        identifier: row.identifier,
        volume: row.volume,
      }));
    },
    fillDatastore(name, percent = 85) {
      const used = aroundLook(name, () => fillDatastore(name, percent));
      emitMockChange();
      return used;
    },
    failVerification(name) {
      aroundLook(name, () => failVerification(name));
      emitMockChange();
    },
    skipBackups(name, nights = 2) {
      aroundLook(name, () => skipBackups(name, nights));
      emitMockChange();
    },
    dropEventStreams() {
      return dropEventStreams();
    },
    alertRules(email) {
      const account = findAccountByEmail(email);
      if (!account) throw new TypeError(`No account has the address "${email}".`);
      return rulesOf(account.id);
    },
    subscribe: onMockChange,
  };
}
