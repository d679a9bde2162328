/**
 * The v1.1 calls the mock answers (issue 43, item 3), over the same database as v1: reads with
 * sizes in bytes, state changes as POST and PUT with an idempotency key, refusals as problem
 * details in the language asked for, and nothing of it while the mock speaks v1 only.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { callRoute, mockCallsV11 } from '../../src/mocks/calls';
import { mock } from '../../src/mocks/node';
import { provisioningMs } from '../../src/mocks/v1-1/operations';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { companyEdit, loginAs, registration } from '../support/mock-api';

const base = () => v11Base(apiUrl(''));
let keys = 0;

/** A v1.1 call as the portal sends it: its header, a fresh key for a state change, JSON. */
function call(method: string, path: string, options: { body?: unknown; key?: string | null; language?: string } = {}) {
  const headers = new Headers({ 'X-Portal-Request': '1', 'Accept-Language': options.language ?? 'en' });
  const key = options.key === undefined ? `"key-${(keys += 1)}"` : options.key;
  if (method !== 'GET' && key !== null) headers.set('Idempotency-Key', key);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${base()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function customerWithTwoDatastores(): Promise<Customer> {
  const customer = createCustomer({
    datastores: [aDatastore('web', { volume: 2, space_used_text: '310 GB' }), aDatastore('mail', { volume: 0 })],
  });
  await loginAs(customer.email, customer.password);
  return customer;
}

beforeEach(() => mock.setApiVersion('v1.1'));

describe('the v1.1 calls of the mock', () => {
  it('are calls of the v1.1 description, each with its method and path', () => {
    const description = readFileSync('contracts/v1.1.openapi.yaml', 'utf8');
    const described = new Set<string>();
    let path = '';
    for (const line of description.split('\n')) {
      const pathLine = /^ {2}(\/\S*):$/.exec(line);
      if (pathLine) path = pathLine[1] ?? '';
      const methodLine = /^ {4}(get|post|put|delete):$/.exec(line);
      if (methodLine && path) described.add(`${methodLine[1]?.toUpperCase()} ${path}`);
    }
    for (const v11Call of mockCallsV11) {
      const { method, path: pattern } = callRoute(v11Call);
      const template = pattern.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(described, v11Call).toContain(`${method} ${template}`);
    }
  });

  it('answer 404 on every one of them while the mock speaks v1 only', async () => {
    await customerWithTwoDatastores();
    mock.setApiVersion('v1');
    expect((await call('GET', '/datastores')).status).toBe(404);
    expect((await call('PUT', '/notifications', { body: { enabled: false } })).status).toBe(404);
  });
});

describe('the reads of v1.1', () => {
  it('answer the user, the company and the catalogue as v1 does', async () => {
    await customerWithTwoDatastores();
    for (const path of ['/me', '/company', '/licences']) {
      const [v1, v11] = await Promise.all([fetch(apiUrl(path)), call('GET', path)]);
      expect(v11.status, path).toBe(200);
      expect(await v11.json(), path).toEqual(await v1.json());
    }
  });

  it("list the datastores as v1's status does, with their sizes in bytes beside the texts", async () => {
    await customerWithTwoDatastores();
    const v1 = (await (await fetch(apiUrl('/status'))).json()) as Record<string, unknown>[];
    const v11 = (await (await call('GET', '/datastores')).json()) as Record<string, unknown>[];
    expect(v11.map(({ space_used_bytes: _used, space_total_bytes: _total, ...rest }) => rest)).toEqual(v1);
    expect(v11.map((datastore) => [datastore.space_used_text, datastore.space_used_bytes])).toEqual([
      ['310 GB', 310e9],
      [v1[1]?.space_used_text, expect.any(Number)],
    ]);
    expect(v11.map((datastore) => datastore.space_total_bytes)).toEqual([2e12, null]);
  });

  it('read one datastore by its name or identifier, and refuse an unknown one with datastore-unknown', async () => {
    const customer = await customerWithTwoDatastores();
    const web = await call('GET', '/datastores/web');
    expect(await web.json()).toMatchObject({ custom_name: 'web', space_total_bytes: 2e12 });
    const byName = await call('GET', `/datastores/${customer.datastore('mail').datastore}`);
    expect(await byName.json()).toMatchObject({ custom_name: 'mail', space_total_bytes: null });
    const unknown = await call('GET', '/datastores/nothing', { language: 'de' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Content-Type')).toBe('application/problem+json');
    expect(await unknown.json()).toMatchObject({
      type: '/problems/datastore-unknown',
      title: 'Datastore nicht gefunden',
      detail: 'Es gibt keinen Datastore mit diesem Namen',
    });
  });

  it('answer 401 session-ended without a session', async () => {
    const answer = await call('GET', '/me');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ type: '/problems/session-ended', status: 401 });
  });

  it('answer a session-ended problem for an expiry the operator sets on a v1.1 call', async () => {
    await customerWithTwoDatastores();
    mock.fault('v1.1 GET /datastores', 'http401', { times: 1 });
    const answer = await call('GET', '/datastores');
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ type: '/problems/session-ended' });
    expect((await call('GET', '/me')).status).toBe(401);
  });
});

