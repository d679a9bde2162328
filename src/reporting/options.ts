/**
 * The configuration of error reporting (SPEC §9 "Feedback widget and reporting") as plain data,
 * so that tests check rates, masks, propagation targets and scrubbing without a network. The
 * lazily loaded `sentry-client.ts` turns it into `Sentry.init`.
 */
import type { BrowserOptions, replayIntegration } from '@sentry/react';
import { dsnOf, isFeedbackOn, isPiiAllowed, isReportingOn, type ReportingEnv } from './env';
import { scrubBreadcrumb, scrubEvent, scrubSpan, scrubTyped, type ScrubOptions } from './scrub';

type ReplayOptions = NonNullable<Parameters<typeof replayIntegration>[0]>;
type RecordingEventHook = NonNullable<ReplayOptions['beforeAddRecordingEvent']>;
type RecordingEvent = Parameters<RecordingEventHook>[0];

export interface SentrySetup {
  /** `Sentry.init` options without the integrations. */
  options: BrowserOptions;
  /** Performance tracing (browserTracingIntegration), with the error reporting flag. */
  tracing: boolean;
  /** Session replay options, or null without the error reporting flag. */
  replay: ReplayOptions | null;
  scrub: ScrubOptions;
}

/**
 * SPEC §9: trace headers go only to targets matching localhost. Anchored on the host so that
 * `https://localhost.example.com` or `https://example.com/?localhost` do not match; the
 * SDK matches the absolute URL, so the portal's relative `/api/v1` calls get them only when the
 * portal itself runs on localhost.
 */
export const tracePropagationTargets: RegExp[] = [/^https?:\/\/localhost(?::\d+)?(?:[/?#]|$)/];

/**
 * Elements masked in replays on top of "mask all text and inputs": every form control and
 * anything marked as private (datastore passwords, IBANs), should a later change unmask text.
 */
export const replayMaskSelectors = ['input', 'textarea', 'select', '[data-private]', '[data-sentry-mask]'];

function replayOptions(scrub: ScrubOptions): ReplayOptions {
  const beforeAddRecordingEvent: RecordingEventHook = (event: RecordingEvent) =>
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the spread of a union of frames is no longer one of its members to TypeScript; it is the same frame.
    ({ ...event, data: { ...event.data, payload: scrubTyped(event.data.payload, scrub) } }) as RecordingEvent;
  return {
    // SPEC §9: replay masks text, input and media by default.
    maskAllText: true,
    maskAllInputs: true,
    blockAllMedia: true,
    mask: replayMaskSelectors,
    // No request or response bodies or headers in replays: they carry passwords and IBANs.
    networkDetailAllowUrls: [],
    networkCaptureBodies: false,
    beforeAddRecordingEvent,
  };
}

/**
 * What `Sentry.init` gets for a build's flags, or null when neither reporting nor the widget
 * is on. With only the widget on, nothing is reported on its own: no default integrations
 * (no global error handlers, no breadcrumbs), no tracing, no replay (decision 012).
 */
export function sentryOptions(env: ReportingEnv): SentrySetup | null {
  const dsn = dsnOf(env);
  const reporting = isReportingOn(env);
  if (dsn === null || (!reporting && !isFeedbackOn(env))) return null;
  const scrub: ScrubOptions = { sendPii: isPiiAllowed(env) };
  const shared: BrowserOptions = {
    dsn,
    environment: 'production',
    // The SDK collects no cookies, headers, bodies or query strings (passwords, IBANs and
    // reset tokens travel there), and fills in user fields only when personal data is allowed.
    dataCollection: {
      userInfo: scrub.sendPii,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: (event) => scrubEvent(event, scrub),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb, scrub),
    beforeSendSpan: (span) => scrubSpan(span, scrub),
  };
  if (!reporting) {
    return {
      options: { ...shared, defaultIntegrations: false, tracesSampleRate: 0 },
      tracing: false,
      replay: null,
      scrub,
    };
  }
  return {
    options: {
      ...shared,
      // SPEC §9: sample rates 1.0 for traces, sessions and replay-on-error.
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 1.0,
      replaysOnErrorSampleRate: 1.0,
      tracePropagationTargets,
    },
    tracing: true,
    replay: replayOptions(scrub),
    scrub,
  };
}
