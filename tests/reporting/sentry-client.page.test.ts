import { captureException, flush, getClient, setUser } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { initSentry, scrubAnyEvent, sendReport } from '../../src/reporting/sentry-client';
import { recordingTransport, testDsn } from '../support/reporting';

const dsn = testDsn;

describe('the Sentry client of the feedback widget', () => {
  // One SDK per page: these tests share the client started by the first one.
  const { sent, transport, answer } = recordingTransport();

  it('starts once and only when the flags ask for it', () => {
    expect(initSentry({})).toBe(false);
    expect(getClient()).toBeUndefined();
    expect(initSentry({ VITE_FEEDBACK_WIDGET: 'true', VITE_SENTRY_DSN: dsn }, { transport })).toBe(true);
    expect(getClient()?.getOptions()).toMatchObject({ dsn, environment: 'production' });
    expect(initSentry({ VITE_FEEDBACK_WIDGET: 'true', VITE_SENTRY_DSN: dsn })).toBe(true);
  });

  it('sends the report as user feedback with screenshot.png attached, scrubbed', async () => {
    setUser({ id: 'K-10001', email: 'erika@example.com', username: 'erika' });
    await sendReport({
      message: 'Payment with DE89 3704 0044 0532 0130 00 fails',
      screenshot: { url: 'data:image/png;base64,AAAA', data: new Uint8Array([137, 80, 78, 71]) },
    });
    const envelope = sent.at(-1) ?? '';
    expect(envelope).toContain('"type":"feedback"');
    expect(envelope).toContain('Payment with [Filtered] fails');
    expect(envelope).toContain('"filename":"screenshot.png"');
    expect(envelope).toContain('"content_type":"image/png"');
    expect(envelope).not.toContain('DE89');
    expect(envelope).not.toContain('erika@example.com');
    expect(envelope).not.toContain('"username"');
  });

  it('rejects when Sentry refuses the report, so that the widget can say so', async () => {
    answer.statusCode = 403;
    await expect(sendReport({ message: 'Broken', screenshot: null })).rejects.toThrow();
    answer.statusCode = 200;
  });

  it('scrubs an error captured by hand as well', async () => {
    const before = sent.length;
    captureException(new Error('IBAN DE89370400440532013000 refused'));
    await flush(1000);
    const envelopes = sent.slice(before).join('');
    expect(envelopes).toContain('IBAN [Filtered] refused');
    expect(envelopes).not.toContain('DE89');
  });

  it('scrubs replay events by value', () => {
    const scrubbed = scrubAnyEvent(
      { type: 'replay_event', extra: { url: '/newpassword?token=abc', iban: 'x' } },
      { sendPii: false },
    );
    expect(scrubbed.extra).toEqual({ url: '/newpassword?token=[Filtered]', iban: '[Filtered]' });
  });
});
