/**
 * The client chooses once (issue 43, item 4): it asks which API the server speaks once per session,
 * and each call module picks v1.1 or v1; on v1.1 the state changes go with an idempotency key that
 * stays the same on every retry, a purchase waits for its operation on the event stream or by
 * polling, and refusals come back as the `ApiError` v1 would give, so that no machine knows which
 * version answered. Against the mock's real handlers, in both of its modes.
 */
import { delay, getResponse, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { cancelContract } from '../../src/api/contract';
import { buyDatastore, cancelDatastore } from '../../src/api/datastores';
import { ApiError } from '../../src/api/error';
import { orderLicence } from '../../src/api/licence-order';
import { offeredV11 } from '../../src/api/server-version';
import { logout, setNotifications } from '../../src/api/settings';
import { parseEvents } from '../../src/api/v1-1/events';
import { problemError, problemKind, v11Base, v11Url } from '../../src/api/v1-1/request';
import { db } from '../../src/mocks/db';
import { handlers } from '../../src/mocks/handlers';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { loginAs } from '../support/mock-api';
import { settled } from '../support/clock';

/** Every request the portal sends, as `METHOD /path` under /api. */
function watchRequests() {
  const seen: { call: string; key: string | null }[] = [];
  const record = ({ request }: { request: Request }) => {
    seen.push({
      call: `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`,
      key: request.headers.get('Idempotency-Key'),
    });
  };
  server.events.on('request:start', record);
  return { seen, stop: () => server.events.removeListener('request:start', record) };
}

const order = {
  email: 'buyer@example.org',
  company_name: 'Buyer GmbH',
  firstname: 'Berta',
  lastname: 'Buyer',
  phone: '',
  street: 'Hauptstraße 1',
  postcode: '80331',
  city: 'München',
  country: 'DE',
  ustid: '',
  product_id: 1,
  cpu_count: 2,
};

/** The name on the server of the customer's datastore `identifier`. */
const nameOf = (identifier: string) =>
  db.datastore.findFirst({ where: { identifier: { equals: identifier } } })?.datastore ?? 'none';

async function aCustomer() {
  const customer = createCustomer();
  await loginAs(customer.email, customer.password);
  return customer;
}

/** Capabilities without the event stream: the portal polls the operation instead. */
function withoutEvents() {
  server.use(
    http.get(v11Url('/capabilities'), () =>
      HttpResponse.json({
        api: '1.1',
        features: ['idempotency', 'problem-details', 'sizes-in-bytes'],
        idempotency_key_retention_seconds: 86_400,
      }),
    ),
  );
}

describe('finding out which API the server speaks', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  it('puts v1.1 beside the configured v1 base, and none beside a base of another shape', () => {
    expect(v11Base('/api/v1')).toBe('/api/v1.1');
    expect(v11Base('https://api.example.com/api/v1/')).toBe('https://api.example.com/api/v1.1');
    expect(v11Base('/backend')).toBeNull();
    expect(v11Url('/capabilities')).toBe(`${apiUrl('')}.1/capabilities`);
  });

  it('asks once, shares the answer between calls, and asks again after the logout', async () => {
    await aCustomer();
    const requests = watchRequests();
    await Promise.all([setNotifications(false), setNotifications(true)]);
    await cancelContract();
    expect(requests.seen.filter(({ call }) => call === 'GET /v1.1/capabilities')).toHaveLength(1);
    await logout();
    await aCustomer();
    await setNotifications(false);
    requests.stop();
    expect(requests.seen.filter(({ call }) => call === 'GET /v1.1/capabilities')).toHaveLength(2);
    expect(requests.seen.map(({ call }) => call)).toContain('POST /v1.1/logout');
  });

  it('speaks v1 to a server that knows only v1, sending nothing but the one probe beyond v1’s calls', async () => {
    mock.setApiVersion('v1');
    await aCustomer();
    const requests = watchRequests();
    await setNotifications(false);
    await settled(buyDatastore('only1', 0));
    await cancelDatastore(nameOf('only1'));
    await cancelContract();
    await orderLicence(order);
    await logout();
    requests.stop();
    expect(requests.seen.map(({ call }) => call)).toEqual([
      'GET /v1.1/capabilities',
      'GET /v1/notifications/false',
      'GET /v1/product/pbs/only1/0',
      `GET /v1/datastore/cancel/${nameOf('only1')}`,
      'GET /v1/contract/cancel',
      'POST /v1/licence/order',
      'GET /v1/logout',
    ]);
    expect(requests.seen.every(({ key }) => key === null)).toBe(true);
  });

  it('sends a v1 order whose answer was lost once, without a key, and fails it as a call without an answer', async () => {
    mock.setApiVersion('v1');
    // The order reaches the server; its answer is lost on the way back.
    server.use(
      http.post(apiUrl('/licence/order'), async ({ request }) => {
        await getResponse(handlers, request);
        return HttpResponse.error();
      }),
    );
    const requests = watchRequests();
    await expect(orderLicence(order)).rejects.toMatchObject({ kind: 'network' });
    requests.stop();
    expect(requests.seen.filter(({ call }) => call === 'POST /v1/licence/order')).toEqual([
      { call: 'POST /v1/licence/order', key: null },
    ]);
    expect(db.licenceOrder.getAll()).toHaveLength(1);
  });

  it.each([
    ['a 404', () => new HttpResponse(null, { status: 404 })],
    ['a 500', () => new HttpResponse(null, { status: 500 })],
    ['no answer', () => HttpResponse.error()],
    ['an answer that is no JSON', () => new HttpResponse('<html>', { status: 200 })],
    [
      'another version',
      () => HttpResponse.json({ api: '2.0', features: ['idempotency', 'problem-details', 'sizes-in-bytes'] }),
    ],
    ['a base feature missing', () => HttpResponse.json({ api: '1.1', features: ['idempotency', 'problem-details'] })],
  ])('takes %s to the probe as v1', async (_, answer) => {
    server.use(http.get(v11Url('/capabilities'), answer));
    await expect(offeredV11()).resolves.toBeNull();
  });

  it('ends only the aborted caller’s wait, not the probe the others share', async () => {
    const controller = new AbortController();
    const aborted = offeredV11(controller.signal);
    const other = offeredV11();
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ kind: 'aborted' });
    await expect(other).resolves.toMatchObject({ events: true, secondFactor: true });
  });
});

