/**
 * The portal's consumer contract with the provider's v1 API (SPEC §7), written by Pact from the
 * portal's own src/api functions: every call, with each answer the portal handles (success, a
 * refusal with its reason, a 401 where the spec names one, the login of an account awaiting
 * activation). Answers are described by type and shape, not by value, and each interaction names
 * the provider state it needs. The result is contracts/backup-portal-v1-api.json; CI fails when
 * it is stale and verifies it against the mock API (scripts/contract/verify.mjs).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { MatchersV3, PactV3, type V3MockServer } from '@pact-foundation/pact';
import { beforeAll, describe, expect, it } from 'vitest';
import { changePassword, forgotPassword, login, logout, me, register } from '../../src/api/auth';
import { ApiError } from '../../src/api/error';
import { cancelContract, editCompany, getCompany } from '../../src/api/company';
import { sendContact } from '../../src/api/contact';
import { buyDatastore, cancelDatastore, getStatus } from '../../src/api/datastores';
import { getCatalogue, orderLicence } from '../../src/api/licences';
import { setLanguage, setNotifications } from '../../src/api/settings';

const { like, eachLike, integer, string, boolean, regex } = MatchersV3;

const contracts = join(process.cwd(), 'contracts');
const pact = new PactV3({
  consumer: 'backup-portal',
  provider: 'v1-api',
  dir: contracts,
  host: '127.0.0.1',
  logLevel: 'error',
});

/**
 * Points the portal's client at this interaction's mock provider (a port of its own each time):
 * the client resolves its relative base `/api/v1` against the page's address, as in the browser.
 */
function at(server: V3MockServer) {
  Object.assign(globalThis, { location: new URL(server.url) });
}

const api = (path: string) => `/api/v1${path}`;
const jsonHeaders = { 'Content-Type': regex('application/json.*', 'application/json') };
const sendsJson = { 'Content-Type': 'application/json' };
/** SPEC §8: a refusal explains itself in `reason`. */
const refusal = like({ status: 'error', reason: 'The server says why' });
const statusDone = like({ status: 'done' });

const states = {
  active: 'an active customer with four datastores',
  pending: 'an account awaiting activation',
  unknownEmail: 'no account with that email address',
  newEmail: 'an email address that is not registered yet',
  takenEmail: 'an email address that is already registered',
  loggedIn: 'a logged-in customer with four datastores',
  loggedInWithoutCompany: 'a logged-in customer without company data or contract',
  nobody: 'nobody is logged in',
  catalogue: 'the licence catalogue',
  resetLink: 'a password reset link sent to the customer',
} as const;

