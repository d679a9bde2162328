/**
 * The mock speaks v1 only or v1.1 beside it (issue 43, item 3): a v1-only server has no v1.1
 * path (a test, the operator panel or MOCK_API_VERSION=v1 says so; every mock starts in v1.1), the switch survives a reload of the demo's page and a reset goes back to where it started.
 */
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Base } from '../../src/mocks/api-version';
import { createMockControls } from '../../src/mocks/controls';
import { mock } from '../../src/mocks/node';
import { restoreDatabase, saveDatabase } from '../../src/mocks/persistence';

const capabilities = () => `${v11Base(apiUrl(''))}/capabilities`;

describe('the API the mock speaks', () => {
  it('speaks v1.1 from the start, now that it answers every call of it, and v1 only when told: the probe then meets a 404', async () => {
    expect(mock.apiVersion()).toBe('v1.1');
    expect((await fetch(capabilities())).status).toBe(200);
    mock.setApiVersion('v1');
    expect((await fetch(capabilities())).status).toBe(404);
  });

  it('offers v1.1 with its three base features, the event stream, second factors, the usage history, the backup health, the alerts, and keys kept for 24 hours once switched on', async () => {
    mock.setApiVersion('v1.1');
    const response = await fetch(capabilities(), { headers: { 'Accept-Language': 'de' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    await expect(response.json()).resolves.toEqual({
      api: '1.1',
      features: [
        'idempotency',
        'problem-details',
        'sizes-in-bytes',
        'events',
        'second-factor',
        'usage-history',
        'backup-health',
        'alerts',
      ],
      idempotency_key_retention_seconds: 86_400,
    });
  });

  it('answers the v1 calls the same in both modes', async () => {
    const licences = async () => (await fetch(apiUrl('/licences'))).json();
    mock.setApiVersion('v1');
    const inV1 = await licences();
    mock.setApiVersion('v1.1');
    await expect(licences()).resolves.toEqual(inV1);
  });

  it('goes back on reset to the API it was created with', () => {
    const controls = createMockControls({ apiVersion: 'v1' });
    controls.reset();
    expect(controls.apiVersion()).toBe('v1');
    controls.setApiVersion('v1.1');
    controls.reset();
    expect(controls.apiVersion()).toBe('v1');
    mock.setApiVersion('v1');
    mock.reset();
    expect(mock.apiVersion()).toBe('v1.1');
  });

  it('refuses a version it does not know', () => {
    // @ts-expect-error: an operator's typo, as the browser's console would pass it.
    expect(() => mock.setApiVersion('v2')).toThrow('Unknown API version "v2".');
  });

  it('keeps the API it speaks across a reload of the page, and reads a snapshot older than the choice as the default, v1.1', () => {
    mock.setApiVersion('v1');
    saveDatabase();
    mock.reset();
    expect(restoreDatabase()).toBe(true);
    expect(mock.apiVersion()).toBe('v1');
    const saved = JSON.parse(localStorage.getItem('portal-mock-db') ?? '{}') as Record<string, unknown>;
    delete saved.apiVersion;
    localStorage.setItem('portal-mock-db', JSON.stringify(saved));
    expect(restoreDatabase()).toBe(true);
    expect(mock.apiVersion()).toBe('v1.1');
  });
});
