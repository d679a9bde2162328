/**
 * The alerts on v1.1 (issue 45) against the mock's real handlers: the list, the rules, and the
 * `alert.raised` events of the stream, which a dropped stream resumes from its position without
 * losing or repeating one.
 */
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
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
