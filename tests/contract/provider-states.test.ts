/**
 * The mock's provider states (scripts/mock-api/provider-states.ts) choose the values the contract's
 * requests take with `fromProviderState`, from whichever seed the mock runs on (decision 030).
 */
import { describe, expect, it } from 'vitest';
import { setUpProviderState } from '../../scripts/mock-api/provider-states';
import { runningDatastores } from '../../src/mocks/cancellations';
import { createMockControls } from '../../src/mocks/controls';
import { datastoresOf, findAccountByEmail } from '../../src/mocks/db';
import { seedNameFrom, type SeedName } from '../../src/mocks/seed-scenarios';
import { sessionAccount } from '../../src/mocks/session';

const seeds: readonly SeedName[] = ['default', 'second'];

describe.each(seeds)('the provider states on the %s seed', (seed) => {
  const controls = createMockControls({ seed });

  it('answers a running, uncancelled datastore of the logged-in customer and their session', () => {
    const { name, email, session } = setUpProviderState(controls, 'a logged-in customer with a running datastore');
    expect(session).toMatch(/^portal_session=.+/);
    const account = findAccountByEmail(String(email));
    const datastore = datastoresOf(account?.id ?? '').find((candidate) => candidate.datastore === name);
    expect(datastore?.contract_end_date).toBeNull();
  });

  it('answers the email and password of an active customer and of an account awaiting activation', () => {
    const active = setUpProviderState(controls, 'an active customer');
    expect(findAccountByEmail(String(active.email))).toMatchObject({ active: true, password: active.password });
    const pending = setUpProviderState(controls, 'an account awaiting activation');
    expect(findAccountByEmail(String(pending.email))).toMatchObject({ active: false, password: pending.password });
  });

  it('answers the email and token of a reset link that the mock has stored', () => {
    const { email, token } = setUpProviderState(controls, 'a password reset link sent to the customer');
    expect(findAccountByEmail(String(email))).not.toBeNull();
    expect(token).toMatch(/^\w{32}$/);
  });

  it('keeps the unknown email the consumer names unless the seed knows it', () => {
    expect(setUpProviderState(controls, 'no account with that email address', { email: 'nobody@example.com' })).toEqual(
      { email: 'nobody@example.com' },
    );
    const taken = String(setUpProviderState(controls, 'an email address that is already registered').email);
    const free = setUpProviderState(controls, 'an email address that is not registered yet', { email: taken });
    expect(free.email).not.toBe(taken);
    expect(findAccountByEmail(String(free.email))).toBeNull();
  });

  it('answers the id of a purchase under way that the customer of the session may read (v1.1)', () => {
    const { session, operation } = setUpProviderState(controls, 'a logged-in customer with a purchase under way');
    expect(session).toMatch(/^portal_session=.+/);
    expect(String(operation)).toMatch(/^op_\w+$/);
  });

  it('answers a datastore of the logged-in customer that still runs but is cancelled already (v1.1)', () => {
    const { name, session } = setUpProviderState(controls, 'a logged-in customer with a cancelled datastore');
    const [cookie = '', ...value] = String(session).split('=');
    const account = sessionAccount({ [cookie]: value.join('=') });
    const datastore = runningDatastores(account?.id ?? '').find((candidate) => candidate.datastore === name);
    expect(datastore?.contract_end_date).toEqual(expect.any(String));
  });

  it('answers the id of a licence in the catalogue', () => {
    expect(setUpProviderState(controls, 'the licence catalogue').productId).toBe(seed === 'default' ? 1 : 101);
  });
});

describe('the seed setting', () => {
  it('is the default seed when unset and refuses a name it does not know', () => {
    expect(seedNameFrom(undefined)).toBe('default');
    expect(seedNameFrom('second')).toBe('second');
    expect(() => seedNameFrom('third')).toThrow('Unknown seed "third". Known: default, second');
  });
});
