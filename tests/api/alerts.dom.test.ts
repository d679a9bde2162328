/**
 * The alerts on v1.1 (issue 45) against the mock's real handlers: the list, the rules, and the
 * `alert.raised` events of the stream, which a dropped stream resumes from its position without
 * losing or repeating one.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alertsOffered, forgetServerOffer } from '../../src/api/server-version';
import { followAlerts, getAlertRules, getAlerts, putAlertRules } from '../../src/api/v1-1/alerts';
import { v11Url } from '../../src/api/v1-1/request';
import type { Alert } from '../../src/domain/alerts';
import { db } from '../../src/mocks/db';
import { mock, server } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { apiError, loginAs } from '../support/mock-api';

let name = '';

beforeEach(async () => {
  mock.setApiVersion('v1.1');
  const customer = createCustomer({ datastores: [aDatastore('web', { volume: 2, space_used_text: '800 GB' })] });
  await loginAs(customer.email, customer.password);
  name = mock.datastores(customer.email)[0]?.name ?? '';
  db.datastore.updateMany({ where: { datastore: { equals: name } }, data: { created: Date.now() - 365 * 86_400_000 } });
});

/** A stream followed from `from` until `stop` says so: what it heard, and how it ended. */
function follow(from: string | null) {
  const heard: { id: string | undefined; alert: Alert | null }[] = [];
  const controller = new AbortController();
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  const ended = followAlerts(from, { opened, heard: (id, alert) => heard.push({ id, alert }) }, controller.signal);
  return { heard, open, ended, stop: () => controller.abort() };
}

