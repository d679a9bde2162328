/**
 * The portal's consumer contract with v1.1 (issue 43, item 5; docs/api-v1.1.md, decision 057),
 * written by Pact from the portal's own src/api functions on a server that offers v1.1: the
 * capability probe, and every call the portal sends in v1.1 (the purchase and its operation, both
 * cancellations, the notifications switch, the licence order, the logout), each state change with
 * an idempotency key, and the refusals as problem details. The result is
 * contracts/backup-portal-v1.1-api.json; CI validates it against contracts/v1.1.openapi.yaml, fails
 * when it is stale and verifies it against the mock API over HTTP, as the v1 contract
 * (tests/contract/portal-consumer.pact.test.ts, whose conventions hold here: values a server chooses
 * come from the provider state, answers are matched by type and shape).
 *
 * The probe's answer names no event stream, so that the purchase polls its operation: Pact cannot
 * describe a stream (the stream is the mock's tests' and the journeys').
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { MatchersV3, type V3Interaction, type V3MockServer } from '@pact-foundation/pact';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelContract } from '../../src/api/contract';
import { buyDatastore, cancelDatastore } from '../../src/api/datastores';
import { getBackupHealth, getBackupHealthOfAll, getUsageHistory } from '../../src/api/v1-1/datastore-insight';
import { getAlertRules, getAlerts, putAlertRules } from '../../src/api/v1-1/alerts';
import { ApiError } from '../../src/api/error';
import { orderLicence } from '../../src/api/licence-order';
import { forgetServerOffer, offeredV11 } from '../../src/api/server-version';
import { logout, setNotifications } from '../../src/api/settings';
import { licenceOrder, RecordedPactV3 } from './pact-support';

const { integer, string, regex, fromProviderState, arrayContaining, eachLike, boolean } = MatchersV3;

const contracts = join(process.cwd(), 'contracts');
const pactFile = 'backup-portal-v1.1-api.json';

const pact = new RecordedPactV3({
  consumer: 'backup-portal',
  provider: 'v1.1-api',
  dir: contracts,
  host: '127.0.0.1',
  logLevel: 'error',
});

/** Points the client at this test's mock provider; v1.1's base is v1's with `.1`. */
function at(server: V3MockServer) {
  Object.assign(globalThis, { location: new URL(server.url) });
}

const api = (path: string) => `/api/v1.1${path}`;
/**
 * Every call says that it is the portal's own (decision 031) and in which language the page is, so
 * that a refusal's `title` and `detail` come in it (here `en`: the tests have no page).
 */
const portalCall = { 'X-Portal-Request': '1', 'Accept-Language': regex('^(de|en)$', 'en') };
/** A new key per action of the customer: a UUID (version 4) as a Structured Field string. */
const quotedUuid = '^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$';
const keyed = { ...portalCall, 'Idempotency-Key': regex(quotedUuid, '"6f1c2a4e-9b7d-4c3a-8e2f-0d5b7a9c1e34"') };
const sendsJson = { ...keyed, 'Content-Type': 'application/json' };
const jsonHeaders = { 'Content-Type': regex('application/json.*', 'application/json') };
const problemHeaders = { 'Content-Type': regex('application/problem\\+json.*', 'application/problem+json') };

/** RFC 9457 problem details of the refusal `kind`, matched by shape. */
function problem(kind: string, status: number) {
  return {
    type: regex(`^(.*/)?problems/${kind}$`, `/problems/${kind}`),
    title: string('The refusal in a few words'),
    status: integer(status),
    detail: string('What happened, in a sentence the customer can act on'),
  };
}

const states = {
  nobody: 'nobody is logged in',
  /** `session`, `name` */
  loggedIn: 'a logged-in customer with a running datastore',
  /** `session` */
  withoutCompany: 'a logged-in customer without company data or contract',
  /** `session`, `operation`: a purchase of the customer's whose operation is not over yet */
  purchaseUnderWay: 'a logged-in customer with a purchase under way',
  /** `session`, `name`: a datastore of the customer's that still runs but is cancelled already */
  cancelledDatastore: 'a logged-in customer with a cancelled datastore',
  /** `session`, `name`: a running datastore of a fixed volume with a year of history, as each of the account's (issue 45) */
  datastoreWithHistory: 'a logged-in customer with a fixed-volume datastore a year old',
  /** `session`, `name`: an alert raised for the customer (a verification of that datastore failed; issue 45) */
  alertRaised: 'a logged-in customer with an alert raised',
  /** `productId` */
  catalogue: 'the licence catalogue',
} as const;

