/**
 * v1.1's event stream in the mock (issue 43, item 3; contracts/v1.1.openapi.yaml, GET /events): a
 * purchase's operation as `operation.updated` events, resumed after a `Last-Event-ID` or a
 * `resync`, a keep-alive on a quiet stream, and the end of the stream with the session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { mock } from '../../src/mocks/node';
import { keepAliveMs } from '../../src/mocks/v1-1/event-stream';
import { provisioningMs } from '../../src/mocks/v1-1/operations';
import { createCustomer } from '../support/customers';
import { loginAs } from '../support/mock-api';

interface StreamEvent {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

const start = new Date('2026-11-28T10:00:00Z');
const at = (ms: number) => vi.setSystemTime(new Date(start.getTime() + ms));
let keys = 0;
/** The streams a test opened, closed after it as the portal closes one: by aborting its fetch. */
const open: AbortController[] = [];

function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  return fetch(`${v11Base(apiUrl(''))}${path}`, {
    method,
    signal,
    headers: {
      'X-Portal-Request': '1',
      ...(method === 'GET' ? {} : { 'Idempotency-Key': `"event-key-${(keys += 1)}"` }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The messages of a stream's text, as WHATWG's parser splits them (one field each per line). */
function messagesOf(text: string): StreamEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block !== '')
    .map((block) => {
      const message: StreamEvent = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) message.comment = line.slice(1).trim();
        else {
          const [field = '', ...rest] = line.split(': ');
          if (field === 'event' || field === 'id' || field === 'data' || field === 'retry')
            message[field] = rest.join(': ');
        }
      }
      return message;
    });
}

/** Opens the stream and reads it on; `until` waits (in real time) for what the test expects. */
async function follow(headers: Record<string, string> = {}) {
  const closing = new AbortController();
  open.push(closing);
  const response = await call('GET', '/events', undefined, headers, closing.signal);
  const body = response.body;
  if (!body) throw new Error('The stream has no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    ended = true;
  })().catch(() => {
    ended = true;
  });
  return {
    response,
    messages: () => messagesOf(text),
    ended: () => ended,
    async until(found: (messages: StreamEvent[]) => boolean) {
      await vi.waitFor(() => expect(found(messagesOf(text))).toBe(true), { timeout: 2000, interval: 20 });
    },
    pump,
  };
}

const updates = (messages: StreamEvent[]) => messages.filter((message) => message.event === 'operation.updated');
const states = (messages: StreamEvent[]) =>
  updates(messages).map((message) => (JSON.parse(message.data ?? '{}') as { state: string }).state);

async function customerWhoBuys() {
  const customer = createCustomer();
  await loginAs(customer.email, customer.password);
  return customer;
}

beforeEach(() => {
  mock.setApiVersion('v1.1');
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});

afterEach(() => {
  for (const closing of open.splice(0)) closing.abort();
});

describe('the event stream of v1.1', () => {
  it('opens with retry: 5000 and streams a purchase from pending to succeeded, as its operation reads then', async () => {
    await customerWhoBuys();
    const stream = await follow();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('Cache-Control')).toBe('no-store');
    expect(stream.response.headers.get('X-Accel-Buffering')).toBe('no');
    await stream.until((messages) => messages[0]?.retry === '5000');
    const { id } = (await (await call('POST', '/datastores', { identifier: 'evt1', product_id: 0 })).json()) as {
      id: string;
    };
    await stream.until((messages) => states(messages).includes('pending'));
    at(300);
    await stream.until((messages) => states(messages).includes('running'));
    at(provisioningMs);
    await stream.until((messages) => states(messages).includes('succeeded'));
    const events = updates(stream.messages());
    expect(states(stream.messages())).toEqual(['pending', 'running', 'succeeded']);
    const ids = events.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(3);
    expect(JSON.parse(events[2]?.data ?? '{}')).toEqual(await (await call('GET', `/operations/${id}`)).json());
  });

  it('sends, after a Last-Event-ID, every later event of the account once, and only what happens next without one', async () => {
    await customerWhoBuys();
    await call('POST', '/datastores', { identifier: 'evt2', product_id: 0 });
    at(provisioningMs);
    const first = await follow();
    await first.until((messages) => messages.length > 0);
    // The purchase settles as the stream opens: what happened before it is not sent without an id.
    expect(updates(first.messages())).toEqual([]);
    // The purchase's first event is the first since the mock's reset.
    const resumed = await follow({ 'Last-Event-ID': '1' });
    await resumed.until((messages) => states(messages).includes('succeeded'));
    expect(states(resumed.messages())).toEqual(['running', 'succeeded']);
  });

  it('asks for a resync when it cannot resume: an id it never gave, or one of another account', async () => {
    await customerWhoBuys();
    await call('POST', '/datastores', { identifier: 'evt3', product_id: 0 });
    const other = createCustomer();
    await loginAs(other.email, other.password);
    for (const lastId of ['nope', '1']) {
      const stream = await follow({ 'Last-Event-ID': lastId });
      await stream.until((messages) => messages.some((message) => message.event === 'resync'));
      const resync = stream.messages().find((message) => message.event === 'resync');
      expect(JSON.parse(resync?.data ?? '{}'), lastId).toEqual({ reason: 'expired' });
      expect(updates(stream.messages()), lastId).toEqual([]);
    }
  });

  it('says it is alive after 25 s without news', async () => {
    await customerWhoBuys();
    const stream = await follow();
    await stream.until((messages) => messages.length === 1);
    at(keepAliveMs);
    await stream.until((messages) => messages.some((message) => message.comment === 'keep-alive'));
  });

  it('ends with a reset of the mock, at once: no stream of an earlier test counts in the next drop', async () => {
    await customerWhoBuys();
    const stream = await follow();
    await stream.until((messages) => messages.length === 1);
    mock.reset();
    expect(mock.dropEventStreams()).toBe(0);
    await vi.waitFor(() => expect(stream.ended()).toBe(true), { timeout: 2000, interval: 20 });
  });

  it('answers session-ended without a session, and ends with the session', async () => {
    const refused = await call('GET', '/events');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ type: '/problems/session-ended' });
    await customerWhoBuys();
    const stream = await follow();
    await stream.until((messages) => messages.length === 1);
    expect((await call('POST', '/logout')).status).toBe(204);
    await vi.waitFor(() => expect(stream.ended()).toBe(true), { timeout: 2000, interval: 20 });
  });
});