/** The failure a call ended with, for the refusal interactions. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

beforeAll(() => {
  // Written afresh from the interactions below, so that a removed interaction leaves the file.
  rmSync(join(contracts, 'backup-portal-v1-api.json'), { force: true });
});

describe('POST /login', () => {
  const body = { email: 'demo@example.com', password: 'Demo-Password-2026', language: 'en' } as const;

  it('logs in an active customer', () =>
    pact
      .given(states.active)
      .uponReceiving('a login of an active customer')
      .withRequest({ method: 'POST', path: api('/login'), headers: sendsJson, body })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: { is_active: boolean(true) } })
      .executeTest(async (server) => {
        at(server);
        expect(await login(body)).toEqual({ is_active: true });
      }));

  it('tells an account awaiting activation that it is not active yet', () =>
    pact
      .given(states.pending)
      .uponReceiving('a login of an account awaiting activation')
      .withRequest({
        method: 'POST',
        path: api('/login'),
        headers: sendsJson,
        body: { ...body, email: 'pending@example.com' },
      })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: { is_active: boolean(false) } })
      .executeTest(async (server) => {
        at(server);
        expect(await login({ ...body, email: 'pending@example.com' })).toEqual({ is_active: false });
      }));

  it('refuses unknown credentials with a reason', () =>
    pact
      .given(states.unknownEmail)
      .uponReceiving('a login with credentials that do not match')
      .withRequest({
        method: 'POST',
        path: api('/login'),
        headers: sendsJson,
        body: { ...body, email: 'nobody@example.com' },
      })
      .willRespondWith({ status: 403, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        const error = await failure(login({ ...body, email: 'nobody@example.com' }));
        expect(error.status).toBe(403);
        expect(error.reason).toBe('The server says why');
      }));
});

describe('POST /register/company', () => {
  const body = {
    email: 'nora@example.com',
    password: 'Nora-Neumann-Password-2026',
    language: 'de',
    firstname: 'Nora',
    lastname: 'Neumann',
    phone: '+49 40 123456',
    pending_name: 'Neu IT GmbH',
    pending_street: 'Am Kai 3',
    pending_postcode: '20457',
    pending_city: 'Hamburg',
    pending_state: '',
    pending_country: 'DE',
    pending_ustid: '',
    notifications: true,
  } as const;

  it('registers a new company account', () =>
    pact
      .given(states.newEmail)
      .uponReceiving('a registration of a new company')
      .withRequest({ method: 'POST', path: api('/register/company'), headers: sendsJson, body })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(register(body)).resolves.toBeUndefined();
      }));

  it('refuses an email address that is already registered, with a reason', () =>
    pact
      .given(states.takenEmail)
      .uponReceiving('a registration with an email address that is already registered')
      .withRequest({
        method: 'POST',
        path: api('/register/company'),
        headers: sendsJson,
        body: { ...body, email: 'demo@example.com' },
      })
      .willRespondWith({ status: 409, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(register({ ...body, email: 'demo@example.com' }))).reason).toBe('The server says why');
      }));
});

describe('POST /forgotpassword and POST /changepassword', () => {
  it('sends a reset link', () =>
    pact
      .given(states.active)
      .uponReceiving('a request for a password reset link')
      .withRequest({
        method: 'POST',
        path: api('/forgotpassword'),
        headers: sendsJson,
        body: { email: 'demo@example.com' },
      })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(forgotPassword({ email: 'demo@example.com' })).resolves.toBeUndefined();
      }));

  const change = {
    email: 'demo@example.com',
    password: 'Brand-New-Password-2027',
    language: 'en',
    token: 'contract-reset-token',
  } as const;

  it('sets a new password with the token of the link', () =>
    pact
      .given(states.resetLink, { email: change.email, token: change.token })
      .uponReceiving('a new password with a valid token')
      .withRequest({ method: 'POST', path: api('/changepassword'), headers: sendsJson, body: change })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(changePassword(change)).resolves.toBeUndefined();
      }));

  it('refuses a token that is not valid, with a reason', () =>
    pact
      .given(states.active)
      .uponReceiving('a new password with a token that is not valid')
      .withRequest({
        method: 'POST',
        path: api('/changepassword'),
        headers: sendsJson,
        body: { ...change, token: 'no-such-token' },
      })
      .willRespondWith({ status: 400, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(changePassword({ ...change, token: 'no-such-token' }))).status).toBe(400);
      }));
});

describe('GET /me and GET /logout', () => {
  it('reads the logged-in user with their products', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a request for the logged-in user')
      .withRequest({ method: 'GET', path: api('/me') })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: {
          email: string('demo@example.com'),
          notifications: boolean(true),
          company_number: string('K-10001'),
          products: eachLike({ name: string('k10001_backup'), dynamic_volume: integer(1), volume: integer(0) }),
        },
      })
      .executeTest(async (server) => {
        at(server);
        const user = await me();
        expect(user.email).toBe('demo@example.com');
        expect(user.products?.[0]?.name).toBe('k10001_backup');
      }));

  it('answers 401 when nobody is logged in', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a request for the user without a session')
      .withRequest({ method: 'GET', path: api('/me') })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(me())).isUnauthorized).toBe(true);
      }));

  it('logs out', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a logout')
      .withRequest({ method: 'GET', path: api('/logout') })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(logout()).resolves.toBeUndefined();
      }));

  it('reads a logout without a session as logged out (401)', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a logout without a session')
      .withRequest({ method: 'GET', path: api('/logout') })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        await expect(logout()).resolves.toBeUndefined();
      }));
});

describe('GET /company, POST /edit/company and GET /contract/cancel', () => {
  it('reads the company data', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a request for the company data')
      .withRequest({ method: 'GET', path: api('/company') })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: {
          name: string('Demo GmbH'),
          street: string('Musterstraße 1'),
          postcode: string('10115'),
          city: string('Berlin'),
          country: string('DE'),
          payment_type: string('direct_debit'),
          checkbox_iban: boolean(true),
          has_product_count: integer(4),
          notifications: boolean(true),
        },
      })
      .executeTest(async (server) => {
        at(server);
        const company = await getCompany();
        expect(company.name).toBe('Demo GmbH');
      }));

  it('answers 401 for the company data when nobody is logged in', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a request for the company data without a session')
      .withRequest({ method: 'GET', path: api('/company') })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(getCompany())).isUnauthorized).toBe(true);
      }));

  const edit = {
    firstname: 'Erika',
    lastname: 'Mustermann',
    phone: '+49 30 1234567',
    pending_name: 'Demo GmbH',
    pending_street: 'Neue Straße 5',
    pending_postcode: '10117',
    pending_city: 'Berlin',
    pending_state: '',
    pending_country: 'DE',
    pending_ustid: 'DE123456789',
    payment_type: 'bill',
    iban: '',
    checkbox_iban: false,
  } as const;

  it('saves changed company data for review', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('an edit of the company data')
      .withRequest({ method: 'POST', path: api('/edit/company'), headers: sendsJson, body: edit })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(editCompany(edit)).resolves.toBeUndefined();
      }));

  it('refuses direct debit without a valid IBAN, with a reason', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('an edit of the company data with direct debit and an invalid IBAN')
      .withRequest({
        method: 'POST',
        path: api('/edit/company'),
        headers: sendsJson,
        body: { ...edit, payment_type: 'direct_debit', iban: 'DE00 0000', checkbox_iban: true },
      })
      .willRespondWith({ status: 400, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        const error = await failure(
          editCompany({ ...edit, payment_type: 'direct_debit', iban: 'DE00 0000', checkbox_iban: true }),
        );
        expect(error.reason).toBe('The server says why');
      }));

  it('cancels the contract (HTTP 200 is the yes)', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a contract cancellation')
      .withRequest({ method: 'GET', path: api('/contract/cancel') })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(cancelContract()).resolves.toBeUndefined();
      }));

  it('refuses to cancel when there is no contract, with a reason', () =>
    pact
      .given(states.loggedInWithoutCompany)
      .uponReceiving('a contract cancellation without a contract')
      .withRequest({ method: 'GET', path: api('/contract/cancel') })
      .willRespondWith({ status: 409, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(cancelContract())).status).toBe(409);
      }));
});

describe('GET /status, GET /product/pbs/… and GET /datastore/cancel/…', () => {
  it('reads the datastores with what the portal needs to connect to them', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a request for the datastore status')
      .withRequest({ method: 'GET', path: api('/status') })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: eachLike({
          datastore: string('k10001_backup'),
          hostname: string('pbs1.backup.example.com'),
          port: integer(8007),
          username: string('k10001_backup'),
          repository: string('k10001_backup@pbs@pbs1.backup.example.com:8007:k10001_backup'),
          unencrypted_files: boolean(false),
          volume: integer(0),
          space_used_text: string('734 GB'),
          space_total_text: string('unlimited'),
        }),
      })
      .executeTest(async (server) => {
        at(server);
        const [first] = await getStatus();
        expect(first?.datastore).toBe('k10001_backup');
        expect(first?.port).toBe(8007);
      }));

  it('answers 401 for the status when nobody is logged in', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a request for the datastore status without a session')
      .withRequest({ method: 'GET', path: api('/status') })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(getStatus())).isUnauthorized).toBe(true);
      }));

  it('buys a datastore (HTTP 200 is success)', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a purchase of a dynamic datastore')
      .withRequest({ method: 'GET', path: api('/product/pbs/daily/0') })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(buyDatastore('daily', 0)).resolves.toBeUndefined();
      }));

  it('refuses a purchase before the company data is complete, with a reason', () =>
    pact
      .given(states.loggedInWithoutCompany)
      .uponReceiving('a purchase without company data')
      .withRequest({ method: 'GET', path: api('/product/pbs/daily/0') })
      .willRespondWith({ status: 403, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(buyDatastore('daily', 0))).reason).toBe('The server says why');
      }));

  it('cancels a datastore', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a cancellation of a running datastore')
      .withRequest({ method: 'GET', path: api('/datastore/cancel/k10001_media') })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(cancelDatastore('k10001_media')).resolves.toBeUndefined();
      }));

  it('refuses to cancel a datastore that does not exist, with a reason', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a cancellation of a datastore that does not exist')
      .withRequest({ method: 'GET', path: api('/datastore/cancel/k10001_none') })
      .willRespondWith({ status: 404, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(cancelDatastore('k10001_none'))).status).toBe(404);
      }));
});

describe('GET /licences and POST /licence/order', () => {
  it('reads the catalogue by product line', () =>
    pact
      .given(states.catalogue)
      .uponReceiving('a request for the licence catalogue')
      .withRequest({ method: 'GET', path: api('/licences') })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: {
          VE: eachLike({
            id: integer(1),
            name: string('Proxmox VE Community'),
            price_1_cpu: integer(115),
            price_2_cpu: integer(230),
            price_4_cpu: integer(460),
            product_type: string('VE'),
          }),
        },
      })
      .executeTest(async (server) => {
        at(server);
        const catalogue = await getCatalogue();
        expect(catalogue.VE?.[0]?.name).toBe('Proxmox VE Community');
      }));

  const order = {
    email: 'buyer@example.org',
    company_name: 'Käufer GmbH',
    firstname: 'Karl',
    lastname: 'Käufer',
    phone: '',
    street: 'Marktplatz 2',
    postcode: '80331',
    city: 'München',
    country: 'DE',
    ustid: '',
    product_id: 6,
    cpu_count: 1,
  } as const;

  it('orders a licence', () =>
    pact
      .given(states.catalogue)
      .uponReceiving('a licence order')
      .withRequest({ method: 'POST', path: api('/licence/order'), headers: sendsJson, body: order })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(orderLicence(order)).resolves.toBeUndefined();
      }));

  it('refuses an order of a product that does not exist, with a reason', () =>
    pact
      .given(states.catalogue)
      .uponReceiving('a licence order of a product that does not exist')
      .withRequest({
        method: 'POST',
        path: api('/licence/order'),
        headers: sendsJson,
        body: { ...order, product_id: 999 },
      })
      .willRespondWith({ status: 400, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(orderLicence({ ...order, product_id: 999 }))).reason).toBe('The server says why');
      }));
});

describe('POST /contact, POST /language and GET /notifications/…', () => {
  const message = {
    name: 'Erika Mustermann',
    email: 'demo@example.com',
    message: 'Please call me about a larger datastore.',
  } as const;

  it('sends a message to support (HTTP 200 is success)', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a message to support')
      .withRequest({ method: 'POST', path: api('/contact'), headers: sendsJson, body: message })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(sendContact(message)).resolves.toBeUndefined();
      }));

  it('stores the chosen language', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a change of the language')
      .withRequest({ method: 'POST', path: api('/language'), headers: sendsJson, body: { language: 'de' } })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(setLanguage('de')).resolves.toBeUndefined();
      }));

  it('answers 401 to a language change when the session has ended', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a change of the language without a session')
      .withRequest({ method: 'POST', path: api('/language'), headers: sendsJson, body: { language: 'de' } })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(setLanguage('de'))).isUnauthorized).toBe(true);
      }));

  it('switches the notifications off', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('notifications switched off')
      .withRequest({ method: 'GET', path: api('/notifications/false') })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(setNotifications(false)).resolves.toBeUndefined();
      }));
});
