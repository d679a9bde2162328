import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type MockApiServer } from '../../scripts/mock-api/server';

/**
 * The fault control of the mock API over HTTP (`POST /__mock/fault`), which the production
 * journeys use to make one call slow or fail behind nginx.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let api: MockApiServer;

beforeAll(async () => {
  api = await startApiServer(await freePort());
});

afterAll(() => api.close());

function setFault(body: unknown): Promise<Response> {
  return fetch(`${api.url}/__mock/fault`, { method: 'POST', body: JSON.stringify(body) });
}

describe('POST /__mock/fault', () => {
  it('sets a slow fault of a chosen time for a number of calls, and a reset clears it', async () => {
    const response = await setFault({ call: 'GET /licences', kind: 'slow', ms: 300, times: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ faults: [{ call: 'GET /licences', kind: 'slow', remaining: 1, ms: 300 }] });
    let started = Date.now();
    expect((await fetch(`${api.url}/api/v1/licences`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);
    started = Date.now();
    await fetch(`${api.url}/api/v1/licences`);
    expect(Date.now() - started).toBeLessThan(250);

    await setFault({ call: 'GET /licences', kind: 'http500' });
    expect((await fetch(`${api.url}/api/v1/licences`)).status).toBe(500);
    await fetch(`${api.url}/__mock/reset`, { method: 'POST' });
    expect(api.controls.faults()).toEqual([]);
    expect((await fetch(`${api.url}/api/v1/licences`)).status).toBe(200);
  });

  it.each([
    [{ call: 'GET /nothing', kind: 'slow' }, 'Unknown call "GET /nothing".'],
    [{ call: 'GET /licences', kind: 'boom' }, 'Unknown fault kind "boom".'],
    [{ call: 'GET /licences', kind: 'slow', ms: -5 }, 'A slow fault must wait a positive number of milliseconds.'],
    [{ call: 'GET /licences', kind: 'slow', ms: '25000' }, 'ms must be a number.'],
    [{ call: 'GET /licences', kind: 'http500', ms: 200 }, 'Only a slow fault waits a chosen time.'],
    [{ call: 'GET /licences', kind: 'slow', times: 0 }, 'A fault must apply at least once.'],
    [{ call: 'GET /licences', kind: 'slow', times: 'twice' }, 'times must be a number.'],
  ])('refuses %j with 400 and the reason', async (body, reason) => {
    const response = await setFault(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', reason });
    expect(api.controls.faults()).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${api.url}/__mock/fault`, { method: 'POST', body: 'slow please' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', reason: 'The body is not JSON.' });
  });
});

describe('POST /__mock/api-version', () => {
  const switchTo = (version: unknown) =>
    fetch(`${api.url}/__mock/api-version`, { method: 'POST', body: JSON.stringify({ version }) });

  it('switches the HTTP mock between v1.1 and v1 only until the next reset', async () => {
    const capabilities = await fetch(`${api.url}/api/v1.1/capabilities`);
    expect(capabilities.status).toBe(200);
    expect(await capabilities.json()).toMatchObject({ api: '1.1' });
    const response = await switchTo('v1');
    expect(await response.json()).toEqual({ version: 'v1' });
    expect((await fetch(`${api.url}/api/v1.1/capabilities`)).status).toBe(404);
    await fetch(`${api.url}/__mock/reset`, { method: 'POST' });
    expect((await fetch(`${api.url}/api/v1.1/capabilities`)).status).toBe(200);
  });

  it('refuses a version it does not know', async () => {
    const response = await switchTo('v2');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', reason: 'Unknown API version "v2".' });
  });

  it('starts in the version MOCK_API_VERSION names, and refuses one it does not know', async () => {
    process.env.MOCK_API_VERSION = 'v1';
    try {
      const other = await startApiServer(await freePort());
      try {
        expect((await fetch(`${other.url}/api/v1.1/capabilities`)).status).toBe(404);
      } finally {
        await other.close();
      }
      process.env.MOCK_API_VERSION = 'v9';
      await expect(startApiServer(await freePort())).rejects.toThrow('MOCK_API_VERSION must be v1 or v1.1, not "v9".');
    } finally {
      delete process.env.MOCK_API_VERSION;
    }
  });
});