/** The probe: the server offers v1.1's base, without the event stream. */
const probe: V3Interaction = {
  states: [{ description: states.nobody }],
  uponReceiving: 'the capability probe',
  withRequest: { method: 'GET', path: api('/capabilities'), headers: portalCall },
  willRespondWith: {
    status: 200,
    headers: jsonHeaders,
    body: {
      // The portal takes v1.1 only at exactly "1.1" (src/api/server-version.ts).
      api: '1.1',
      features: arrayContaining('idempotency', 'problem-details', 'sizes-in-bytes'),
      idempotency_key_retention_seconds: integer(86_400),
    },
  },
};

/** An operation as `GET /operations/{id}` and the purchase's 202 answer it. */
const operation = (state: string) => ({
  id: regex('^[A-Za-z0-9_-]{1,64}$', 'op_7Hq2xY9kLm3N'),
  kind: string('datastore.purchase'),
  state: regex('^(pending|running|succeeded|failed)$', state),
  created_at: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-11-28T10:00:00.000Z'),
  updated_at: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-11-28T10:00:01.500Z'),
});

/** The purchase the two purchase tests make, accepted with its operation. */
const acceptedPurchase: V3Interaction = {
  states: [{ description: states.loggedIn }],
  uponReceiving: 'a purchase of a dynamic datastore',
  withRequest: {
    method: 'POST',
    path: api('/datastores'),
    headers: sendsJson,
    body: { identifier: 'daily', product_id: 0 },
  },
  willRespondWith: { status: 202, headers: jsonHeaders, body: operation('pending') },
};

/** Runs `call` against the probe and `interactions`, as one session of the client. */
async function session(interactions: V3Interaction[], call: () => Promise<unknown>): Promise<void> {
  pact.addInteraction(probe);
  for (const interaction of interactions) pact.addInteraction(interaction);
  await pact.executeTest(async (server) => {
    at(server);
    await call();
  });
}

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
  rmSync(join(contracts, pactFile), { force: true });
});
beforeEach(() => forgetServerOffer());

describe('the purchase: POST /datastores and its operation', () => {
  it('buys a datastore with a key, and waits for its operation to succeed', () =>
    session(
      [
        acceptedPurchase,
        {
          states: [{ description: states.purchaseUnderWay }],
          uponReceiving: 'a read of a purchase’s operation',
          withRequest: {
            method: 'GET',
            path: fromProviderState(api('/operations/${operation}'), api('/operations/op_7Hq2xY9kLm3N')),
            headers: portalCall,
          },
          willRespondWith: { status: 200, headers: jsonHeaders, body: operation('succeeded') },
        },
      ],
      async () => expect(buyDatastore('daily', 0)).resolves.toBeUndefined(),
    ));

  it('reads an operation the server does not know as a 404 with its problem type', () =>
    session(
      [
        acceptedPurchase,
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a read of an operation the server does not know',
          withRequest: { method: 'GET', path: api('/operations/op_7Hq2xY9kLm3N'), headers: portalCall },
          willRespondWith: { status: 404, headers: problemHeaders, body: problem('operation-unknown', 404) },
        },
      ],
      async () =>
        expect(await failure(buyDatastore('daily', 0))).toMatchObject({ status: 404, problem: 'operation-unknown' }),
    ));

  it('reads a purchase before the company data is complete as v1’s 403, by its problem type', () =>
    session(
      [
        {
          states: [{ description: states.withoutCompany }],
          uponReceiving: 'a purchase without company data',
          withRequest: {
            method: 'POST',
            path: api('/datastores'),
            headers: sendsJson,
            body: { identifier: 'daily', product_id: 0 },
          },
          willRespondWith: { status: 409, headers: problemHeaders, body: problem('company-incomplete', 409) },
        },
      ],
      async () =>
        expect(await failure(buyDatastore('daily', 0))).toMatchObject({ status: 403, problem: 'company-incomplete' }),
    ));
});