describe('a datastore cancelled over v1.1', () => {
  it('answers the datastore with its end date, once per key, and sends one mail', async () => {
    const customer = await customerWithTwoDatastores();
    const first = await call('POST', '/datastores/web/cancellation', { key: '"cancel-web"' });
    expect(first.status).toBe(200);
    const cancelled = (await first.json()) as { contract_end_date: string | null };
    expect(cancelled).toMatchObject({
      custom_name: 'web',
      contract_end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const repeat = await call('POST', '/datastores/web/cancellation', { key: '"cancel-web"' });
    expect(await repeat.json()).toEqual(cancelled);
    expect(mock.outbox().filter((mail) => mail.to === customer.email)).toHaveLength(1);
    const again = await call('POST', '/datastores/web/cancellation', { language: 'de' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      type: '/problems/already-cancelled',
      detail: 'Dieser Datastore ist bereits gekündigt',
    });
  });

  it('is refused with contract-cancelled once the whole contract is', async () => {
    await customerWithTwoDatastores();
    expect((await call('POST', '/contract/cancellation')).status).toBe(200);
    const answer = await call('POST', '/datastores/mail/cancellation');
    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ type: '/problems/contract-cancelled' });
  });

  it('is refused with not-from-portal without the portal header or from another site, and changes nothing', async () => {
    await customerWithTwoDatastores();
    const plain = await fetch(`${base()}/datastores/web/cancellation`, {
      method: 'POST',
      headers: { 'Idempotency-Key': '"a"' },
    });
    const crossSite = await fetch(`${base()}/datastores/web/cancellation`, {
      method: 'POST',
      headers: { 'Idempotency-Key': '"b"', 'X-Portal-Request': '1', 'Sec-Fetch-Site': 'cross-site' },
    });
    for (const answer of [plain, crossSite]) {
      expect(answer.status).toBe(403);
      expect(await answer.json()).toMatchObject({ type: '/problems/not-from-portal' });
    }
    expect(await (await call('GET', '/datastores/web')).json()).toMatchObject({ contract_end_date: null });
  });

  it('is refused with idempotency-key-missing without a key', async () => {
    await customerWithTwoDatastores();
    const answer = await call('POST', '/datastores/web/cancellation', { key: null });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ type: '/problems/idempotency-key-missing' });
  });
});

