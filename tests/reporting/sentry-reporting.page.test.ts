import { captureException, flush, getClient, setUser } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { initSentry } from '../../src/reporting/sentry-client';
import { recordingTransport, testDsn as dsn } from '../support/reporting';

describe('Sentry with error reporting on', () => {
  const { sent, transport } = recordingTransport();

  it('runs with session replay and performance tracing', () => {
    expect(initSentry({ VITE_SENTRY_ENABLED: 'true', VITE_SENTRY_DSN: dsn }, { transport })).toBe(true);
    const client = getClient();
    expect(client?.getIntegrationByName('Replay')).toBeDefined();
    expect(client?.getIntegrationByName('BrowserTracing')).toBeDefined();
    expect(client?.getOptions()).toMatchObject({
      tracesSampleRate: 1,
      replaysSessionSampleRate: 1,
      replaysOnErrorSampleRate: 1,
      environment: 'production',
    });
  });

  it("reports errors without the user's email and username, passwords or IBANs", async () => {
    setUser({ id: 'K-10001', email: 'erika@example.com', username: 'erika' });
    captureException(new Error('Direct debit DE89 3704 0044 0532 0130 00 refused for erika@example.com'), {
      extra: { payload: { password: 'Demo-Password-2026', iban: 'DE89370400440532013000' } },
    });
    await flush(2000);
    const envelope = sent.find((text) => text.includes('"type":"event"')) ?? '';
    expect(envelope).toContain('Direct debit [Filtered] refused for [Filtered]');
    expect(envelope).toContain('"id":"K-10001"');
    for (const secret of ['DE89', 'erika@example.com', '"username"', 'Demo-Password-2026'])
      expect(envelope).not.toContain(secret);
  });
});