describe('the cancellations', () => {
  it('cancels a running datastore with a key', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a cancellation of a running datastore',
          withRequest: {
            method: 'POST',
            path: fromProviderState(
              api('/datastores/${name}/cancellation'),
              api('/datastores/k10001_media/cancellation'),
            ),
            headers: keyed,
          },
          // The answer is the datastore; the portal reads only that it succeeded.
          willRespondWith: { status: 200 },
        },
      ],
      async () => expect(cancelDatastore('k10001_media')).resolves.toBeUndefined(),
    ));

  it('reads a datastore that does not exist as a 404 with its problem type', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a cancellation of a datastore that does not exist',
          withRequest: { method: 'POST', path: api('/datastores/x99999_none/cancellation'), headers: keyed },
          willRespondWith: { status: 404, headers: problemHeaders, body: problem('datastore-unknown', 404) },
        },
      ],
      async () =>
        expect(await failure(cancelDatastore('x99999_none'))).toMatchObject({
          status: 404,
          problem: 'datastore-unknown',
        }),
    ));

  it('reads a datastore cancelled already as a 409 with its problem type', () =>
    session(
      [
        {
          states: [{ description: states.cancelledDatastore }],
          uponReceiving: 'a cancellation of a datastore cancelled already',
          withRequest: {
            method: 'POST',
            path: fromProviderState(
              api('/datastores/${name}/cancellation'),
              api('/datastores/k10001_media/cancellation'),
            ),
            headers: keyed,
          },
          willRespondWith: { status: 409, headers: problemHeaders, body: problem('already-cancelled', 409) },
        },
      ],
      async () =>
        expect(await failure(cancelDatastore('k10001_media'))).toMatchObject({
          status: 409,
          problem: 'already-cancelled',
        }),
    ));

  it('cancels the contract with a key', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a cancellation of the contract',
          withRequest: { method: 'POST', path: api('/contract/cancellation'), headers: keyed },
          willRespondWith: {
            status: 200,
            headers: jsonHeaders,
            body: { contract_end_date: regex('^\\d{4}-\\d{2}-\\d{2}$', '2027-01-31') },
          },
        },
      ],
      async () => expect(cancelContract()).resolves.toBeUndefined(),
    ));

  it('reads a cancellation without a contract as a 409 with its problem type', () =>
    session(
      [
        {
          states: [{ description: states.withoutCompany }],
          uponReceiving: 'a cancellation of the contract without one',
          withRequest: { method: 'POST', path: api('/contract/cancellation'), headers: keyed },
          willRespondWith: { status: 409, headers: problemHeaders, body: problem('no-contract', 409) },
        },
      ],
      async () => expect(await failure(cancelContract())).toMatchObject({ status: 409, problem: 'no-contract' }),
    ));
});

describe('the notifications switch: PUT /notifications', () => {
  it('switches the mails off with a key', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'notifications switched off',
          withRequest: { method: 'PUT', path: api('/notifications'), headers: sendsJson, body: { enabled: false } },
          willRespondWith: { status: 204 },
        },
      ],
      async () => expect(setNotifications(false)).resolves.toBeUndefined(),
    ));

  it('reads a switch without a session as the end of the session', () =>
    session(
      [
        {
          states: [{ description: states.nobody }],
          uponReceiving: 'notifications switched without a session',
          withRequest: { method: 'PUT', path: api('/notifications'), headers: sendsJson, body: { enabled: true } },
          willRespondWith: { status: 401, headers: problemHeaders, body: problem('session-ended', 401) },
        },
      ],
      async () => expect((await failure(setNotifications(true))).isUnauthorized).toBe(true),
    ));
});

