/**
 * Everything that touches @sentry/react. Only src/reporting/index.ts imports this module, and
 * only by a dynamic import behind the build flags, so the SDK is a chunk of its own that the
 * first page never waits for and that a build without the flags does not contain at all.
 */
import {
  addEventProcessor,
  browserTracingIntegration,
  captureException,
  getClient,
  getReplay,
  init,
  replayIntegration,
  sendFeedback,
  type Event,
} from '@sentry/react';
import type { FeedbackReport } from '../machines/feedback.machine';
import type { ReportingEnv } from './env';
import { sentryOptions } from './options';
import { scrubEvent, scrubTyped, type ScrubOptions } from './scrub';

/** Test seam: a transport that records instead of sending (BrowserOptions['transport']). */
type Transport = NonNullable<Parameters<typeof init>[0]>['transport'];

/**
 * Starts the SDK once for this page with the options of the build's flags. Returns false when
 * the flags ask for nothing.
 */
export function initSentry(env: ReportingEnv, overrides: { transport?: Transport } = {}): boolean {
  if (getClient()) return true;
  const setup = sentryOptions(env);
  if (!setup) return false;
  const integrations = [
    ...(setup.tracing ? [browserTracingIntegration()] : []),
    ...(setup.replay ? [replayIntegration(setup.replay)] : []),
  ];
  init({ ...setup.options, integrations, ...(overrides.transport ? { transport: overrides.transport } : {}) });
  // beforeSend sees only errors; feedback and replay events are scrubbed here as well.
  addEventProcessor((event) => scrubAnyEvent(event, setup.scrub));
  return true;
}

export function scrubAnyEvent(event: Event, scrub: ScrubOptions): Event {
  if (event.type === 'replay_event') return scrubTyped(event, scrub);
  return scrubEvent(event, scrub);
}

/**
 * The replay follows the session (decision 031): a logout ends the recording, so that the next
 * customer in this tab is never in the same replay, and a login starts a new one. Without replay
 * (the widget alone) there is nothing to do.
 */
export async function followSession(
  loggedIn: boolean,
  replay: Pick<NonNullable<ReturnType<typeof getReplay>>, 'getReplayId' | 'start' | 'stop'> | undefined = getReplay(),
): Promise<void> {
  if (!replay) return;
  const recording = replay.getReplayId() !== undefined;
  if (!loggedIn && recording) await replay.stop();
  if (loggedIn && !recording) replay.start();
}

/**
 * A render error that the page's error boundary caught: React does not rethrow it, so the
 * SDK's global handlers never see it and it is reported here, with the component stack.
 */
export function reportCaughtError(error: unknown, componentStack: string | undefined): void {
  captureException(error, {
    tags: { caught_by: 'error-boundary' },
    contexts: componentStack ? { react: { componentStack } } : undefined,
  });
}

/**
 * SPEC §9: the widget's report as Sentry user feedback, the screenshot attached as
 * `screenshot.png`. Resolves when Sentry accepted it, rejects otherwise.
 */
export async function sendReport(report: FeedbackReport): Promise<void> {
  await sendFeedback(
    { message: report.message, source: 'widget' },
    {
      includeReplay: true,
      attachments: report.screenshot
        ? [{ filename: 'screenshot.png', data: report.screenshot.data, contentType: 'image/png' }]
        : undefined,
    },
  );
}
