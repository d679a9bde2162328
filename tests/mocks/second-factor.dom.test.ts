/**
 * The login's second step in the mock (issue 44, decision 058): an account with an authenticator
 * gets a ticket and no session for its password, on v1's login as on v1.1's; the ticket with a
 * code, or a recovery code, gets the session; each code is taken once; five wrong codes end the
 * ticket. A mock that speaks v1 only knows nothing of it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { mock } from '../../src/mocks/node';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { createCustomer, type Customer } from '../support/customers';

const v11 = (path: string) => `${v11Base(apiUrl(''))}${path}`;

/** A call as the portal sends it, in English unless told. */
function post(url: string, body: unknown, language = 'en') {
  return fetch(url, {
    method: 'POST',
    headers: { 'X-Portal-Request': '1', 'Accept-Language': language, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const me = () => fetch(apiUrl('/me'));

interface Protected extends Customer {
  secret: string;
  recoveryCodes: string[];
}

async function protectedCustomer(): Promise<Protected> {
  const customer = createCustomer();
  return { ...customer, ...(await mock.protectWithAuthenticator(customer.email)) };
}

/** The password step on v1.1's login: its ticket. */
async function ticketFor(customer: Customer): Promise<string> {
  const response = await post(v11('/login'), { email: customer.email, password: customer.password, language: 'en' });
  expect(response.status).toBe(200);
  const { second_factor } = (await response.json()) as { second_factor: { ticket: string } };
  return second_factor.ticket;
}

beforeEach(() => mock.setApiVersion('v1.1'));

describe('the login of an account with an authenticator', () => {
  it('answers the password with a ticket and the methods, and no session, on v1.1', async () => {
    const customer = await protectedCustomer();
    const response = await post(v11('/login'), { email: customer.email, password: customer.password, language: 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(await response.json()).toEqual({
      second_factor: {
        ticket: expect.stringMatching(/^[A-Za-z0-9]{32}$/) as unknown,
        methods: ['totp', 'recovery'],
        expires_in: 300,
      },
    });
    expect((await me()).status).toBe(401);
  });

  it('answers v1’s login with is_active and the ticket, and no session, so that no client gets past the code', async () => {
    const customer = await protectedCustomer();
    const response = await fetch(apiUrl('/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password, language: 'en' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { is_active: boolean; second_factor?: { methods: string[] } };
    expect(body.is_active).toBe(true);
    expect(body.second_factor?.methods).toEqual(['totp', 'recovery']);
    expect((await me()).status).toBe(401);
  });

  it('starts the session for the ticket with the authenticator’s code, and takes that code only once', async () => {
    const customer = await protectedCustomer();
    const code = codeAt(customer.secret, Date.now());
    const first = await post(v11('/login/second-factor'), { ticket: await ticketFor(customer), totp: code });
    expect(first.status).toBe(204);
    expect((await me()).status).toBe(200);

    await fetch(apiUrl('/logout'));
    const again = await post(v11('/login/second-factor'), { ticket: await ticketFor(customer), totp: code }, 'de');
    expect(again.status).toBe(403);
    expect(await again.json()).toMatchObject({ type: '/problems/code-already-used', title: 'Code bereits verwendet' });
    expect((await me()).status).toBe(401);
  });

  it('counts wrong codes down, and ends the ticket at the fifth', async () => {
    const customer = await protectedCustomer();
    const ticket = await ticketFor(customer);
    const now = Date.now();
    const takenNow = new Set([-30_000, 0, 30_000].map((offset) => codeAt(customer.secret, now + offset)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !takenNow.has(code)) ?? '';
    for (const left of [4, 3, 2, 1]) {
      const response = await post(v11('/login/second-factor'), { ticket, totp: wrong });
      expect(await response.json()).toMatchObject({
        type: '/problems/invalid-code',
        status: 403,
        remaining_attempts: left,
      });
    }
    const fifth = await post(v11('/login/second-factor'), { ticket, totp: wrong });
    expect(await fifth.json()).toMatchObject({ type: '/problems/ticket-expired' });
    const right = await post(v11('/login/second-factor'), { ticket, totp: codeAt(customer.secret, Date.now()) });
    expect(await right.json()).toMatchObject({ type: '/problems/ticket-expired' });
    expect((await me()).status).toBe(401);
  });

  it('takes a recovery code once, typed in capitals and without its dash too', async () => {
    const customer = await protectedCustomer();
    const [code = ''] = customer.recoveryCodes;
    expect(customer.recoveryCodes).toHaveLength(10);
    expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    const typed = code.replace('-', '').toUpperCase();
    expect(
      (await post(v11('/login/second-factor'), { ticket: await ticketFor(customer), recovery_code: typed })).status,
    ).toBe(204);
    await fetch(apiUrl('/logout'));
    const again = await post(v11('/login/second-factor'), { ticket: await ticketFor(customer), recovery_code: code });
    expect(await again.json()).toMatchObject({ type: '/problems/invalid-code', remaining_attempts: 4 });
  });

  it('refuses a ticket it did not issue, and a step with both kinds of code or neither', async () => {
    const customer = await protectedCustomer();
    const code = codeAt(customer.secret, Date.now());
    expect(
      await (await post(v11('/login/second-factor'), { ticket: 'made-up-ticket-0000', totp: code })).json(),
    ).toMatchObject({
      type: '/problems/ticket-expired',
    });
    const ticket = await ticketFor(customer);
    for (const body of [{ ticket }, { ticket, totp: code, recovery_code: customer.recoveryCodes[0] }]) {
      expect(await (await post(v11('/login/second-factor'), body)).json()).toMatchObject({
        type: '/problems/invalid-fields',
      });
    }
  });

  it('ends a waiting login when the operator expires it', async () => {
    const customer = await protectedCustomer();
    const ticket = await ticketFor(customer);
    mock.expireLoginTickets(customer.email);
    const step = await post(v11('/login/second-factor'), { ticket, totp: codeAt(customer.secret, Date.now()) });
    expect(await step.json()).toMatchObject({ type: '/problems/ticket-expired' });
  });

  it('is unknown to a mock that speaks v1 only: the password alone starts the session', async () => {
    const customer = await protectedCustomer();
    mock.setApiVersion('v1');
    const response = await fetch(apiUrl('/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password, language: 'en' }),
    });
    expect(await response.json()).toEqual({ is_active: true });
    expect((await me()).status).toBe(200);
    expect((await post(v11('/login/second-factor'), { ticket: 'x', totp: '000000' })).status).toBe(404);
  });
});
