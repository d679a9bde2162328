/**
 * Error reporting and the feedback widget (SPEC §9 "Feedback widget and reporting"), each
 * behind its build flag. src/main.tsx calls both after the first render:
 *
 *   void startReporting().then(mountFeedback);
 *
 * Each flag is compared right here, as `import.meta.env.VITE_…`, on purpose: Vite replaces those
 * expressions by the build's values, so with the flags off the dynamic imports below are dead
 * code and the bundle holds nothing of Sentry or the widget (checked by tests/reporting and
 * scripts/check-reporting-bundle.mjs). A flag read through a helper would not be folded away.
 */
import { isPiiAllowed, readReportingEnv } from './env';

let reporting: Promise<void> | undefined;
let feedback: Promise<void> | undefined;

/** Reporting is never worth a broken page: a chunk that fails to load is only noted. */
function notStarted(error: unknown) {
  console.warn('Error reporting or the feedback widget could not start.', error);
}

/** Starts Sentry with replay and tracing when VITE_SENTRY_ENABLED is 'true' and a DSN is set. */
export function startReporting(): Promise<void> {
  if (import.meta.env.VITE_SENTRY_ENABLED !== 'true' || !import.meta.env.VITE_SENTRY_DSN) return Promise.resolve();
  reporting ??= import('./sentry-client')
    .then(({ initSentry }) => {
      initSentry(readReportingEnv());
    })
    .catch(notStarted);
  return reporting;
}

/**
 * Tells error reporting whether a customer is logged in: the replay ends at logout and a new one
 * begins with the next login (decision 031). Without the reporting flag this is a no-op.
 */
export function reportSession(loggedIn: boolean): Promise<void> {
  if (import.meta.env.VITE_SENTRY_ENABLED !== 'true' || !import.meta.env.VITE_SENTRY_DSN) return Promise.resolve();
  // Not started yet (src/main.tsx starts it after the first render): the replay it begins then
  // is already this session's.
  if (!reporting) return Promise.resolve();
  return reporting
    .then(() => import('./sentry-client'))
    .then((client) => client.followSession(loggedIn))
    .catch(notStarted);
}

/**
 * Reports an error that the page's error boundary caught (React keeps it from the global
 * handlers). Without the reporting flag this is a no-op and loads nothing.
 */
export function reportCaughtError(error: unknown, componentStack?: string): Promise<void> {
  if (import.meta.env.VITE_SENTRY_ENABLED !== 'true' || !import.meta.env.VITE_SENTRY_DSN) return Promise.resolve();
  return startReporting()
    .then(() => import('./sentry-client'))
    .then((client) => {
      client.reportCaughtError(error, componentStack);
    })
    .catch(notStarted);
}

/**
 * Shows the floating button "Fehler melden" when VITE_FEEDBACK_WIDGET is 'true' and a DSN is
 * set (reports go to Sentry only, docs/decisions/012). Safe to call more than once.
 */
export function mountFeedback(): Promise<void> {
  if (import.meta.env.VITE_FEEDBACK_WIDGET !== 'true' || !import.meta.env.VITE_SENTRY_DSN) return Promise.resolve();
  feedback ??= Promise.all([import('./sentry-client'), import('./feedback/mount-feedback-widget')])
    .then(([{ initSentry, sendReport }, { mountFeedbackWidget }]) => {
      const env = readReportingEnv();
      initSentry(env);
      // Personal data shows in a screenshot only where it may go to Sentry at all (decision 044).
      mountFeedbackWidget({ send: sendReport }, { sendPii: isPiiAllowed(env) });
    })
    .catch(notStarted);
  return feedback;
}
