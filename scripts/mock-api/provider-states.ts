/**
 * The provider states of the portal's consumer contracts (contracts/backup-portal-v1-api.json and
 * contracts/backup-portal-v1.1-api.json),
 * as the mock API sets them up: each one starts from the seed the server runs on and answers
 * with the values the interaction's request is built from (Pact's `fromProviderState`: an email
 * and password to log in with, the name of a running datastore, a licence id, a reset token),
 * and, where the state names a logged-in customer, the session to send. The mock finds those
 * values in its database rather than knowing a seed's names, so the states hold on every seed
 * scenario (decision 030). The provider's backend team implements the same names on their side
 * (README, "The contract with the v1 API").
 */
import { datastoresOf, db, findAccountByEmail, findCompany, type AccountRow } from '../../src/mocks/db';
import type { MockControls } from '../../src/mocks/controls';
import { randomToken } from '../../src/mocks/random';
import { cancelDatastore } from '../../src/mocks/cancellations';
import { startSession } from '../../src/mocks/session';
import { startPurchase } from '../../src/mocks/v1-1/operations';
import { lookForAlerts } from '../../src/mocks/v1-1/alerts';
import { failVerification } from '../../src/mocks/v1-1/schedule-changes';

export type ProviderStateParams = Record<string, unknown>;

/**
 * What a state gives the verifier: the values the interaction's request takes from the provider
 * state, and the session cookie to send with it.
 */
export type ProviderStateResult = Record<string, string | number> & { session?: string };

/** The oldest account that fits: the states pick from whatever seed the mock runs on. */
function accountWhere(fits: (account: AccountRow) => boolean, what: string): AccountRow {
  const account = db.account.findMany({ where: {}, orderBy: { created: 'asc' } }).find(fits);
  if (!account) throw new Error(`the seed has no ${what}`);
  return account;
}

/** A datastore the customer can cancel: running and not yet cancelled. */
function cancellableDatastore(account: AccountRow) {
  return datastoresOf(account.id).find((datastore) => datastore.contract_end_date === null);
}

/** An active customer with company data, a contract and a datastore that can be cancelled. */
const customer = () =>
  accountWhere(
    (account) =>
      account.active &&
      account.company_number !== null &&
      Boolean(findCompany(account.id)?.name) &&
      cancellableDatastore(account) !== undefined,
    'active customer with company data and a running datastore',
  );
const awaitingActivation = () => accountWhere((account) => !account.active, 'account awaiting activation');
const withoutCompany = () =>
  accountWhere(
    (account) => account.active && account.company_number === null && !findCompany(account.id)?.name,
    'active account without company data',
  );

function session(account: AccountRow): string {
  // startSession gives the Set-Cookie value; the request needs its first part only.
  return startSession(account.id).split(';')[0] ?? '';
}

/** An email address the seed does not know: the consumer's, unless the seed happens to have it. */
function unknownEmail(params: ProviderStateParams): string {
  const wanted = typeof params.email === 'string' ? params.email : 'nobody@example.com';
  return findAccountByEmail(wanted) ? `unknown-${randomToken(8).toLowerCase()}@example.com` : wanted;
}

const states: Record<string, (params: ProviderStateParams) => ProviderStateResult> = {
  'an active customer': () => {
    const { email, password } = customer();
    return { email, password };
  },
  'an account awaiting activation': () => {
    const { email, password } = awaitingActivation();
    return { email, password };
  },
  'no account with that email address': (params) => ({ email: unknownEmail(params) }),
  'an email address that is not registered yet': (params) => ({ email: unknownEmail(params) }),
  'an email address that is already registered': () => ({ email: customer().email }),
  'a logged-in customer with a running datastore': () => {
    const account = customer();
    return { session: session(account), email: account.email, name: cancellableDatastore(account)?.datastore ?? '' };
  },
  'a logged-in customer without company data or contract': () => ({ session: session(withoutCompany()) }),
  // The mock refuses a purchase before the company data is complete (403 with a reason).
  'the server refuses a purchase with a reason': () => ({ session: session(withoutCompany()) }),
  // The mock refuses direct debit with an IBAN that fails its checksum (400 with a reason).
  'the server refuses an edit of the company data with a reason': () => ({ session: session(customer()) }),
  'nobody is logged in': () => ({}),
  // v1.1 (contracts/backup-portal-v1.1-api.json): a purchase accepted, its operation not yet over.
  'a logged-in customer with a purchase under way': () => {
    const account = customer();
    const operation = startPurchase(account, 'daily', 0, 'en');
    return { session: session(account), operation: operation.id };
  },
  // v1.1 (issue 45): a running datastore of a fixed volume with a year of history (each of the
  // account's running datastores a year old), for the usage and the health.
  'a logged-in customer with a fixed-volume datastore a year old': () => {
    const account = customer();
    const running = datastoresOf(account.id).filter((datastore) => datastore.contract_end_date === null);
    const datastore = running.find((candidate) => candidate.volume > 0) ?? running[0];
    if (!datastore) throw new Error('the mock has no running datastore for this state');
    // Each of its running datastores a year old: every one has had its backups and jobs.
    for (const { id } of running) {
      db.datastore.update({ where: { id: { equals: id } }, data: { created: Date.now() - 400 * 86_400_000 } });
    }
    if (datastore.volume <= 0) db.datastore.update({ where: { id: { equals: datastore.id } }, data: { volume: 1 } });
    return { session: session(account), name: datastore.datastore };
  },
  // v1.1 (issue 45): an alert raised for the customer, after its first look: a verification of a
  // running datastore failed.
  'a logged-in customer with an alert raised': () => {
    const account = customer();
    const datastore = datastoresOf(account.id).find((candidate) => candidate.contract_end_date === null);
    if (!datastore) throw new Error('the mock has no running datastore for this state');
    lookForAlerts(account);
    failVerification(datastore.datastore);
    lookForAlerts(account);
    return { session: session(account), name: datastore.datastore };
  },
  // v1.1: a datastore of the customer's that still runs but is cancelled already (409 `already-cancelled`).
  'a logged-in customer with a cancelled datastore': () => {
    const account = customer();
    const name = cancellableDatastore(account)?.datastore ?? '';
    const outcome = cancelDatastore(account, name, 'en');
    if (!outcome.ok) throw new Error(`the mock does not cancel the datastore ${name}`);
    return { session: session(account), name };
  },
  'the licence catalogue': () => {
    const [first] = db.licence.findMany({ where: {}, orderBy: { id: 'asc' } });
    if (!first) throw new Error('the seed has no licences');
    return { productId: first.id };
  },
  'a password reset link sent to the customer': () => {
    const { email } = customer();
    const token = randomToken(32);
    db.resetToken.create({ token, email, expires: Date.now() + 60 * 60_000, used: false });
    return { email, token };
  },
};

const providerStateNames = Object.keys(states);

/** Puts the mock into the named state, from its seed. Throws for a state it does not know. */
export function setUpProviderState(
  controls: MockControls,
  state: string,
  params: ProviderStateParams = {},
): ProviderStateResult {
  const setUp = states[state];
  if (!setUp) throw new Error(`Unknown provider state "${state}". Known: ${providerStateNames.join('; ')}`);
  controls.reset();
  return setUp(params);
}
