import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { isFeedbackOn, isReportingOn, readReportingEnv, type ReportingEnv } from '../../src/reporting/env';
import { replayMaskSelectors, sentryOptions, tracePropagationTargets } from '../../src/reporting/options';
import { FILTERED } from '../../src/reporting/scrub';

const dsn = 'https://public@o0.ingest.example.com/1';
const reporting: ReportingEnv = { VITE_SENTRY_ENABLED: 'true', VITE_SENTRY_DSN: dsn };

function setupOf(env: ReportingEnv) {
  const setup = sentryOptions(env);
  if (!setup) throw new Error('expected options');
  return setup;
}

const matchesTarget = (url: string) => tracePropagationTargets.some((pattern) => pattern.test(url));

describe('the build flags', () => {
  it('are all off in a build that sets none of them', () => {
    const env = readReportingEnv();
    expect(isReportingOn(env)).toBe(false);
    expect(isFeedbackOn(env)).toBe(false);
    expect(sentryOptions(env)).toBeNull();
  });

  it('need a DSN besides the flag', () => {
    expect(sentryOptions({ VITE_SENTRY_ENABLED: 'true' })).toBeNull();
    expect(sentryOptions({ VITE_SENTRY_ENABLED: 'true', VITE_SENTRY_DSN: '  ' })).toBeNull();
    expect(sentryOptions({ VITE_FEEDBACK_WIDGET: 'true' })).toBeNull();
    expect(sentryOptions({ VITE_SENTRY_ENABLED: 'false', VITE_SENTRY_DSN: dsn })).toBeNull();
  });
});

describe('error reporting with its flag on', () => {
  it('samples every trace, session and replay on error, in the production environment', () => {
    const { options, tracing } = setupOf(reporting);
    expect(options).toMatchObject({
      dsn,
      environment: 'production',
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 1.0,
      replaysOnErrorSampleRate: 1.0,
    });
    expect(tracing).toBe(true);
    expect(options.defaultIntegrations).toBeUndefined();
  });

  it('masks all text and inputs and blocks media in replays, and records no network details', () => {
    const { replay } = setupOf(reporting);
    expect(replay).toMatchObject({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      networkDetailAllowUrls: [],
      networkCaptureBodies: false,
    });
    expect(replay?.mask).toEqual(replayMaskSelectors);
    expect(replayMaskSelectors).toEqual(expect.arrayContaining(['input', 'textarea', 'select', '[data-private]']));
  });

  it('propagates trace headers only to localhost', () => {
    expect(setupOf(reporting).options.tracePropagationTargets).toBe(tracePropagationTargets);
    expect(matchesTarget('http://localhost:5173/api/v1/me')).toBe(true);
    expect(matchesTarget('http://localhost/api/v1/status')).toBe(true);
    expect(matchesTarget('https://localhost:8443')).toBe(true);
    expect(matchesTarget('https://portal.example.com/api/v1/me')).toBe(false);
    expect(matchesTarget('https://localhost.example.com/api')).toBe(false);
    expect(matchesTarget('https://example.com/?next=http://localhost')).toBe(false);
    expect(matchesTarget('/api/v1/me')).toBe(false);
  });

  it('collects no cookies, headers, bodies or query strings and no user data by itself', () => {
    expect(setupOf(reporting).options.dataCollection).toEqual({
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    });
    expect(setupOf({ ...reporting, VITE_SENTRY_SEND_PII: 'true' }).options.dataCollection?.userInfo).toBe(true);
  });

  it("strips the user's email and username before sending, unless the flag allows them", async () => {
    const event: ErrorEvent = {
      type: undefined,
      message: 'x',
      user: { id: '1', email: 'erika@example.com', username: 'erika' },
    };
    const strict = await setupOf(reporting).options.beforeSend?.(event, {});
    expect(strict?.user).toEqual({ id: '1' });
    const allowed = await setupOf({ ...reporting, VITE_SENTRY_SEND_PII: 'true' }).options.beforeSend?.(event, {});
    expect(allowed?.user).toEqual(event.user);
  });

  it('scrubs passwords and IBANs from events, breadcrumbs and spans', async () => {
    const { options } = setupOf(reporting);
    const event: ErrorEvent = {
      type: undefined,
      message: 'IBAN DE89 3704 0044 0532 0130 00',
      extra: { password: 'Demo-Password-2026' },
    };
    const sent = await options.beforeSend?.(event, {});
    expect(sent?.message).toBe(`IBAN ${FILTERED}`);
    expect(sent?.extra).toEqual({ password: FILTERED });
    expect(options.beforeBreadcrumb?.({ data: { password: 'x' } })).toEqual({ data: { password: FILTERED } });
    expect(
      options.beforeSendSpan?.({
        trace_id: 't',
        span_id: 's',
        name: '/newpassword?token=abc',
        start_timestamp: 0,
        status: 'ok',
        is_segment: true,
        attributes: {},
      }).name,
    ).toBe(`/newpassword?token=${FILTERED}`);
  });

  it('scrubs the custom events of a replay recording', () => {
    const hook = setupOf(reporting).replay?.beforeAddRecordingEvent;
    const recorded = hook?.({
      type: 5,
      timestamp: 1,
      data: {
        tag: 'breadcrumb',
        payload: {
          timestamp: 1,
          type: 'default',
          category: 'console',
          message: 'IBAN DE89370400440532013000',
          data: { password: 'x' },
        },
      },
    });
    expect(JSON.stringify(recorded)).not.toContain('DE89');
    expect(JSON.stringify(recorded)).toContain(FILTERED);
  });
});

describe('the feedback widget without error reporting', () => {
  it('starts Sentry for the reports only: no automatic error capture, tracing or replay', () => {
    const setup = setupOf({ VITE_FEEDBACK_WIDGET: 'true', VITE_SENTRY_DSN: dsn });
    expect(setup.options).toMatchObject({
      dsn,
      environment: 'production',
      defaultIntegrations: false,
      tracesSampleRate: 0,
    });
    expect(setup.options.replaysSessionSampleRate).toBeUndefined();
    expect(setup.tracing).toBe(false);
    expect(setup.replay).toBeNull();
  });

  it('uses the full reporting options when both flags are on', () => {
    const setup = setupOf({ ...reporting, VITE_FEEDBACK_WIDGET: 'true' });
    expect(setup.tracing).toBe(true);
    expect(setup.replay).not.toBeNull();
  });
});
