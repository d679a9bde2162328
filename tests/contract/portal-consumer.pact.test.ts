/**
 * The portal's consumer contract with the provider's v1 API (SPEC §7), written by Pact from the
 * portal's own src/api functions: every call, with each answer the portal handles (success, a
 * refusal with its reason, a 401 where the spec names one, the login of an account awaiting
 * activation). Answers are described by type and shape, not by value, and each interaction names
 * the provider state it needs. The result is contracts/backup-portal-v1-api.json; CI fails when
 * it is stale and verifies it against the mock API (scripts/contract/verify.mjs) on two seeds.
 *
 * A value that only exists on some server (an account's email and password, a datastore's name,
 * a licence id, a reset token) is never written into a request: the provider state chooses it and
 * the request takes it with `fromProviderState` (decision 030). The examples beside those
 * expressions are the mock's default seed; every other value names no seed at all
 * (tests/contract/seed-values.test.ts checks both).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { MatchersV3, type V3MockServer } from '@pact-foundation/pact';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { licenceOrder, RecordedPactV3 } from './pact-support';
import { changePassword, forgotPassword, me } from '../../src/api/auth';
import { login } from '../../src/api/login';
import { register } from '../../src/api/registration';
import { ApiError } from '../../src/api/error';
import { getCompany } from '../../src/api/company';
import { editCompany } from '../../src/api/company-edit';
import { cancelContract } from '../../src/api/contract';
import { sendContact } from '../../src/api/contact';
import { buyDatastore, cancelDatastore, getStatus } from '../../src/api/datastores';
import { getCatalogue } from '../../src/api/licences';
import { orderLicence } from '../../src/api/licence-order';
import { setLanguage, setNotifications, logout } from '../../src/api/settings';

// The v1 contract is v1's calls: the client is told the server speaks only v1, as a v1 server's
// 404 to the capability probe tells it (tests/api/v1-1.dom.test.ts). The probe and v1.1's calls are
// the v1.1 contract's.
vi.mock('../../src/api/server-version', () => ({
  offeredV11: () => Promise.resolve(null),
  forgetServerOffer: () => undefined,
}));

const { like, eachLike, integer, string, boolean, regex, fromProviderState } = MatchersV3;

const contracts = join(process.cwd(), 'contracts');

const pact = new RecordedPactV3({
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
/**
 * Every call of the portal says that it is the portal's own (decision 031): a cross-site request
 * (a link, a form or an image on another site) cannot set this header, so the provider's proxy,
 * and the API itself if it likes, refuses calls without it.
 */
const portalCall = { 'X-Portal-Request': '1' };
const sendsJson = { 'Content-Type': 'application/json', ...portalCall };
/** SPEC §8: a refusal explains itself in `reason`. */
const refusal = like({ status: 'error', reason: 'The server says why' });
const statusDone = like({ status: 'done' });

/**
 * Named after situations, and after the refusal itself where SPEC.md does not say when the server
 * refuses (decision 030). Each answers with the values named in its comment.
 */
const states = {
  /** `email`, `password` */
  active: 'an active customer',
  /** `email`, `password` */
  pending: 'an account awaiting activation',
  /** `email`: the one in params, or another one the provider does not know */
  unknownEmail: 'no account with that email address',
  /** `email`: the one in params, or another one that is free */
  newEmail: 'an email address that is not registered yet',
  /** `email` */
  takenEmail: 'an email address that is already registered',
  /** `session`, `name`: a datastore of the customer's that runs and is not cancelled */
  loggedIn: 'a logged-in customer with a running datastore',
  /** `session` */
  loggedInWithoutCompany: 'a logged-in customer without company data or contract',
  /** `session`: the provider refuses the purchase below with 403 and a reason */
  purchaseRefused: 'the server refuses a purchase with a reason',
  /** `session`: the provider refuses the company edit below with 400 and a reason */
  editRefused: 'the server refuses an edit of the company data with a reason',
  nobody: 'nobody is logged in',
  /** `productId`: a licence that can be ordered for 1 CPU */
  catalogue: 'the licence catalogue',
  /** `email`, `token`: the customer and the token of the link sent to them */
  resetLink: 'a password reset link sent to the customer',
} as const;