describe('the state changes on v1.1', () => {
  beforeEach(() => {
    mock.setApiVersion('v1.1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('go as POST and PUT with a new idempotency key for each action', async () => {
    await aCustomer();
    const requests = watchRequests();
    await setNotifications(false);
    await setNotifications(false);
    await settled(buyDatastore('keyed1', 0));
    await cancelDatastore(nameOf('keyed1'));
    await cancelContract();
    await orderLicence(order);
    requests.stop();
    const changes = requests.seen.filter(({ call }) => !call.startsWith('GET '));
    expect(changes.map(({ call }) => call)).toEqual([
      'PUT /v1.1/notifications',
      'PUT /v1.1/notifications',
      'POST /v1.1/datastores',
      `POST /v1.1/datastores/${nameOf('keyed1')}/cancellation`,
      'POST /v1.1/contract/cancellation',
      'POST /v1.1/licence/order',
    ]);
    const keys = changes.map(({ key }) => key);
    expect(keys.every((key) => /^"[0-9a-f-]{32,36}"$/.test(key ?? ''))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      requests.seen.some(({ call }) => /\/v1\/(product|datastore\/cancel|contract\/cancel|notifications)/.test(call)),
    ).toBe(false);
  });

  it.each([502, 503, 504])(
    'send a change again with the same key after a %i, and the server does it once',
    async (status) => {
      await aCustomer();
      server.use(http.post(v11Url('/licence/order'), () => new HttpResponse(null, { status }), { once: true }));
      const requests = watchRequests();
      await settled(orderLicence(order));
      requests.stop();
      const orders = requests.seen.filter(({ call }) => call === 'POST /v1.1/licence/order');
      expect(orders).toHaveLength(2);
      expect(orders[1]?.key).toBe(orders[0]?.key);
      expect(db.licenceOrder.getAll()).toHaveLength(1);
    },
  );

  it.each([
    [
      'its answer was lost on the way back',
      async (request: Request, tries: number) => {
        const answer = await getResponse(handlers, request);
        return tries === 1 ? HttpResponse.error() : answer;
      },
    ],
    [
      'no answer came within the reads’ 20 s',
      async (request: Request, tries: number) => {
        if (tries === 1) await delay(25_000);
        return getResponse(handlers, request);
      },
    ],
  ])('send an order again with the same key when %s, and the server orders once', async (_, answer) => {
    await aCustomer();
    let tries = 0;
    server.use(
      http.post(v11Url('/licence/order'), ({ request }) => {
        tries += 1;
        return answer(request, tries);
      }),
    );
    const requests = watchRequests();
    await settled(orderLicence(order));
    requests.stop();
    const orders = requests.seen.filter(({ call }) => call === 'POST /v1.1/licence/order');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.key).toBe(orders[0]?.key);
    expect(db.licenceOrder.getAll()).toHaveLength(1);
  });

  it('waits while the server says the first request with the key still runs, then takes its stored answer', async () => {
    await aCustomer();
    let tries = 0;
    server.use(
      http.put(v11Url('/notifications'), () => {
        tries += 1;
        if (tries > 1) return undefined;
        return HttpResponse.json(
          { type: '/problems/request-in-progress', title: 'Still running', status: 409 },
          { status: 409, headers: { 'Retry-After': '1', 'Content-Type': 'application/problem+json' } },
        );
      }),
    );
    await settled(setNotifications(false));
    expect(tries).toBe(2);
  });

  it('does not send a change again after a 500, which is the server’s answer', async () => {
    await aCustomer();
    mock.fault('v1.1 PUT /notifications', 'http500', { times: 1 });
    const requests = watchRequests();
    await expect(setNotifications(false)).rejects.toMatchObject({ kind: 'http', status: 500 });
    requests.stop();
    expect(requests.seen.filter(({ call }) => call === 'PUT /v1.1/notifications')).toHaveLength(1);
  });
});