describe('the licence order: POST /licence/order', () => {
  const order = licenceOrder;

  it('orders a licence with a key', () =>
    session(
      [
        {
          states: [{ description: states.catalogue }],
          uponReceiving: 'a licence order',
          withRequest: {
            method: 'POST',
            path: api('/licence/order'),
            headers: sendsJson,
            body: { ...order, product_id: fromProviderState('${productId}', order.product_id) },
          },
          willRespondWith: { status: 204 },
        },
      ],
      async () => expect(orderLicence(order)).resolves.toBeUndefined(),
    ));

  it('reads an order of a product that does not exist as a 400 with its problem type', () =>
    session(
      [
        {
          states: [{ description: states.catalogue }],
          uponReceiving: 'a licence order of a product that does not exist',
          withRequest: {
            method: 'POST',
            path: api('/licence/order'),
            headers: sendsJson,
            body: { ...order, product_id: 999 },
          },
          willRespondWith: { status: 400, headers: problemHeaders, body: problem('product-unknown', 400) },
        },
      ],
      async () =>
        expect(await failure(orderLicence({ ...order, product_id: 999 }))).toMatchObject({
          status: 400,
          problem: 'product-unknown',
        }),
    ));
});

describe('the logout: POST /logout', () => {
  it('ends the session', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a logout',
          withRequest: { method: 'POST', path: api('/logout'), headers: portalCall },
          willRespondWith: { status: 204 },
        },
      ],
      async () => expect(logout()).resolves.toBeUndefined(),
    ));

  it('reads a logout without a session as logged out', () =>
    session(
      [
        {
          states: [{ description: states.nobody }],
          uponReceiving: 'a logout without a session',
          withRequest: { method: 'POST', path: api('/logout'), headers: portalCall },
          willRespondWith: { status: 401, headers: problemHeaders, body: problem('session-ended', 401) },
        },
      ],
      async () => expect(logout()).resolves.toBeUndefined(),
    ));
});

describe('the datastore page: GET /datastores/{name}/usage and /health (issue 45)', () => {
  const datastorePath = (tail: string) =>
    fromProviderState(api(`/datastores/\${name}${tail}`), api(`/datastores/k10001_archive${tail}`));

  it('reads the week’s usage of a fixed volume, step by step, with the date it will be full', () =>
    session(
      [
        {
          states: [{ description: states.datastoreWithHistory }],
          uponReceiving: 'a read of a datastore’s usage over a week',
          withRequest: {
            method: 'GET',
            path: datastorePath('/usage'),
            query: { range: 'week' },
            headers: portalCall,
          },
          willRespondWith: {
            status: 200,
            headers: jsonHeaders,
            body: {
              range: 'week',
              start: integer(1_795_000_000),
              step: integer(7_200),
              used_bytes: eachLike(integer(4_250_000_000_000)),
              total_bytes: eachLike(integer(5_000_000_000_000)),
              estimated_full_date: integer(1_798_930_952),
            },
          },
        },
      ],
      async () => {
        await offeredV11();
        const history = await getUsageHistory('k10001_archive', 'week');
        expect(history.used_bytes.length).toBeGreaterThan(0);
      },
    ));

  it('reads the backups, the jobs, the snapshots and the week’s tasks', () =>
    session(
      [
        {
          states: [{ description: states.datastoreWithHistory }],
          uponReceiving: 'a read of a datastore’s backup health',
          withRequest: { method: 'GET', path: datastorePath('/health'), headers: portalCall },
          willRespondWith: {
            status: 200,
            headers: jsonHeaders,
            body: {
              last_backup: integer(1_795_914_000),
              snapshots: { count: integer(22), unencrypted: integer(0) },
              verification: { state: regex('^(ok|failed|none)$', 'ok'), last: integer(1_795_582_800) },
              garbage_collection: {
                state: regex('^(ok|failed|none)$', 'ok'),
                last: integer(1_795_662_000),
                removed_bytes: integer(1_000_000_000),
              },
              // `ended` is null while a task runs: the portal reads a task without it as running.
              tasks: eachLike({
                id: string('UPID:pbs1:6A5F1C10:verificationjob:k20002_daily:root@pam:'),
                kind: string('verification'),
                state: regex('^(running|ok|warning|failed)$', 'ok'),
                started: integer(1_795_914_000),
              }),
            },
          },
        },
      ],
      async () => {
        await offeredV11();
        expect((await getBackupHealth('k10001_archive')).snapshots.count).toBeGreaterThanOrEqual(0);
      },
    ));

  it('reads every running datastore’s backup health in brief, for the dashboard’s cards', () =>
    session(
      [
        {
          states: [{ description: states.datastoreWithHistory }],
          uponReceiving: 'a read of every datastore’s backup health in brief',
          withRequest: { method: 'GET', path: api('/backup-health'), headers: portalCall },
          willRespondWith: {
            status: 200,
            headers: jsonHeaders,
            body: eachLike({
              name: string('k20002_daily'),
              last_backup: integer(1_795_914_000),
              verification: { state: regex('^(ok|failed|none)$', 'ok'), last: integer(1_795_582_800) },
              garbage_collection: { state: regex('^(ok|failed|none)$', 'ok'), last: integer(1_795_662_000) },
            }),
          },
        },
      ],
      async () => {
        await offeredV11();
        expect((await getBackupHealthOfAll()).size).toBeGreaterThan(0);
      },
    ));
});

