/**
 * The fresh sign-in a risky change may need (issue 44, decision 058, point 4) at the calls' tier,
 * against the mock's real handlers: a v1.1 change answered `reauth-required` waits for the dialog
 * (src/api/fresh-sign-in.ts, here a listener standing in for the app), and is sent again with the
 * same idempotency key once confirmed; given up, it ends with the server's refusal; with nobody to
 * ask, at once. Every call that asks while the dialog is open waits for the same one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editCompany } from '../../src/api/company-edit';
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
import { logout as logoutV11 } from '../../src/api/v1-1/calls';
import { confirmFreshSignIn, freshSignInMethods, loadFreshSignInMethods } from '../../src/api/v1-1/reauth';
import { findAccountByEmail, findCompany } from '../../src/mocks/db';
import { mock, server } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { companyEdit, loginAs } from '../support/mock-api';

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
  it('is no wait with nobody listening, and none for a caller that gave up before', async () => {
    await expect(askForFreshSignIn()).resolves.toBe('cancelled');
    const heard = vi.fn();
    unsubscribe = subscribeFreshSignIn(heard);
    await expect(askForFreshSignIn(AbortSignal.abort())).rejects.toMatchObject({ kind: 'aborted' });
    expect(freshSignInAsked()).toBe(false);
    // Nothing asked, nothing to end: the listeners hear nothing.
    settleFreshSignIn('confirmed');
    expect(heard).not.toHaveBeenCalled();
  });

  it('gives the outcome to the calls still waiting, not to one that gave up', async () => {
    unsubscribe = subscribeFreshSignIn(() => {});
    const leaving = new AbortController();
    const left = askForFreshSignIn(leaving.signal);
    const staying = new AbortController();
    const stays = askForFreshSignIn(staying.signal);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ kind: 'aborted' });
    settleFreshSignIn('confirmed');
    await expect(stays).resolves.toBe('confirmed');
    expect(freshSignInAsked()).toBe(false);
    // The one that stayed no longer listens for its abort: aborting later changes nothing.
    staying.abort();
    expect(freshSignInAsked()).toBe(false);
  });

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

describe('the company edit', () => {
  /** The company edits the mock was sent: version, path and key. */
  function edits(): () => string[] {
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/edit/company'))
        seen.push(
          `${pathname.replace(/^.*\/api\//, '')} ${request.headers.get('Idempotency-Key') === null ? 'no key' : 'key'}`,
        );
    };
    server.events.on('request:start', record);
    afterEach(() => server.events.removeListener('request:start', record));
    return () => seen;
  }

  it('goes on v1.1 with a key where the server offers second factors, its payload checked before', async () => {
    const sent = edits();
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    await expect(editCompany(companyEdit({ pending_name: '' }))).rejects.toMatchObject({
      kind: 'invalid-request',
      cause: expect.any(Error),
    });
    expect(sent()).toEqual([]);
    await editCompany(companyEdit({ pending_city: 'Potsdam' }));
    expect(sent()).toEqual(['v1.1/edit/company key']);
    const account = findAccountByEmail(customer.email);
    expect(account ? findCompany(account.id)?.pending_city : undefined).toBe('Potsdam');
  });

  it('asks for the fresh sign-in when it changes the payment, and then saves it', async () => {
    const sent = edits();
    const customer = await staleCustomer();
    const dialog = dialogAnswers(async () => {
      await confirmFreshSignIn({ method: 'password', secret: customer.password });
      return 'confirmed';
    });
    await editCompany(companyEdit({ payment_type: 'bill', iban: '', checkbox_iban: false }));
    expect(dialog.opened()).toBe(1);
    expect(sent()).toEqual(['v1.1/edit/company key', 'v1.1/edit/company key']);
  });

  it('stays on v1 where the server does not speak v1.1', async () => {
    const sent = edits();
    mock.setApiVersion('v1');
    forgetServerOffer();
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    await editCompany(companyEdit());
    expect(sent()).toEqual(['v1/edit/company no key']);
  });
});

describe('the v1.1 logout', () => {
  it('ends the session, and a session over already is no failure; any other failure is', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    await logoutV11();
    // The session is over on the server: its 401 is the logout's success.
    await logoutV11();
    await loginAs(customer.email, customer.password);
    mock.fault('v1.1 POST /logout', 'http500');
    await expect(logoutV11()).rejects.toMatchObject({ status: 500 });
  });
});
