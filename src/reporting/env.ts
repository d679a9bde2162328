/**
 * The build flags of error reporting and the feedback widget (SPEC §9 "Feedback widget and
 * reporting"), read from Vite's environment at build time. Typed here so that the rest of the
 * reporting code works with plain data and its tests can pass any environment.
 */
export interface ReportingEnv {
  /** 'true' turns error reporting with replay and tracing on (a DSN is needed too). */
  VITE_SENTRY_ENABLED?: string | undefined;
  /** Where reports go: the Sentry project's DSN. */
  VITE_SENTRY_DSN?: string | undefined;
  /** 'true' keeps the user's email and username in reports; otherwise they are stripped. */
  VITE_SENTRY_SEND_PII?: string | undefined;
  /** 'true' shows the feedback widget "Fehler melden" (a DSN is needed too; decision 012). */
  VITE_FEEDBACK_WIDGET?: string | undefined;
}

/**
 * The flags of this build. Each is read as `import.meta.env.VITE_…` by its full name, so that
 * Vite replaces just that value: reading `import.meta.env` as an object would put every `VITE_`
 * variable of the build's environment into the bundle, a CI secret named so included (decision 031).
 */
export function readReportingEnv(): ReportingEnv {
  return {
    VITE_SENTRY_ENABLED: import.meta.env.VITE_SENTRY_ENABLED,
    VITE_SENTRY_DSN: import.meta.env.VITE_SENTRY_DSN,
    VITE_SENTRY_SEND_PII: import.meta.env.VITE_SENTRY_SEND_PII,
    VITE_FEEDBACK_WIDGET: import.meta.env.VITE_FEEDBACK_WIDGET,
  };
}

function isOn(value: string | undefined): boolean {
  return value?.trim() === 'true';
}

export function dsnOf(env: ReportingEnv): string | null {
  const dsn = env.VITE_SENTRY_DSN?.trim();
  return dsn ? dsn : null;
}

/** Error reporting runs only with its flag on and a DSN to send to. */
export function isReportingOn(env: ReportingEnv): boolean {
  return isOn(env.VITE_SENTRY_ENABLED) && dsnOf(env) !== null;
}

/** The widget shows only with its flag on and a DSN: reports go to Sentry only (decision 012). */
export function isFeedbackOn(env: ReportingEnv): boolean {
  return isOn(env.VITE_FEEDBACK_WIDGET) && dsnOf(env) !== null;
}

export function isPiiAllowed(env: ReportingEnv): boolean {
  return isOn(env.VITE_SENTRY_SEND_PII);
}