describe('the alerts: GET /alerts and GET/PUT /alert-rules (issue 45)', () => {
  const rules = {
    space_percent: 90,
    backup_hours: 48,
    verification: true,
    collection: false,
    recipients: ['ops@example.com'],
  };

  it('reads the account’s alerts, newest first', () =>
    session(
      [
        {
          states: [{ description: states.alertRaised }],
          uponReceiving: 'a read of the account’s alerts',
          withRequest: { method: 'GET', path: api('/alerts'), headers: portalCall },
          willRespondWith: {
            status: 200,
            headers: jsonHeaders,
            body: {
              alerts: eachLike({
                id: string('a7Hq2vK9xTz'),
                kind: regex('^[a-z][a-z-]*$', 'verification-failed'),
                datastore: string('k20002_daily'),
                raised_at: regex('^\\d{4}-\\d{2}-\\d{2}T.+$', '2026-11-28T10:00:00.000Z'),
              }),
            },
          },
        },
      ],
      async () => {
        await offeredV11();
        expect((await getAlerts()).length).toBeGreaterThan(0);
      },
    ));

  it('reads the rules, the defaults of an account that set none', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a read of the alert rules',
          withRequest: { method: 'GET', path: api('/alert-rules'), headers: portalCall },
          willRespondWith: {
            status: 200,
            headers: jsonHeaders,
            body: {
              space_percent: integer(80),
              backup_hours: integer(24),
              verification: boolean(true),
              collection: boolean(true),
              recipients: [],
            },
          },
        },
      ],
      async () => {
        await offeredV11();
        expect((await getAlertRules()).space_percent).toBe(80);
      },
    ));

  it('sets the rules with a key, and gets them back as kept', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a change of the alert rules',
          withRequest: { method: 'PUT', path: api('/alert-rules'), headers: sendsJson, body: rules },
          willRespondWith: { status: 200, headers: jsonHeaders, body: rules },
        },
      ],
      async () => {
        await offeredV11();
        await expect(putAlertRules(rules)).resolves.toEqual(rules);
      },
    ));

  it('is refused a threshold below 50 %, naming the field', () =>
    session(
      [
        {
          states: [{ description: states.loggedIn }],
          uponReceiving: 'a change of the alert rules with a threshold below 50 %',
          withRequest: {
            method: 'PUT',
            path: api('/alert-rules'),
            headers: sendsJson,
            body: { ...rules, space_percent: 40 },
          },
          willRespondWith: {
            status: 400,
            headers: problemHeaders,
            body: {
              ...problem('invalid-fields', 400),
              errors: eachLike({ field: 'space_percent', detail: string('Please check this field') }),
            },
          },
        },
      ],
      async () => {
        await offeredV11();
        const refusal = await putAlertRules({ ...rules, space_percent: 40 }).catch((error: unknown) => error);
        expect(refusal).toBeInstanceOf(ApiError);
        expect(refusal).toMatchObject({ kind: 'http', status: 400 });
      },
    ));
});
