/**
 * What a machine keeps of a failure: a key the views translate (SPEC §8) and, where the server
 * explained a failure, its reason text as plain text (`plainReason`). Views never see raw errors.
 */
import { isApiError } from '../api/error';

export type ErrorKey =
  | 'general'
  | 'network'
  | 'timeout'
  | 'invalidAnswer'
  | 'sessionExpired'
  | 'server'
  | 'loginNotActive'
  | 'loginFailed'
  | 'passwordMismatch'
  | 'antispam'
  | 'notifications';

export interface UserError {
  key: ErrorKey;
  /**
   * The server's own text (SPEC §8: "shown from the reason or message field"), already plain:
   * no markup, no control characters, at most `REASON_MAX_LENGTH` characters.
   */
  reason?: string;
}

/** The most characters of a server's text the customer reads: one line, not a page (decision 017). */
export const REASON_MAX_LENGTH = 300;

// What is read of a text at most: far more than is shown, and it bounds the patterns' work on a
// server's whole error page.
const SCRUB_INPUT_LIMIT = 10_000;

// Elements whose content is no text at all: dropped with their content.
const NON_TEXT_ELEMENTS = /<(script|style|head|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// Tags that end a line or a block: a space, so that `a<br>b` does not read `ab`.
const BREAKING_TAGS = /<\/?(?:br|p|div|li|ul|ol|tr|td|th|h[1-6]|hr|table|section|article|header|footer)\b[^>]*>/gi;
// Any other tag, comment or declaration; a `<` that opens no tag (as in "a < b" or "<5") stays.
const TAGS = /<!--[\s\S]*?-->|<[a-z!/?][^>]*>/gi;
// C0 and C1 controls (line breaks and tabs included: the line is one line) and the bidi
// overrides and isolates, which could show the text in another order than it was sent.
const CONTROLS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** The text's user-perceived characters, so that a cut never splits an emoji or an accent. */
function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(
      new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
      ({ segment }) => segment,
    );
  }
  return Array.from(text);
}

/**
 * A server's `reason`/`message` as the customer may read it (SPEC §8, decision 017): HTML tags and
 * control characters removed, whitespace collapsed, trimmed, and cut to `REASON_MAX_LENGTH`
 * characters with a closing "…" when longer. `null` when nothing readable is left, so that the
 * caller shows the general message instead of an empty line.
 */
export function plainReason(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const plain = text
    .slice(0, SCRUB_INPUT_LIMIT)
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(NON_TEXT_ELEMENTS, ' ')
    .replace(BREAKING_TAGS, ' ')
    .replace(TAGS, '')
    .replace(CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return null;
  if (plain.length <= REASON_MAX_LENGTH) return plain;
  const chars = characters(plain);
  if (chars.length <= REASON_MAX_LENGTH) return plain;
  return `${chars
    .slice(0, REASON_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * An HTTP failure with a text of the server's (`reason` or `message`, 4xx or 5xx) shows that text,
 * made plain by `plainReason` (SPEC §8 "Server errors are shown from the reason or message field";
 * decision 017); one without a readable text shows the general message in the page's language. A 401
 * ends the session instead. Transport failures get their own messages so that the customer knows
 * whether to retry (docs/decisions/001).
 */
export function userErrorFrom(error: unknown): UserError {
  if (!isApiError(error)) return { key: 'general' };
  switch (error.kind) {
    case 'network':
      return { key: 'network' };
    case 'timeout':
      return { key: 'timeout' };
    case 'invalid-answer':
      return { key: 'invalidAnswer' };
    case 'http': {
      if (error.status === 401) return { key: 'sessionExpired' };
      const reason = plainReason(error.reason);
      return reason === null ? { key: 'general' } : { key: 'server', reason };
    }
    default:
      return { key: 'general' };
  }
}

/** A call that needs no login (the catalogue): a 401 from it ends no session. */
export function publicCallError(error: unknown): UserError {
  const userError = userErrorFrom(error);
  return userError.key === 'sessionExpired' ? { key: 'general' } : userError;
}

/**
 * "Your session has ended" speaks only to someone who had a session: for a visitor, a public
 * call (registration, password reset, licence order, ...) that answers 401 is a plain failure.
 */
export function errorForAudience(error: UserError | null, loggedIn: boolean): UserError | null {
  return error?.key === 'sessionExpired' && !loggedIn ? { key: 'general' } : error;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.isUnauthorized;
}

export function isAborted(error: unknown): boolean {
  return isApiError(error) && error.kind === 'aborted';
}
