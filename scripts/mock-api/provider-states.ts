/**
 * The provider states of the portal's consumer contract (contracts/backup-portal-v1-api.json),
 * as the mock API sets them up: each one starts from the seed and, where the state names a
 * logged-in customer, opens a session for them. The provider's backend team implements the
 * same names on their side (README, "The contract with the v1 API").
 */
import { db } from '../../src/mocks/db';
import type { MockControls } from '../../src/mocks/controls';
import { seedEmails } from '../../src/mocks/seed';
import { startSession } from '../../src/mocks/session';

export type ProviderStateParams = Record<string, unknown>;

/** What a state gives the verifier: the session cookie to send with the interaction's request. */
export interface ProviderStateResult {
  session?: string;
}

function sessionOf(email: string): ProviderStateResult {
  const account = db.account.findFirst({ where: { email: { equals: email } } });
  if (!account) throw new Error(`the seed has no account ${email}`);
  // startSession gives the Set-Cookie value; the request needs its first part only.
  return { session: startSession(account.id).split(';')[0] };
}

const states: Record<string, (params: ProviderStateParams) => ProviderStateResult> = {
  'an active customer with four datastores': () => ({}),
  'an account awaiting activation': () => ({}),
  'no account with that email address': () => ({}),
  'an email address that is not registered yet': () => ({}),
  'an email address that is already registered': () => ({}),
  'a logged-in customer with four datastores': () => sessionOf(seedEmails.demo),
  'a logged-in customer without company data or contract': () => sessionOf(seedEmails.fresh),
  'nobody is logged in': () => ({}),
  'the licence catalogue': () => ({}),
  'a password reset link sent to the customer': (params) => {
    const email = typeof params.email === 'string' ? params.email : seedEmails.demo;
    const token = typeof params.token === 'string' ? params.token : 'reset-token';
    db.resetToken.create({ token, email, expires: Date.now() + 60 * 60_000, used: false });
    return {};
  },
};

const providerStateNames = Object.keys(states);

/** Puts the mock into the named state, from the seed. Throws for a state it does not know. */
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
