/**
 * The account's protection in the mock (issue 44): the factors, adding an authenticator app and
 * confirming it with its first code (the recovery codes come with the first factor), removing a
 * factor, new recovery codes, the fresh sign-in those changes need, and the open sessions.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { mock } from '../../src/mocks/node';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs } from '../support/mock-api';

const v11 = (path: string) => `${v11Base(apiUrl(''))}${path}`;
let keys = 0;

/** A v1.1 call as the portal sends it, with a new key for a state change. */
async function call(method: string, path: string, body?: unknown) {
  const headers = new Headers({ 'X-Portal-Request': '1', 'Accept-Language': 'en' });
  if (method !== 'GET') headers.set('Idempotency-Key', `"security-key-${(keys += 1)}"`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(v11(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown> };
}

interface Enrolment {
  id: string;
  secret: string;
  otpauth_uri: string;
}

async function loggedIn(): Promise<Customer> {
  const customer = createCustomer();
  await loginAs(customer.email, customer.password);
  return customer;
}

beforeEach(() => {
  mock.setApiVersion('v1.1');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the security calls of the mock', () => {
  it('add an authenticator: its secret once, then confirmed by its first code with ten recovery codes', async () => {
    const customer = await loggedIn();
    expect((await call('GET', '/account/security')).body).toEqual({
      factors: [],
      recovery_codes_left: 0,
      second_factor_required: false,
    });
    const added = await call('POST', '/account/totp', { name: 'Phone' });
    expect(added.status).toBe(201);
    const enrolment = added.body as unknown as Enrolment;
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.otpauth_uri).toContain(encodeURIComponent(customer.email));
    expect((await call('GET', '/account/security')).body.factors, 'not yet confirmed').toEqual([]);

    const confirmed = await call('POST', `/account/totp/${enrolment.id}/confirm`, {
      code: codeAt(enrolment.secret, Date.now()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.factor).toMatchObject({ id: enrolment.id, type: 'totp', name: 'Phone' });
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    expect((await call('GET', '/account/security')).body).toMatchObject({
      factors: [{ id: enrolment.id, name: 'Phone', created_at: '2026-11-29T10:00:00.000Z' }],
      recovery_codes_left: 10,
    });
  });

  it('refuse a wrong first code, and give a second authenticator no new recovery codes', async () => {
    await loggedIn();
    const first = (await call('POST', '/account/totp', { name: 'Phone' })).body as unknown as Enrolment;
    const wrong = await call('POST', `/account/totp/${first.id}/confirm`, { code: '000000' });
    expect(wrong.body).toMatchObject({ type: '/problems/invalid-code', status: 403 });
    await call('POST', `/account/totp/${first.id}/confirm`, { code: codeAt(first.secret, Date.now()) });
    const second = (await call('POST', '/account/totp', { name: 'Tablet' })).body as unknown as Enrolment;
    const confirmed = await call('POST', `/account/totp/${second.id}/confirm`, {
      code: codeAt(second.secret, Date.now()),
    });
    expect(confirmed.body.recovery_codes).toBeUndefined();
    expect((await call('GET', '/account/security')).body.factors).toHaveLength(2);
  });

  it('ask for a fresh sign-in five minutes after the login, and take the password or a code for it', async () => {
    await loggedIn();
    const enrolment = (await call('POST', '/account/totp', { name: 'Phone' })).body as unknown as Enrolment;
    await call('POST', `/account/totp/${enrolment.id}/confirm`, { code: codeAt(enrolment.secret, Date.now()) });

    vi.setSystemTime(new Date('2026-11-29T10:05:01Z'));
    expect((await call('POST', '/account/recovery-codes')).body).toMatchObject({
      type: '/problems/reauth-required',
      status: 403,
    });
    expect((await call('POST', '/account/reauth', { password: 'wrong' })).body).toMatchObject({
      type: '/problems/wrong-credentials',
    });
    const code = codeAt(enrolment.secret, Date.now());
    expect((await call('POST', '/account/reauth', { totp: code })).body).toEqual({ fresh_for_seconds: 300 });
    expect((await call('POST', '/account/reauth', { totp: code })).body, 'the same code again').toMatchObject({
      type: '/problems/code-already-used',
    });
    const renewed = await call('POST', '/account/recovery-codes');
    expect(renewed.body.recovery_codes).toHaveLength(10);

    vi.setSystemTime(new Date('2026-11-29T10:10:02Z'));
    expect((await call('DELETE', `/account/factors/${enrolment.id}`)).body).toMatchObject({
      type: '/problems/reauth-required',
    });
  });

  it('remove a factor, and with the last one the recovery codes', async () => {
    await loggedIn();
    const enrolment = (await call('POST', '/account/totp', { name: 'Phone' })).body as unknown as Enrolment;
    await call('POST', `/account/totp/${enrolment.id}/confirm`, { code: codeAt(enrolment.secret, Date.now()) });
    expect((await call('DELETE', `/account/factors/${enrolment.id}`)).status).toBe(204);
    expect((await call('GET', '/account/security')).body).toEqual({
      factors: [],
      recovery_codes_left: 0,
      second_factor_required: false,
    });
    expect((await call('DELETE', `/account/factors/${enrolment.id}`)).body).toMatchObject({
      type: '/problems/factor-unknown',
      status: 404,
    });
    expect((await call('POST', '/account/recovery-codes')).body).toMatchObject({
      type: '/problems/factor-required',
      status: 409,
    });
  });

  it('keep the last factor of an account whose provider requires one', async () => {
    const customer = await loggedIn();
    mock.requireSecondFactor(customer.email);
    const enrolment = (await call('POST', '/account/totp', { name: 'Phone' })).body as unknown as Enrolment;
    await call('POST', `/account/totp/${enrolment.id}/confirm`, { code: codeAt(enrolment.secret, Date.now()) });
    expect((await call('GET', '/account/security')).body.second_factor_required).toBe(true);
    expect((await call('DELETE', `/account/factors/${enrolment.id}`)).body).toMatchObject({
      type: '/problems/factor-required',
      status: 409,
    });
    mock.requireSecondFactor(customer.email, false);
    expect((await call('DELETE', `/account/factors/${enrolment.id}`)).status).toBe(204);
  });

  it('list the open sessions, newest first, the current one marked, with the browser of each login', async () => {
    const customer = createCustomer();
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    await fetch(v11('/login'), {
      method: 'POST',
      headers: { 'X-Portal-Request': '1', 'Content-Type': 'application/json', 'User-Agent': firefox },
      body: JSON.stringify({ email: customer.email, password: customer.password, language: 'en' }),
    });
    vi.setSystemTime(new Date('2026-11-29T10:01:00Z'));
    await loginAs(customer.email, customer.password);
    const sessions = (await call('GET', '/account/sessions')).body as unknown as Record<string, unknown>[];
    expect(sessions).toEqual([
      expect.objectContaining({ current: true, created_at: '2026-11-29T10:01:00.000Z' }),
      expect.objectContaining({
        current: false,
        created_at: '2026-11-29T10:00:00.000Z',
        last_seen_at: '2026-11-29T10:00:00.000Z',
        device: 'Firefox on Windows',
      }),
    ]);
    expect(JSON.stringify(sessions), 'no session token in the list').not.toMatch(/[A-Za-z0-9]{40}/);
  });

  it('end another session, never the current one here, and all others at once', async () => {
    const customer = createCustomer();
    for (const minute of ['10:00', '10:01', '10:02']) {
      vi.setSystemTime(new Date(`2026-11-29T${minute}:00Z`));
      await loginAs(customer.email, customer.password);
    }
    const listed = async () =>
      (await call('GET', '/account/sessions')).body as unknown as { id: string; current: boolean }[];
    const [current, ...others] = await listed();
    expect(current?.current).toBe(true);
    expect(others).toHaveLength(2);
    expect((await call('DELETE', `/account/sessions/${others[0]?.id ?? ''}`)).status).toBe(204);
    expect(await listed()).toHaveLength(2);
    expect((await call('DELETE', `/account/sessions/${current?.id ?? ''}`)).body).toMatchObject({
      type: '/problems/session-unknown',
    });
    expect((await call('DELETE', '/account/sessions')).body).toMatchObject({ type: '/problems/invalid-fields' });
    expect((await call('DELETE', '/account/sessions?except=current')).status).toBe(204);
    expect(await listed()).toEqual([expect.objectContaining({ id: current?.id, current: true })]);

    vi.setSystemTime(new Date('2026-11-29T10:07:01Z'));
    expect((await call('DELETE', '/account/sessions?except=current')).body).toMatchObject({
      type: '/problems/reauth-required',
    });
  });

  it('answer no one without a session, and nothing while the mock speaks v1 only', async () => {
    expect((await call('GET', '/account/security')).status).toBe(401);
    expect((await call('POST', '/account/reauth', { password: 'x' })).status).toBe(401);
    await loggedIn();
    mock.setApiVersion('v1');
    expect((await call('GET', '/account/security')).status).toBe(404);
  });
});
