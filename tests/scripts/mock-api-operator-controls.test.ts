import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type MockApiServer } from '../../scripts/mock-api/server';
import { freePort } from '../../scripts/nginx';
import { codeAt } from '../../src/mocks/v1-1/totp';

/**
 * The operator's controls of the mock API over HTTP, for the production journeys: the account
 * protection's (issue 44: an authenticator for an account, the provider's requirement of a
 * factor, the end of the logins that wait for their second step) and the changes to a
 * datastore's schedule (issue 45: a fill to 85 %, a failed verification, nights without a backup),
 * and the end of every open event stream (issue 45: the portal resumes from its position).
 */
let api: MockApiServer;

beforeAll(async () => {
  api = await startApiServer(await freePort(), { apiVersion: 'v1.1' });
});

afterAll(() => api.close());

const control = (path: string, body: unknown) =>
  fetch(`${api.url}/__mock/${path}`, { method: 'POST', body: JSON.stringify(body) });

const logIn = () =>
  fetch(`${api.url}/api/v1.1/login`, {
    method: 'POST',
    headers: { 'X-Portal-Request': '1', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-Password-2026', language: 'en' }),
  });

describe('the account-protection controls over HTTP', () => {
  it('protect an account with an authenticator whose codes then complete its login', async () => {
    const response = await control('protect', { email: 'demo@example.com' });
    const { secret, recoveryCodes } = (await response.json()) as { secret: string; recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const { second_factor } = (await (await logIn()).json()) as { second_factor: { ticket: string } };
    const step = await fetch(`${api.url}/api/v1.1/login/second-factor`, {
      method: 'POST',
      headers: { 'X-Portal-Request': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ticket: second_factor.ticket, totp: codeAt(secret, Date.now()) }),
    });
    expect(step.status).toBe(204);
    expect(step.headers.get('Set-Cookie')).toMatch(/^portal_session=/);
  });

  it('end the logins that wait for their second step', async () => {
    await control('protect', { email: 'demo@example.com' });
    const { second_factor } = (await (await logIn()).json()) as { second_factor: { ticket: string } };
    expect((await control('expire-login-tickets', { email: 'demo@example.com' })).status).toBe(200);
    const step = await fetch(`${api.url}/api/v1.1/login/second-factor`, {
      method: 'POST',
      headers: { 'X-Portal-Request': '1', 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ ticket: second_factor.ticket, recovery_code: 'abcd-efgh' }),
    });
    expect(await step.json()).toMatchObject({ type: '/problems/ticket-expired' });
  });

  it('require a factor of an account, and refuse an address it does not know', async () => {
    expect(await (await control('require-second-factor', { email: 'demo@example.com' })).json()).toEqual({
      required: true,
    });
    const unknown = await control('require-second-factor', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      status: 'error',
      reason: 'No account has the address "nobody@example.com".',
    });
    expect((await control('protect', { email: 'nobody@example.com' })).status).toBe(400);
  });
});

const named = (identifier: string) =>
  api.controls.datastores().find((datastore) => datastore.identifier === identifier)?.name ?? '';

describe('the schedule controls over HTTP', () => {
  it('fill a fixed datastore to 85 % or the share asked for, and refuse the dynamic rate', async () => {
    expect(await (await control('fill-datastore', { name: named('media') })).json()).toEqual({ used_bytes: 1.7e12 });
    expect(await (await control('fill-datastore', { name: named('media'), percent: 90 })).json()).toEqual({
      used_bytes: 1.8e12,
    });
    const dynamic = await control('fill-datastore', { name: named('backup') });
    expect(dynamic.status).toBe(400);
    expect(await dynamic.json()).toMatchObject({ reason: expect.stringMatching(/dynamic rate/) as unknown });
  });

  it('fail a verification and skip nights of backups, and refuse a name no datastore has', async () => {
    expect((await control('fail-verification', { name: named('archive') })).status).toBe(200);
    expect(await (await control('skip-backups', { name: named('archive'), nights: 3 })).json()).toEqual({
      status: 'done',
    });
    const unknown = await control('fail-verification', { name: 'k99999_none' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ reason: 'No datastore is named "k99999_none".' });
  });
});

describe('the event streams’ control over HTTP', () => {
  it('ends every open stream as a broken connection would, and says how many were open', async () => {
    // The demo account without the factor an earlier test gave it.
    await control('reset', {});
    const session = (await logIn()).headers.get('Set-Cookie')?.split(';')[0] ?? '';
    const controller = new AbortController();
    const stream = await fetch(`${api.url}/api/v1.1/events`, {
      headers: { 'X-Portal-Request': '1', Cookie: session },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    await reader?.read();
    expect(await (await control('drop-event-streams', {})).json()).toEqual({ dropped: 1 });
    // The stream ends: what is left of it is read to its end.
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read());
    expect(await (await control('drop-event-streams', {})).json()).toEqual({ dropped: 0 });
    controller.abort();
  });
});