describe('a purchase on v1.1', () => {
  beforeEach(() => {
    mock.setApiVersion('v1.1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('ends when its operation has succeeded, read from the event stream', async () => {
    await aCustomer();
    const requests = watchRequests();
    await settled(buyDatastore('stream1', 0));
    requests.stop();
    const calls = requests.seen.map(({ call }) => call);
    expect(calls).toContain('GET /v1.1/events');
    // Read once when the stream opened (it may have ended before); the rest came as events.
    expect(calls.filter((call) => call.startsWith('GET /v1.1/operations/'))).toHaveLength(1);
    expect(db.datastore.findMany({ where: { identifier: { equals: 'stream1' } } })).toHaveLength(1);
  });

  it('polls its operation when the event stream does not open within its time, as behind a proxy that holds it back', async () => {
    await aCustomer();
    server.use(http.get(v11Url('/events'), () => new Promise<never>(() => {})));
    const requests = watchRequests();
    await settled(buyDatastore('held1', 0));
    requests.stop();
    const calls = requests.seen.map(({ call }) => call);
    expect(calls).toContain('GET /v1.1/events');
    expect(calls.filter((call) => call.startsWith('GET /v1.1/operations/')).length).toBeGreaterThan(0);
    expect(db.datastore.findMany({ where: { identifier: { equals: 'held1' } } })).toHaveLength(1);
  });

  it('polls its operation when the server offers no event stream', async () => {
    withoutEvents();
    await aCustomer();
    const requests = watchRequests();
    await settled(buyDatastore('poll1', 0));
    requests.stop();
    const calls = requests.seen.map(({ call }) => call);
    expect(calls).not.toContain('GET /v1.1/events');
    expect(calls.filter((call) => call.startsWith('GET /v1.1/operations/')).length).toBeGreaterThan(0);
    expect(db.datastore.findMany({ where: { identifier: { equals: 'poll1' } } })).toHaveLength(1);
  });

  it('is sent again with the same key when its answer was lost, and the server books one datastore', async () => {
    await aCustomer();
    // The server books the datastore; its first answer never reaches the portal.
    let tries = 0;
    server.use(
      http.post(v11Url('/datastores'), async ({ request }) => {
        tries += 1;
        const answer = await getResponse(handlers, request);
        return tries === 1 ? HttpResponse.error() : answer;
      }),
    );
    const requests = watchRequests();
    await settled(buyDatastore('lost1', 0));
    requests.stop();
    const purchases = requests.seen.filter(({ call }) => call === 'POST /v1.1/datastores');
    expect(purchases).toHaveLength(2);
    expect(purchases[1]?.key).toBe(purchases[0]?.key);
    expect(db.datastore.findMany({ where: { identifier: { equals: 'lost1' } } })).toHaveLength(1);
  });

  it('fails as v1’s purchase fails when its operation fails: an identifier Proxmox Backup Server found taken is a 409', async () => {
    withoutEvents();
    await aCustomer();
    server.use(
      http.get(v11Url('/operations/:id'), ({ params }) =>
        HttpResponse.json({
          id: String(params.id),
          kind: 'datastore.purchase',
          state: 'failed',
          created_at: '2026-11-28T10:00:00Z',
          updated_at: '2026-11-28T10:00:02Z',
          problem: {
            type: '/problems/identifier-taken',
            title: 'Taken',
            status: 409,
            detail: 'The identifier is used.',
          },
        }),
      ),
    );
    await expect(settled(buyDatastore('taken1', 0))).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      problem: 'identifier-taken',
      reason: 'The identifier is used.',
    });
  });

  it('is refused as v1 refuses it: company data not yet complete is v1’s 403, in the page’s language', async () => {
    const customer = createCustomer({ company: null });
    await loginAs(customer.email, customer.password);
    document.documentElement.lang = 'de';
    const error = await buyDatastore('early1', 0).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 403, problem: 'company-incomplete' });
    expect((error as ApiError).reason).toMatch(/Firmendaten/);
  });
});

