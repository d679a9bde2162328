import { getClient } from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDsn } from '../support/reporting';

describe('starting error reporting', () => {
  afterEach(async () => {
    vi.unstubAllEnvs();
    // Nothing may leave the test: stop the SDK (and its replay) before it sends anything.
    await getClient()?.close(0);
  });

  it('starts Sentry with replay and tracing, once, when its flag is on and a DSN is set', async () => {
    vi.stubEnv('VITE_SENTRY_ENABLED', 'true');
    vi.stubEnv('VITE_SENTRY_DSN', testDsn);
    const { startReporting } = await import('../../src/reporting/index');
    const first = startReporting();
    expect(startReporting()).toBe(first);
    await first;
    const client = getClient();
    expect(client?.getOptions()).toMatchObject({ dsn: testDsn, environment: 'production', tracesSampleRate: 1 });
    expect(client?.getIntegrationByName('Replay')).toBeDefined();
    expect(client?.getIntegrationByName('BrowserTracing')).toBeDefined();
  });
});
