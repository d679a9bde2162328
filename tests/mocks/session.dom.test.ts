import { describe, expect, it, beforeEach } from 'vitest';
import { me } from '../../src/api/auth';
import { login } from '../../src/api/login';
import { getCompany } from '../../src/api/company';
import { editCompany } from '../../src/api/company-edit';
import { cancelContract } from '../../src/api/contract';
import { buyDatastore, cancelDatastore, getStatus } from '../../src/api/datastores';
import { setLanguage, setNotifications, logout } from '../../src/api/settings';
import { mock } from '../../src/mocks/node';
import { apiError, companyEdit, loginAs, SEED_PASSWORD, seedEmails, send } from '../support/mock-api';

// The mock's v1 through the client's v1 calls; v1.1's are tested in tests/mocks/v1-1*.test.ts and tests/api/v1-1*.
beforeEach(() => mock.setApiVersion('v1'));

describe('login', () => {
  it('logs an active account in and answers is_active true', async () => {
    await expect(loginAs()).resolves.toEqual({ is_active: true });
  });

  it('carries the session cookie to later calls made with credentials', async () => {
    await loginAs();
    const user = await me();
    expect(user.email).toBe(seedEmails.demo);
  });

  it('stores the language the login was made in, which later mails follow', async () => {
    await login({ email: seedEmails.demo, password: SEED_PASSWORD, language: 'en' });
    await expect(me()).resolves.toMatchObject({ language: 'en' });
    await login({ email: seedEmails.demo, password: SEED_PASSWORD, language: 'de' });
    await expect(me()).resolves.toMatchObject({ language: 'de' });
  });

  it('accepts the email in any letter case', async () => {
    await expect(loginAs('Demo@Example.COM')).resolves.toEqual({ is_active: true });
  });

  it('answers is_active false for an account awaiting activation and starts no session', async () => {
    await expect(loginAs(seedEmails.pending)).resolves.toEqual({ is_active: false });
    const error = await apiError(me());
    expect(error.status).toBe(401);
  });

  it('refuses a wrong password with 403, not 401, so the portal does not show the activation notice', async () => {
    const error = await apiError(loginAs(seedEmails.demo, 'Wrong-Password-2026'));
    expect(error).toMatchObject({ kind: 'http', status: 403, reason: 'Username and password do not match' });
  });

  it('refuses an unknown email with the same 403 as a wrong password', async () => {
    const error = await apiError(loginAs('nobody@example.com'));
    expect(error).toMatchObject({ kind: 'http', status: 403, reason: 'Username and password do not match' });
  });

  it('refuses a pending account with a wrong password like any other', async () => {
    const error = await apiError(loginAs(seedEmails.pending, 'Wrong-Password-2026'));
    expect(error.status).toBe(403);
  });

  it('refuses a payload that breaks LoginPayload with 400 and names the field', async () => {
    const result = await send('POST', '/login', { email: 'demo@example.com', password: 'x', language: 'fr' });
    expect(result).toEqual({ status: 400, body: { status: 'error', reason: 'The language is not valid.' } });
  });
});

describe('calls that need a login', () => {
  const guarded: [string, () => Promise<unknown>][] = [
    ['GET /me', () => me()],
    ['GET /company', () => getCompany()],
    ['GET /status', () => getStatus()],
    ['GET /product/pbs/…', () => buyDatastore('extra', 1)],
    ['POST /edit/company', () => editCompany(companyEdit())],
    ['POST /language', () => setLanguage('en')],
    ['GET /notifications/…', () => setNotifications(false)],
    ['GET /contract/cancel', () => cancelContract()],
    ['GET /datastore/cancel/…', () => cancelDatastore('backup')],
  ];

  it.each(guarded)('%s answers 401 Not logged in without a session', async (_name, call) => {
    const error = await apiError(call());
    expect(error).toMatchObject({ kind: 'http', status: 401, reason: 'Not logged in' });
    expect(error.isUnauthorized).toBe(true);
  });

  it('does not accept a session from before a reset', async () => {
    await loginAs();
    mock.reset();
    expect((await apiError(me())).status).toBe(401);
  });
});

describe('logout', () => {
  it('ends the session and answers done', async () => {
    await loginAs();
    await expect(logout()).resolves.toBeUndefined();
    expect((await apiError(me())).status).toBe(401);
  });

  it('answers 401 when there is no session, which the client also takes as logged out', async () => {
    expect((await send('GET', '/logout')).status).toBe(401);
    await expect(logout()).resolves.toBeUndefined();
  });

  it('ends only its own session: logging in again starts a new one', async () => {
    await loginAs();
    await logout();
    await loginAs();
    await expect(me()).resolves.toMatchObject({ email: seedEmails.demo });
  });
});