async function until(check: () => boolean) {
  for (let tries = 0; tries < 100 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
}

describe('the alerts', () => {
  it('are offered live where the server names alerts and the event stream, and not on v1', async () => {
    await expect(alertsOffered()).resolves.toBe('live');
    forgetServerOffer();
    mock.setApiVersion('v1');
    await expect(alertsOffered()).resolves.toBe('none');
  });

  it('are listed newest first, with the figure each names', async () => {
    await getAlerts();
    mock.fillDatastore(name, 85);
    mock.failVerification(name);
    const alerts = await getAlerts();
    expect(alerts.map((alert) => alert.kind).sort()).toEqual(['space', 'verification-failed']);
    expect(alerts.find((alert) => alert.kind === 'space')).toMatchObject({ datastore: name, percent: 85 });
  });

  it('keep a kind the portal does not know, and refuse a list that is none', async () => {
    server.use(
      http.get(v11Url('/alerts'), () =>
        HttpResponse.json({
          alerts: [{ id: 'x', kind: 'quota-raised', datastore: null, raised_at: '2026-11-25T12:00:00Z', extra: 1 }],
        }),
      ),
    );
    await expect(getAlerts()).resolves.toEqual([
      { id: 'x', kind: 'quota-raised', datastore: null, raised_at: '2026-11-25T12:00:00Z', extra: 1 },
    ]);
    server.use(http.get(v11Url('/alerts'), () => HttpResponse.json({ alerts: 'none' })));
    expect((await apiError(getAlerts())).kind).toBe('invalid-answer');
  });

  it('are heard live, and a dropped stream resumed from its position brings what was raised meanwhile once', async () => {
    await getAlerts();
    const first = follow(null);
    await first.open;
    mock.fillDatastore(name, 85);
    await until(() => first.heard.some((event) => event.alert?.kind === 'space'));
    expect(mock.dropEventStreams()).toBe(1);
    await expect(first.ended).resolves.toEqual({ reason: 'dropped' });

    // Raised while no stream was open.
    mock.failVerification(name);
    const position = first.heard.at(-1)?.id ?? null;
    const second = follow(position);
    await second.open;
    await until(() => second.heard.length > 0);
    second.stop();
    await expect(second.ended).rejects.toMatchObject({ kind: 'aborted' });
    const kinds = [...first.heard, ...second.heard].flatMap((event) => (event.alert ? [event.alert.kind] : []));
    expect(kinds).toEqual(['space', 'verification-failed']);
  });

  it('end the stream with a resync when the server cannot resume from the position', async () => {
    const stream = follow('no-such-id');
    await expect(stream.ended).resolves.toEqual({ reason: 'resync' });
  });

  it('refuse the stream with a 401 once the session has ended', async () => {
    await mock.reset();
    const stream = follow(null);
    await expect(stream.ended).rejects.toMatchObject({ kind: 'http', status: 401 });
  });
});

describe('the alert rules', () => {
  it('are read and set', async () => {
    const rules = await getAlertRules();
    expect(rules).toEqual({
      space_percent: 80,
      backup_hours: 24,
      verification: true,
      collection: true,
      recipients: [],
    });
    const mine = { ...rules, space_percent: 90, recipients: ['ops@example.com'] };
    await expect(putAlertRules(mine)).resolves.toEqual(mine);
    await expect(getAlertRules()).resolves.toEqual(mine);
  });

  it('are refused by the server when out of range, naming the field', async () => {
    const error = await apiError(
      putAlertRules({ space_percent: 40, backup_hours: 24, verification: true, collection: true, recipients: [] }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 400 });
  });
});

describe('the alerts’ stream, on a server that misbehaves', () => {
  /** A stream that sends `chunks` and then stays open, saying nothing. */
  function streamOf(...chunks: string[]) {
    const encoder = new TextEncoder();
    return new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      },
    });
  }

  afterEach(() => vi.useRealTimers());

  it('sends the position, the portal’s header and what it accepts, and hears an alert that is none as an event without one', async () => {
    let headers: Headers | undefined;
    server.use(
      http.get(v11Url('/events'), ({ request }) => {
        headers = request.headers;
        return new HttpResponse(
          streamOf(
            'event: alert.raised\nid: 8\ndata: {"id": 5}\n\n',
            'event: alert.raised\nid: 9\ndata: not json\n\n',
            'event: operation.updated\nid: 10\ndata: {}\n\n',
          ),
          { headers: { 'Content-Type': 'text/event-stream' } },
        );
      }),
    );
    const stream = follow('7');
    await until(() => stream.heard.length === 3);
    stream.stop();
    await expect(stream.ended).rejects.toMatchObject({ kind: 'aborted' });
    expect(headers?.get('Last-Event-ID')).toBe('7');
    expect(headers?.get('Accept')).toBe('text/event-stream');
    expect(headers?.get('X-Portal-Request')).toBe('1');
    expect(stream.heard).toEqual([
      { id: '8', alert: null },
      { id: '9', alert: null },
      { id: '10', alert: null },
    ]);
  });

  it('sends no position when it has none', async () => {
    let position: string | null = 'unset';
    server.use(
      http.get(v11Url('/events'), ({ request }) => {
        position = request.headers.get('Last-Event-ID');
        return new HttpResponse(streamOf(), { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const stream = follow(null);
    await stream.open;
    stream.stop();
    await expect(stream.ended).rejects.toMatchObject({ kind: 'aborted' });
    expect(position).toBeNull();
  });

  it('counts a stream that says nothing, not even a keep-alive, for 35 seconds as dropped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    server.use(
      http.get(
        v11Url('/events'),
        () => new HttpResponse(streamOf(': keep-alive\n\n'), { headers: { 'Content-Type': 'text/event-stream' } }),
      ),
    );
    const stream = follow(null);
    await stream.open;
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(34_000);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(stream.ended).resolves.toEqual({ reason: 'dropped' });
  });

  it('counts a stream that does not open within 10 seconds as dropped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    server.use(http.get(v11Url('/events'), () => new Promise<never>(() => {})));
    const stream = follow(null);
    let ended = false;
    void stream.ended.then(() => {
      ended = true;
    });
    await vi.advanceTimersByTimeAsync(9_000);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    await expect(stream.ended).resolves.toEqual({ reason: 'dropped' });
  });

  it('refuses a stream the server will not open with its status, and takes a broken one as dropped', async () => {
    server.use(http.get(v11Url('/events'), () => new HttpResponse(null, { status: 502 })));
    await expect(follow(null).ended).rejects.toMatchObject({ kind: 'http', status: 502 });
    server.use(http.get(v11Url('/events'), () => HttpResponse.error()));
    await expect(follow(null).ended).resolves.toEqual({ reason: 'dropped' });
  });
});