describe('the contract cancelled over v1.1', () => {
  it('answers its end date, which every datastore then carries', async () => {
    await customerWithTwoDatastores();
    const answer = await call('POST', '/contract/cancellation');
    const { contract_end_date: end } = (await answer.json()) as { contract_end_date: string };
    expect(end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const datastores = (await (await call('GET', '/datastores')).json()) as { contract_end_date: string }[];
    expect(datastores.map((datastore) => datastore.contract_end_date)).toEqual([end, end]);
    const again = await call('POST', '/contract/cancellation');
    expect(await again.json()).toMatchObject({ type: '/problems/already-cancelled', status: 409 });
  });

  it('is refused with no-contract for an account without a customer number', async () => {
    const customer = createCustomer({ company: null });
    await loginAs(customer.email, customer.password);
    const answer = await call('POST', '/contract/cancellation');
    expect(await answer.json()).toMatchObject({ type: '/problems/no-contract', status: 409 });
  });
});

describe('the settings over v1.1', () => {
  it('switch the notifications with PUT and answer 204', async () => {
    await customerWithTwoDatastores();
    const answer = await call('PUT', '/notifications', { body: { enabled: false } });
    expect(answer.status).toBe(204);
    expect(await (await call('GET', '/company')).json()).toMatchObject({ notifications: false });
  });

  it('refuse a body that is not the payload with invalid-fields naming the field', async () => {
    await customerWithTwoDatastores();
    const answer = await call('PUT', '/notifications', { body: { enabled: 'yes' }, language: 'de' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      type: '/problems/invalid-fields',
      title: 'Ungültige Angaben',
      errors: [{ field: 'enabled', detail: expect.any(String) }],
    });
  });

  it('store the language with PUT', async () => {
    await customerWithTwoDatastores();
    expect((await call('PUT', '/language', { body: { language: 'de' } })).status).toBe(204);
    expect(await (await call('GET', '/me')).json()).toMatchObject({ language: 'de' });
  });
});

describe('the logout over v1.1', () => {
  it('ends the session with 204, and a second one answers session-ended', async () => {
    await customerWithTwoDatastores();
    const first = await call('POST', '/logout');
    expect(first.status).toBe(204);
    expect((await call('GET', '/me')).status).toBe(401);
    const second = await call('POST', '/logout');
    expect(second.status).toBe(401);
    expect(await second.json()).toMatchObject({ type: '/problems/session-ended' });
  });
});

describe('a purchase over v1.1', () => {
  type Operation = { id: string; state: string; result?: string };
  const start = new Date('2026-11-28T10:00:00Z');
  const at = (ms: number) => vi.setSystemTime(new Date(start.getTime() + ms));
  const buy = (identifier: string, productId: number, key?: string) =>
    call('POST', '/datastores', { body: { identifier, product_id: productId }, ...(key ? { key } : {}) });
  const read = async (id: string) => (await (await call('GET', `/operations/${id}`)).json()) as Operation;
  const identifiers = async () =>
    ((await (await call('GET', '/datastores')).json()) as { custom_name: string }[]).map((store) => store.custom_name);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(0);
  });

  it('is accepted with 202 and an operation, which runs and then lists the datastore with one mail', async () => {
    const customer = await customerWithTwoDatastores();
    const accepted = await buy('new1', 3);
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('Retry-After')).toBe('1');
    const operation = (await accepted.json()) as Operation;
    expect(operation).toMatchObject({ kind: 'datastore.purchase', state: 'pending', created_at: start.toISOString() });
    expect(accepted.headers.get('Location')).toBe(`/api/v1.1/operations/${operation.id}`);
    at(300);
    expect(await read(operation.id)).toMatchObject({ state: 'running' });
    expect(await identifiers()).toEqual(['web', 'mail']);
    at(provisioningMs);
    const done = await read(operation.id);
    expect(done).toMatchObject({
      state: 'succeeded',
      updated_at: new Date(start.getTime() + provisioningMs).toISOString(),
    });
    expect(await identifiers()).toEqual(['web', 'mail', 'new1']);
    const made = await (await call('GET', (done.result ?? '').replace('/api/v1.1', ''))).json();
    expect(made).toMatchObject({ custom_name: 'new1', volume: 3, space_total_bytes: 3e12 });
    const v1 = (await (await fetch(apiUrl('/status'))).json()) as { custom_name: string }[];
    expect(v1.map((store) => store.custom_name)).toEqual(['web', 'mail', 'new1']);
    expect(mock.outbox().filter((mail) => mail.to === customer.email)).toHaveLength(1);
  });

  it('answers a retry with the same key with the same operation, and books once', async () => {
    await customerWithTwoDatastores();
    const first = (await (await buy('twice', 0, '"buy-twice"')).json()) as Operation;
    const retry = await buy('twice', 0, '"buy-twice"');
    expect(retry.status).toBe(202);
    expect(((await retry.json()) as Operation).id).toBe(first.id);
    at(provisioningMs);
    expect((await identifiers()).filter((name) => name === 'twice')).toHaveLength(1);
  });

  it('refuses an identifier that a purchase still running has reserved, or that a datastore has', async () => {
    await customerWithTwoDatastores();
    await buy('new2', 1);
    for (const identifier of ['new2', 'WEB']) {
      const refused = await buy(identifier, 1);
      expect(refused.status, identifier).toBe(409);
      expect(await refused.json()).toMatchObject({ type: '/problems/identifier-taken' });
    }
  });

  it('refuses an unknown product, an identifier of the wrong form and a company without its data', async () => {
    await customerWithTwoDatastores();
    expect(await (await buy('ok', 21)).json()).toMatchObject({ type: '/problems/product-unknown', status: 400 });
    expect(await (await buy('not ok!', 1)).json()).toMatchObject({
      type: '/problems/invalid-fields',
      errors: [{ field: 'identifier' }],
    });
    const newcomer = createCustomer({ company: null });
    await loginAs(newcomer.email, newcomer.password);
    expect(await (await buy('first', 0)).json()).toMatchObject({ type: '/problems/company-incomplete', status: 409 });
  });

  it("keeps an account's operation from every other account", async () => {
    await customerWithTwoDatastores();
    const { id } = (await (await buy('mine', 0)).json()) as Operation;
    const other = createCustomer();
    await loginAs(other.email, other.password);
    const answer = await call('GET', `/operations/${id}`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ type: '/problems/operation-unknown' });
  });
});