describe('reading problem details', () => {
  it('takes the kind from the path of the type, and none from about:blank or a 5xx', () => {
    expect(problemKind('/problems/email-taken')).toBe('email-taken');
    expect(problemKind('https://api.example.com/problems/no-contract#x')).toBe('no-contract');
    expect(problemKind('about:blank')).toBeUndefined();
    expect(problemKind(42)).toBeUndefined();
    expect(problemError(502, { type: '/problems/provisioning-failed' }, null).problem).toBeUndefined();
  });

  it('gives the detail as the reason, plain, else the title, and reads Retry-After', () => {
    const error = problemError(
      429,
      { type: '/problems/too-many-attempts', title: 'Too many', detail: '<b>Wait</b>' },
      '30',
    );
    expect(error).toMatchObject({ status: 429, reason: 'Wait', retryAfterSeconds: 30, problem: 'too-many-attempts' });
    expect(problemError(409, { type: '/problems/no-contract', title: 'No contract' }, null).reason).toBe('No contract');
  });
});

describe('reading the event stream', () => {
  it('takes complete events with their name, id and data lines, skips comments, and keeps the rest', () => {
    const { events, rest } = parseEvents(
      'retry: 5000\n\n: keep-alive\n\nevent: operation.updated\nid: 7\ndata: {"a":\ndata: 1}\n\nevent: resync\r\ndata: {}\r\n\r\nevent: oper',
    );
    expect(events).toEqual([
      { event: 'operation.updated', id: '7', data: '{"a":\n1}' },
      { event: 'resync', id: undefined, data: '{}' },
    ]);
    expect(rest).toBe('event: oper');
  });
});
