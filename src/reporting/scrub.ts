/**
 * Secrets never leave the page in reports (SPEC §9, decision 012): before an event, a breadcrumb, a
 * span or a replay event is sent, values under secret-looking keys (passwords, IBANs, tokens,
 * cookies) are replaced, IBAN-like strings and secret query parameters are blanked in every
 * text, and the user's email and username are stripped unless the build allows them.
 * Everything here is pure so that tests cover it without a network.
 */
import type { Breadcrumb, BrowserOptions, Event, User } from '@sentry/react';

/** A span as the SDK streams it (its default trace lifecycle), as `beforeSendSpan` gets it. */
export type StreamedSpan = Parameters<NonNullable<BrowserOptions['beforeSendSpan']>>[0];

export interface ScrubOptions {
  /** VITE_SENTRY_SEND_PII: keep the user's email and username (and email addresses in texts). */
  sendPii: boolean;
}

export const FILTERED = '[Filtered]';

/** Keys whose values are secrets whatever they hold (datastore passwords, IBANs, tokens...). */
const SECRET_KEY = /pass(?:word|wort|wd)?|pwd|secret|token|iban|authori[sz]ation|cookie|api[-_]?key|credential|csrf/i;
/**
 * Keys that name the person: kept only when the build allows personal data. Not plain `name`,
 * which Sentry's own contexts use for the browser and the system; the feedback's `name` is
 * handled with its context.
 */
const PERSONAL_KEY =
  /^(?:e-?mail|contact_email|username|user_name|fullname|full_name|firstname|lastname|phone|ip_address)$/i;
/**
 * IBAN-like: two capital letters, two digits and 11 to 30 letters or digits, in blocks or not
 * (SPEC §5 formats IBANs in capitals). Case-sensitive on purpose: Sentry's own ids are lower-case hex.
 */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
const EMAIL = /[^\s@/?&=:;,"'<>()]+@[^\s@/?&=:;,"'<>()]+\.[A-Za-z]{2,}/g;
/** Query or fragment parameters with secret or personal names, e.g. /newpassword?email=…&token=… */
const QUERY_PARAM = /([?&#;](?:[^=&#\s]*?)(?:token|pass(?:word)?|secret|iban|key|email|code)[^=&#\s]*=)[^&#\s]*/gi;

const MAX_DEPTH = 8;

export function scrubText(text: string, options: ScrubOptions): string {
  let result = text.replace(QUERY_PARAM, `$1${FILTERED}`).replace(IBAN, FILTERED);
  if (!options.sendPii) result = result.replace(EMAIL, FILTERED);
  return result;
}

/**
 * `scrubValue` for a value of a known type (a Sentry event, a user, a record of attributes): the
 * scrubbed copy has the same shape, some texts replaced by the filtered marker, which Sentry's
 * types accept where they accept the original.
 */
export function scrubTyped<T>(value: T, options: ScrubOptions): T {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- scrubValue keeps the shape of what it copies (see above).
  return scrubValue(value, options) as T;
}

/** Walks any value: secret keys are filtered, personal keys unless allowed, texts scrubbed. */
export function scrubValue(value: unknown, options: ScrubOptions, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, options);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, options, depth + 1));
  if (value instanceof Uint8Array || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (SECRET_KEY.test(key)) return [key, FILTERED];
      if (!options.sendPii && PERSONAL_KEY.test(key) && item !== null && item !== undefined) return [key, FILTERED];
      return [key, scrubValue(item, options, depth + 1)];
    }),
  );
}

/** SPEC §9: the user's email and username are stripped unless a flag allows them. */
export function scrubUser(user: User | undefined, options: ScrubOptions): User | undefined {
  if (!user) return user;
  if (options.sendPii) return user;
  // The IP address is personal data as well; only the id (if any) stays.
  const { email: _email, username: _username, ip_address: _ip, ...rest } = user;
  return scrubTyped<User>(rest, options);
}

function scrubRecord<T>(value: T | undefined, options: ScrubOptions): T | undefined {
  return value === undefined ? undefined : scrubTyped(value, options);
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb, options: ScrubOptions): Breadcrumb {
  return {
    ...breadcrumb,
    message: breadcrumb.message === undefined ? undefined : scrubText(breadcrumb.message, options),
    data: scrubRecord(breadcrumb.data, options),
  };
}

/**
 * Every part of an event that can carry what the customer typed or saw: the message, the
 * exception texts, breadcrumbs, request, extra data, tags, contexts (the feedback's message
 * included) and the user. Ids, timestamps and stack frames are left as they are.
 */
export function scrubEvent<E extends Event>(event: E, options: ScrubOptions): E {
  const scrubbed: E = { ...event };
  if (event.message !== undefined) scrubbed.message = scrubText(event.message, options);
  if (event.logentry) scrubbed.logentry = scrubRecord(event.logentry, options);
  if (event.transaction !== undefined) scrubbed.transaction = scrubText(event.transaction, options);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((exception) => ({
        ...exception,
        value: exception.value === undefined ? undefined : scrubText(exception.value, options),
      })),
    };
  }
  if (event.breadcrumbs)
    scrubbed.breadcrumbs = event.breadcrumbs.map((breadcrumb) => scrubBreadcrumb(breadcrumb, options));
  if (event.request) scrubbed.request = scrubRecord(event.request, options);
  if (event.extra) scrubbed.extra = scrubRecord(event.extra, options);
  if (event.tags) scrubbed.tags = scrubRecord(event.tags, options);
  if (event.contexts) {
    const contexts = scrubRecord(event.contexts, options) ?? {};
    // User feedback carries the reporter's name beside the message (our widget never asks for it).
    const feedback = contexts.feedback;
    if (feedback && !options.sendPii && 'name' in feedback) contexts.feedback = { ...feedback, name: FILTERED };
    scrubbed.contexts = contexts;
  }
  if (event.user) scrubbed.user = scrubUser(event.user, options);
  if (event.spans)
    scrubbed.spans = event.spans.map((span) => ({
      ...span,
      description: span.description === undefined ? undefined : scrubText(span.description, options),
      data: scrubRecord(span.data, options) ?? {},
    }));
  return scrubbed;
}

/** Streamed spans (the SDK's default trace lifecycle): their name and attributes. */
export function scrubSpan(span: StreamedSpan, options: ScrubOptions): StreamedSpan {
  return {
    ...span,
    name: scrubText(span.name, options),
    attributes: scrubSpanAttributes(span.attributes, options),
  };
}

function scrubSpanAttributes(
  attributes: StreamedSpan['attributes'],
  options: ScrubOptions,
): StreamedSpan['attributes'] {
  return Object.fromEntries(
    Object.entries(attributes).map(([key, value]) => {
      // Attribute keys are dotted ("user.email", "url.full"): judge the last part.
      const last = key.split('.').at(-1) ?? key;
      if (SECRET_KEY.test(last)) return [key, FILTERED];
      if (!options.sendPii && key.startsWith('user.') && key !== 'user.id') return [key, FILTERED];
      return [key, scrubValue(value, options)];
    }),
  );
}