describe('the login over v1.1', () => {
  const logIn = (email: string, password: string, language = 'en') =>
    call('POST', '/login', { body: { email, password, language: 'de' }, key: null, language });

  it("answers 204 with the session cookie, and the language of the login is the account's from now on", async () => {
    const customer = createCustomer({ user: { language: 'en' } });
    const answer = await logIn(customer.email, customer.password);
    expect(answer.status).toBe(204);
    expect(await call('GET', '/me').then((me) => me.json())).toMatchObject({ email: customer.email, language: 'de' });
  });

  it('refuses wrong credentials with wrong-credentials and an account awaiting activation with account-not-active', async () => {
    const customer = createCustomer();
    const wrong = await logIn(customer.email, 'Not-The-Password-1', 'de');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      type: '/problems/wrong-credentials',
      detail: 'E-Mail-Adresse und Passwort passen nicht zusammen',
    });
    const pending = createCustomer({ active: false });
    const waiting = await logIn(pending.email, pending.password);
    expect(waiting.status).toBe(403);
    expect(await waiting.json()).toMatchObject({ type: '/problems/account-not-active' });
    expect((await call('GET', '/me')).status).toBe(401);
  });
});

describe('the password reset over v1.1', () => {
  const linkOf = (email: string) => mock.outbox().findLast((mail) => mail.to === email)?.link ?? '';

  it('mails a link for a known address and answers 204 for an unknown one alike, once per key', async () => {
    const customer = createCustomer();
    const known = await call('POST', '/forgotpassword', { body: { email: customer.email }, key: '"reset-1"' });
    const repeat = await call('POST', '/forgotpassword', { body: { email: customer.email }, key: '"reset-1"' });
    const unknown = await call('POST', '/forgotpassword', { body: { email: 'nobody@example.org' } });
    expect([known.status, repeat.status, unknown.status]).toEqual([204, 204, 204]);
    expect(mock.outbox().filter((mail) => mail.to === customer.email)).toHaveLength(1);
    expect(linkOf(customer.email)).toMatch(/^\/newpassword\?email=/);
  });

  it('sets the new password with the link, ends every session, and refuses the used link with reset-link-invalid', async () => {
    const customer = createCustomer();
    await loginAs(customer.email, customer.password);
    await call('POST', '/forgotpassword', { body: { email: customer.email } });
    const token = new URLSearchParams(linkOf(customer.email).split('?')[1]).get('token') ?? '';
    const change = { email: customer.email, password: 'Brand-New-Password-2026', language: 'en', token };
    expect((await call('POST', '/changepassword', { body: change })).status).toBe(204);
    expect((await call('GET', '/me')).status).toBe(401);
    const again = await call('POST', '/changepassword', { body: change, language: 'de' });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      type: '/problems/reset-link-invalid',
      detail: 'Dieser Link ist ungültig oder abgelaufen',
    });
  });
});

describe('the registration over v1.1', () => {
  it('registers once per key with 204, the account awaiting activation, and one mail', async () => {
    const body = registration({ email: 'v11@example.org' });
    const first = await call('POST', '/register/company', { body, key: '"register-1"' });
    const repeat = await call('POST', '/register/company', { body, key: '"register-1"' });
    expect([first.status, repeat.status]).toEqual([204, 204]);
    expect(mock.pendingAccounts().map((account) => account.email)).toContain('v11@example.org');
    expect(mock.outbox().filter((mail) => mail.to === 'v11@example.org')).toHaveLength(1);
  });

  it('refuses a taken address with email-taken and a postcode of another country with postcode-country', async () => {
    const customer = createCustomer();
    const taken = await call('POST', '/register/company', {
      body: registration({ email: customer.email }),
      language: 'de',
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      type: '/problems/email-taken',
      title: 'Diese E-Mail-Adresse ist bereits registriert',
    });
    const postcode = await call('POST', '/register/company', {
      body: registration({ email: 'other@example.org', pending_country: 'LUX', pending_postcode: '20457' }),
    });
    expect(postcode.status).toBe(400);
    expect(await postcode.json()).toMatchObject({
      type: '/problems/postcode-country',
      errors: [{ field: 'pending_postcode', detail: 'The postcode does not fit the country LUX.' }],
    });
  });
});

