/**
 * The fresh sign-in a risky change may need (issue 44, decision 058, point 4) at the calls' tier,
 * against the mock's real handlers: a v1.1 change answered `reauth-required` waits for the dialog
 * (src/api/fresh-sign-in.ts, here a listener standing in for the app), and is sent again with the
 * same idempotency key once confirmed; given up, it ends with the server's refusal; with nobody to
 * ask, at once. Every call that asks while the dialog is open waits for the same one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancelContract } from '../../src/api/contract';
import { cancelDatastore } from '../../src/api/datastores';
import { ApiError } from '../../src/api/error';
import {
  askForFreshSignIn,
  freshSignInAsked,
  settleFreshSignIn,
  subscribeFreshSignIn,
  type FreshSignInOutcome,
} from '../../src/api/fresh-sign-in';
import { forgetServerOffer } from '../../src/api/server-version';
import { confirmFreshSignIn, freshSignInMethods, loadFreshSignInMethods } from '../../src/api/v1-1/reauth';
import { findAccountByEmail, findCompany } from '../../src/mocks/db';
import { mock, server } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs } from '../support/mock-api';

let unsubscribe: (() => void) | null = null;

beforeEach(() => {
  mock.setApiVersion('v1.1');
  forgetServerOffer();
});

afterEach(() => {
  unsubscribe?.();
  unsubscribe = null;
});

/** The app's part: each time the dialog opens, `answer` says how it ends. */
function dialogAnswers(answer: () => Promise<FreshSignInOutcome>): { opened: () => number } {
  let opened = 0;
  unsubscribe = subscribeFreshSignIn(() => {
    if (!freshSignInAsked()) return;
    opened += 1;
    void answer().then(settleFreshSignIn);
  });
  return { opened: () => opened };
}

/** The idempotency keys of the cancellations the mock was sent, in order. */
function cancellationKeys(): () => string[] {
  const keys: string[] = [];
  const record = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith('/contract/cancellation'))
      keys.push(request.headers.get('Idempotency-Key') ?? '');
  };
  server.events.on('request:start', record);
  afterEach(() => server.events.removeListener('request:start', record));
  return () => keys;
}

function contractEnd(customer: Customer): string | null | undefined {
  const account = findAccountByEmail(customer.email);
  return account ? findCompany(account.id)?.contract_end_date : undefined;
}

async function staleCustomer(): Promise<Customer> {
  const customer = createCustomer({ datastores: [aDatastore('backup')] });
  await loginAs(customer.email, customer.password);
  mock.staleSignIns(customer.email);
  return customer;
}

describe('a change that needs a fresh sign-in', () => {
  it('is sent again with the same key once the customer confirms with the password', async () => {
    const customer = await staleCustomer();
    const keys = cancellationKeys();
    const dialog = dialogAnswers(async () => {
      await confirmFreshSignIn({ method: 'password', secret: customer.password });
      return 'confirmed';
    });
    await cancelContract();
    expect(dialog.opened()).toBe(1);
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);
    expect(contractEnd(customer)).toBeTruthy();
  });

  it('ends with the server refusal when the customer gives up, and nothing is cancelled', async () => {
    dialogAnswers(async () => 'cancelled');
    const customer = await staleCustomer();
    const refusal = await cancelContract().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, problem: 'reauth-required' });
    expect(contractEnd(customer)).toBeFalsy();
  });

  it('ends as a 401 when the session was over in the dialog', async () => {
    await staleCustomer();
    dialogAnswers(async () => 'session-ended');
    await expect(cancelContract()).rejects.toMatchObject({ status: 401, isUnauthorized: true });
  });

  it('is refused at once where no dialog can show', async () => {
    await staleCustomer();
    await expect(cancelContract()).rejects.toMatchObject({ status: 403, problem: 'reauth-required' });
    expect(freshSignInAsked()).toBe(false);
  });

  it('asks once for two changes that wait together', async () => {
    const customer = createCustomer({ datastores: [aDatastore('one'), aDatastore('two')] });
    await loginAs(customer.email, customer.password);
    mock.staleSignIns(customer.email);
    const dialog = dialogAnswers(async () => {
      await confirmFreshSignIn({ method: 'password', secret: customer.password });
      return 'confirmed';
    });
    await Promise.all([cancelDatastore('one'), cancelDatastore('two')]);
    expect(dialog.opened()).toBe(1);
  });
});

describe('the wait for the dialog', () => {
  it('ends for a caller that aborts, and the dialog closes when no call waits', async () => {
    unsubscribe = subscribeFreshSignIn(() => {});
    const first = new AbortController();
    const second = new AbortController();
    const waits = [askForFreshSignIn(first.signal), askForFreshSignIn(second.signal)];
    expect(freshSignInAsked()).toBe(true);
    first.abort();
    await expect(waits[0]).rejects.toMatchObject({ kind: 'aborted' });
    expect(freshSignInAsked()).toBe(true);
    second.abort();
    await expect(waits[1]).rejects.toMatchObject({ kind: 'aborted' });
    expect(freshSignInAsked()).toBe(false);
  });
});

describe('the ways to confirm', () => {
  it('are the password, then the factors the account has and the browser can use, the recovery code last', () => {
    const factor = (type: string) => ({ id: type, type, name: type, created_at: '2026-11-01T00:00:00Z' });
    const protection = { factors: [factor('passkey'), factor('totp')], recovery_codes_left: 3 };
    expect(freshSignInMethods(protection, true)).toEqual(['password', 'totp', 'passkey', 'recovery']);
    expect(freshSignInMethods(protection, false)).toEqual(['password', 'totp', 'recovery']);
    expect(freshSignInMethods({ factors: [], recovery_codes_left: 0 }, true)).toEqual(['password']);
  });

  it('are read from the account: an authenticator app and its recovery codes', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    await mock.protectWithAuthenticator(customer.email);
    expect(await loadFreshSignInMethods()).toEqual(['password', 'totp', 'recovery']);
  });

  it('refuse a wrong password in the server words', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    await expect(confirmFreshSignIn({ method: 'password', secret: 'wrong-password' })).rejects.toMatchObject({
      reason: 'The password is wrong.',
    });
  });
});