/** The provider's account of the state: its email and password, with the mock's as examples. */
const providerEmail = (example: string) => fromProviderState('${email}', example);
const providerPassword = (example: string) => fromProviderState('${password}', example);

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
  const pending = { ...body, email: 'pending@example.com' } as const;
  const unknown = { email: 'nobody@example.com', password: 'Not-The-Password-2026', language: 'en' } as const;

  it('logs in an active customer', () =>
    pact
      .given(states.active)
      .uponReceiving('a login of an active customer')
      .withRequest({
        method: 'POST',
        path: api('/login'),
        headers: sendsJson,
        body: { email: providerEmail(body.email), password: providerPassword(body.password), language: 'en' },
      })
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
        body: { email: providerEmail(pending.email), password: providerPassword(pending.password), language: 'en' },
      })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: { is_active: boolean(false) } })
      .executeTest(async (server) => {
        at(server);
        expect(await login(pending)).toEqual({ is_active: false });
      }));

  it('refuses unknown credentials with a reason', () =>
    pact
      .given(states.unknownEmail, { email: unknown.email })
      .uponReceiving('a login with credentials that do not match')
      .withRequest({
        method: 'POST',
        path: api('/login'),
        headers: sendsJson,
        body: { ...unknown, email: providerEmail(unknown.email) },
      })
      .willRespondWith({ status: 403, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        const error = await failure(login(unknown));
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
      .given(states.newEmail, { email: body.email })
      .uponReceiving('a registration of a new company')
      .withRequest({
        method: 'POST',
        path: api('/register/company'),
        headers: sendsJson,
        body: { ...body, email: providerEmail(body.email) },
      })
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
        body: { ...body, email: providerEmail('demo@example.com') },
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
        body: { email: providerEmail('demo@example.com') },
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
      .given(states.resetLink)
      .uponReceiving('a new password with a valid token')
      .withRequest({
        method: 'POST',
        path: api('/changepassword'),
        headers: sendsJson,
        body: { ...change, email: providerEmail(change.email), token: fromProviderState('${token}', change.token) },
      })
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
        body: { ...change, email: providerEmail(change.email), token: 'no-such-token' },
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
      .withRequest({ method: 'GET', path: api('/me'), headers: portalCall })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: {
          email: string('customer@example.org'),
          notifications: boolean(true),
          company_number: string('K-12345'),
          products: eachLike({ name: string('k12345_backup'), dynamic_volume: integer(1), volume: integer(0) }),
        },
      })
      .executeTest(async (server) => {
        at(server);
        const user = await me();
        expect(user.email).toBe('customer@example.org');
        expect(user.products?.[0]?.name).toBe('k12345_backup');
      }));

  it('answers 401 when nobody is logged in', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a request for the user without a session')
      .withRequest({ method: 'GET', path: api('/me'), headers: portalCall })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(me())).isUnauthorized).toBe(true);
      }));

  it('logs out', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a logout')
      .withRequest({ method: 'GET', path: api('/logout'), headers: portalCall })
      .willRespondWith({ status: 200, headers: jsonHeaders, body: statusDone })
      .executeTest(async (server) => {
        at(server);
        await expect(logout()).resolves.toBeUndefined();
      }));

  it('reads a logout without a session as logged out (401)', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a logout without a session')
      .withRequest({ method: 'GET', path: api('/logout'), headers: portalCall })
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
      .withRequest({ method: 'GET', path: api('/company'), headers: portalCall })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: {
          name: string('Beispiel AG'),
          street: string('Hauptstraße 5'),
          postcode: string('50667'),
          city: string('Köln'),
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
        expect(company.name).toBe('Beispiel AG');
      }));

  it('answers 401 for the company data when nobody is logged in', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a request for the company data without a session')
      .withRequest({ method: 'GET', path: api('/company'), headers: portalCall })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(getCompany())).isUnauthorized).toBe(true);
      }));

  const edit = {
    firstname: 'Anna',
    lastname: 'Beispiel',
    phone: '+49 221 555000',
    pending_name: 'Beispiel AG',
    pending_street: 'Neue Straße 5',
    pending_postcode: '50667',
    pending_city: 'Köln',
    pending_state: '',
    pending_country: 'DE',
    pending_ustid: 'DE111222333',
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

  it('shows the reason of a refused company edit (the mock refuses an invalid IBAN)', () =>
    pact
      .given(states.editRefused)
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
      .withRequest({ method: 'GET', path: api('/contract/cancel'), headers: portalCall })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(cancelContract()).resolves.toBeUndefined();
      }));

  it('refuses to cancel when there is no contract, with a reason', () =>
    pact
      .given(states.loggedInWithoutCompany)
      .uponReceiving('a contract cancellation without a contract')
      .withRequest({ method: 'GET', path: api('/contract/cancel'), headers: portalCall })
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
      .withRequest({ method: 'GET', path: api('/status'), headers: portalCall })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: eachLike({
          datastore: string('k12345_backup'),
          hostname: string('pbs.example.net'),
          port: integer(8007),
          username: string('k12345_backup'),
          repository: string('k12345_backup@pbs@pbs.example.net:8007:k12345_backup'),
          unencrypted_files: boolean(false),
          volume: integer(0),
          space_used_text: string('734 GB'),
          space_total_text: string('unlimited'),
        }),
      })
      .executeTest(async (server) => {
        at(server);
        const [first] = await getStatus();
        expect(first?.datastore).toBe('k12345_backup');
        expect(first?.port).toBe(8007);
      }));

  it('answers 401 for the status when nobody is logged in', () =>
    pact
      .given(states.nobody)
      .uponReceiving('a request for the datastore status without a session')
      .withRequest({ method: 'GET', path: api('/status'), headers: portalCall })
      .willRespondWith({ status: 401 })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(getStatus())).isUnauthorized).toBe(true);
      }));

  it('buys a datastore (HTTP 200 is success)', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a purchase of a dynamic datastore')
      .withRequest({ method: 'GET', path: api('/product/pbs/daily/0'), headers: portalCall })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(buyDatastore('daily', 0)).resolves.toBeUndefined();
      }));

  it('shows the reason of a refused purchase (the mock refuses one before the company data is complete)', () =>
    pact
      .given(states.purchaseRefused)
      .uponReceiving('a purchase without company data')
      .withRequest({ method: 'GET', path: api('/product/pbs/daily/0'), headers: portalCall })
      .willRespondWith({ status: 403, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(buyDatastore('daily', 0))).reason).toBe('The server says why');
      }));

  it('cancels a datastore', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a cancellation of a running datastore')
      .withRequest({
        method: 'GET',
        path: fromProviderState(api('/datastore/cancel/${name}'), api('/datastore/cancel/k10001_media')),
        headers: portalCall,
      })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(cancelDatastore('k10001_media')).resolves.toBeUndefined();
      }));

  it('refuses to cancel a datastore that does not exist, with a reason', () =>
    pact
      .given(states.loggedIn)
      .uponReceiving('a cancellation of a datastore that does not exist')
      .withRequest({ method: 'GET', path: api('/datastore/cancel/x99999_none'), headers: portalCall })
      .willRespondWith({ status: 404, headers: jsonHeaders, body: refusal })
      .executeTest(async (server) => {
        at(server);
        expect((await failure(cancelDatastore('x99999_none'))).status).toBe(404);
      }));
});

describe('GET /licences and POST /licence/order', () => {
  it('reads the catalogue by product line', () =>
    pact
      .given(states.catalogue)
      .uponReceiving('a request for the licence catalogue')
      .withRequest({ method: 'GET', path: api('/licences'), headers: portalCall })
      .willRespondWith({
        status: 200,
        headers: jsonHeaders,
        body: {
          VE: eachLike({
            id: integer(4711),
            name: string('Proxmox VE Standard'),
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
        expect(catalogue.VE?.[0]?.name).toBe('Proxmox VE Standard');
      }));

  const order = licenceOrder;

  it('orders a licence', () =>
    pact
      .given(states.catalogue)
      .uponReceiving('a licence order')
      .withRequest({
        method: 'POST',
        path: api('/licence/order'),
        headers: sendsJson,
        body: { ...order, product_id: fromProviderState('${productId}', order.product_id) },
      })
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
    name: 'Anna Beispiel',
    email: 'anna@example.org',
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
      .withRequest({ method: 'GET', path: api('/notifications/false'), headers: portalCall })
      .willRespondWith({ status: 200 })
      .executeTest(async (server) => {
        at(server);
        await expect(setNotifications(false)).resolves.toBeUndefined();
      }));
});