describe('the licence order and the message to support over v1.1', () => {
  const order = (overrides: Record<string, unknown> = {}) => ({
    email: 'buyer@example.org',
    company_name: 'Käufer GmbH',
    firstname: 'Kai',
    lastname: 'Käufer',
    phone: '',
    street: 'Hafenweg 2',
    postcode: '20457',
    city: 'Hamburg',
    country: 'DE',
    ustid: '',
    product_id: 1,
    cpu_count: 1,
    ...overrides,
  });

  it('orders a licence once per key with 204 and one confirmation, also for a visitor', async () => {
    const first = await call('POST', '/licence/order', { body: order(), key: '"order-1"' });
    const repeat = await call('POST', '/licence/order', { body: order(), key: '"order-1"' });
    expect([first.status, repeat.status]).toEqual([204, 204]);
    expect(mock.outbox().filter((mail) => mail.to === 'buyer@example.org')).toHaveLength(1);
  });

  it('refuses an unknown licence with product-unknown and a postcode of another country naming the field', async () => {
    const unknown = await call('POST', '/licence/order', { body: order({ product_id: 999 }), language: 'de' });
    expect(await unknown.json()).toMatchObject({
      type: '/problems/product-unknown',
      status: 400,
      detail: 'Diese Lizenz gibt es nicht.',
    });
    const postcode = await call('POST', '/licence/order', { body: order({ country: 'LUX' }) });
    expect(await postcode.json()).toMatchObject({
      type: '/problems/postcode-country',
      errors: [{ field: 'postcode' }],
    });
  });

  it('sends a message to support once per key', async () => {
    const message = { name: 'Kai Käufer', email: 'buyer@example.org', message: 'Wie lange dauert die Freischaltung?' };
    const first = await call('POST', '/contact', { body: message, key: '"contact-1"' });
    const repeat = await call('POST', '/contact', { body: message, key: '"contact-1"' });
    expect([first.status, repeat.status]).toEqual([204, 204]);
    expect(mock.outbox().filter((mail) => mail.body === message.message)).toHaveLength(1);
  });
});

describe('the company edit over v1.1', () => {
  it('applies the payment at once and answers 204, once per key', async () => {
    await customerWithTwoDatastores();
    const body = companyEdit({ payment_type: 'bill', iban: '', checkbox_iban: false, phone: '+49 40 999' });
    const first = await call('POST', '/edit/company', { body, key: '"edit-1"' });
    const repeat = await call('POST', '/edit/company', { body, key: '"edit-1"' });
    expect([first.status, repeat.status]).toEqual([204, 204]);
    expect(await (await call('GET', '/company')).json()).toMatchObject({
      payment_type: 'bill',
      iban: null,
      phone: '+49 40 999',
    });
  });

  it('refuses a direct debit without the mandate with mandate-missing, naming the checkbox', async () => {
    await customerWithTwoDatastores();
    const answer = await call('POST', '/edit/company', { body: companyEdit({ checkbox_iban: false }), language: 'de' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      type: '/problems/mandate-missing',
      title: 'Für die Lastschrift fehlt das SEPA-Mandat',
      errors: [{ field: 'checkbox_iban' }],
    });
  });

  it('refuses a postcode of another country with postcode-country, and needs a session', async () => {
    await customerWithTwoDatastores();
    const answer = await call('POST', '/edit/company', {
      body: companyEdit({ pending_country: 'FR', pending_postcode: '1234' }),
    });
    expect(await answer.json()).toMatchObject({
      type: '/problems/postcode-country',
      errors: [{ field: 'pending_postcode' }],
    });
    await call('POST', '/logout');
    expect((await call('POST', '/edit/company', { body: companyEdit() })).status).toBe(401);
  });
});
