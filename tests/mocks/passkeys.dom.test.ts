/**
 * Passkeys in the mock (issue 44): real WebAuthn ceremonies with a software authenticator. A passkey
 * is added after a fresh sign-in, signs in alone, answers a login's second step and a fresh sign-in;
 * a challenge is taken once, and an assertion for another origin, or by a passkey the mock does not
 * know, is refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { mock } from '../../src/mocks/node';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs } from '../support/mock-api';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../support/software-authenticator';

const v11 = (path: string) => `${v11Base(apiUrl(''))}${path}`;
/** The page's origin: the API's own in these tests (no `Origin` is sent). */
const origin = new URL(apiUrl('')).origin;
let keys = 0;

async function call(method: string, path: string, body?: unknown) {
  const headers = new Headers({ 'X-Portal-Request': '1', 'Accept-Language': 'en' });
  if (method !== 'GET' && !path.includes('/options') && !path.startsWith('/login') && path !== '/account/reauth') {
    headers.set('Idempotency-Key', `"passkey-key-${(keys += 1)}"`);
  }
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(v11(path), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as Record<string, unknown> };
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

const me = async () => (await fetch(apiUrl('/me'))).status;

/** A logged-in customer who has just added a passkey of `authenticator`. */
async function withPasskey(authenticator: SoftwareAuthenticator): Promise<Customer> {
  const customer = createCustomer();
  await loginAs(customer.email, customer.password);
  const options = (await call('POST', '/account/passkeys/options')).body as unknown as CreationOptions;
  const added = await call('POST', '/account/passkeys', {
    name: 'Laptop',
    credential: await authenticator.register(options, origin),
  });
  expect(added.status).toBe(201);
  return customer;
}

beforeEach(() => mock.setApiVersion('v1.1'));

describe('passkeys in the mock', () => {
  it('are added as a factor, with ten recovery codes when it is the first', async () => {
    const authenticator = await softwareAuthenticator();
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    const options = (await call('POST', '/account/passkeys/options')).body as unknown as CreationOptions & {
      user: { name: string };
      authenticatorSelection: { residentKey: string; userVerification: string };
    };
    expect(options.user.name).toBe(customer.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    const added = await call('POST', '/account/passkeys', {
      name: 'Laptop',
      credential: await authenticator.register(options, origin),
    });
    expect(added.body.factor).toMatchObject({ type: 'passkey', name: 'Laptop' });
    expect(added.body.recovery_codes).toHaveLength(10);
    expect((await call('GET', '/account/security')).body.factors).toEqual([
      expect.objectContaining({ type: 'passkey', name: 'Laptop' }),
    ]);
  });

  it('sign in alone, without an address or a password, and the same assertion is not taken twice', async () => {
    const authenticator = await softwareAuthenticator();
    await withPasskey(authenticator);
    await fetch(apiUrl('/logout'));
    const options = (await call('POST', '/login/passkey/options')).body as unknown as RequestOptions & {
      allowCredentials: unknown[];
    };
    expect(options.allowCredentials).toEqual([]);
    const assertion = await authenticator.assert(options, origin);
    expect((await call('POST', '/login/passkey', { assertion })).status).toBe(204);
    expect(await me()).toBe(200);
    await fetch(apiUrl('/logout'));
    expect((await call('POST', '/login/passkey', { assertion })).body).toMatchObject({
      type: '/problems/passkey-refused',
    });
    expect(await me()).toBe(401);
  });

  it('refuse an assertion for another origin, and one of a passkey the mock does not know', async () => {
    const authenticator = await softwareAuthenticator();
    await withPasskey(authenticator);
    await fetch(apiUrl('/logout'));
    const elsewhere = (await call('POST', '/login/passkey/options')).body as unknown as RequestOptions;
    const phished = await authenticator.assert(elsewhere, 'https://portal.example.net');
    expect((await call('POST', '/login/passkey', { assertion: phished })).body).toMatchObject({
      type: '/problems/passkey-refused',
    });
    const stranger = await softwareAuthenticator();
    const options = (await call('POST', '/login/passkey/options')).body as unknown as RequestOptions;
    expect(
      (await call('POST', '/login/passkey', { assertion: await stranger.assert(options, origin) })).body,
    ).toMatchObject({ type: '/problems/passkey-refused' });
    expect(await me()).toBe(401);
  });

  it('answer a login’s second step, with the options in the login’s answer', async () => {
    const authenticator = await softwareAuthenticator();
    const customer = await withPasskey(authenticator);
    await fetch(apiUrl('/logout'));
    const login = await call('POST', '/login', { email: customer.email, password: customer.password, language: 'en' });
    const offer = login.body.second_factor as { ticket: string; methods: string[]; passkey_options: RequestOptions };
    expect(offer.methods).toEqual(['passkey', 'recovery']);
    const step = await call('POST', '/login/second-factor', {
      ticket: offer.ticket,
      assertion: await authenticator.assert(offer.passkey_options, origin),
    });
    expect(step.status).toBe(204);
    expect(await me()).toBe(200);
  });

  it('answer a fresh sign-in', async () => {
    const authenticator = await softwareAuthenticator();
    await withPasskey(authenticator);
    const options = (await call('POST', '/account/reauth/options')).body as unknown as RequestOptions & {
      allowCredentials: { id: string }[];
    };
    expect(options.allowCredentials.map(({ id }) => id)).toEqual([authenticator.credentialId]);
    const reauth = await call('POST', '/account/reauth', { assertion: await authenticator.assert(options, origin) });
    expect(reauth.body).toEqual({ fresh_for_seconds: 300 });
  });
});
