/**
 * What a machine keeps of a failure: a key the views translate (SPEC §8) and, where the server
 * explained a failure, its reason text, which the API client made plain (`plainReason`). Views never see raw errors.
 */
import { isApiError } from '../api/error';
import { tooManyRequests } from './rate-limit';

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
  | 'notifications'
  /** HTTP 429: the proxy's rate limit on login, password reset, registration and contact (decision 031). */
  | 'tooManyRequests'
  /** A purchase without an answer, and the status lists no new datastore (docs/decisions/026). */
  | 'purchaseUnconfirmed'
  /** A purchase without an answer, and the status could not be read either. */
  | 'purchaseUnknown'
  /** A licence order without an answer: the sales team confirms it by mail. */
  | 'orderUnconfirmed'
  /** Refusals the portal recognises and says in its own words (decision 039, src/machines/known-refusals.ts). */
  | 'emailTaken'
  | 'companyIncomplete'
  | 'postcodeCountry'
  | 'mandateMissing';

/**
 * The refusals of the login's second step (issue 44), whose messages are that step's own
 * (src/views/second-step), not the shared catalogue's: no other page's first visit loads them.
 */
export type OwnErrorKey =
  /** A code refused without the server's own words. */
  | 'codeRefused'
  /** The browser's passkey dialog ended without a passkey (cancelled, timed out, none for this site). */
  | 'passkeyFailed'
  /** The browser's dialog made no new passkey (cancelled, timed out, or one of this account's is there already). */
  | 'passkeyNotAdded';

export interface UserError {
  key: ErrorKey;
  /**
   * The server's own text (SPEC §8: "shown from the reason or message field"), already plain:
   * no markup, no control characters, at most `REASON_MAX_LENGTH` characters.
   */
  reason?: string;
  /** For `tooManyRequests`: how many seconds the customer must wait (Retry-After, else a minute; decision 044). */
  waitSeconds?: number;
  /**
   * A failure that only one view tells, in its own words (the login's second step): that view
   * reads this; anywhere else `key` is read.
   */
  own?: OwnErrorKey;
}

/**
 * An HTTP failure with a text of the server's (`reason` or `message`, 4xx or 5xx) shows that text,
 * which the API client made plain (`plainReason`, SPEC §8 "Server errors are shown from the reason or message field";
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
      // Too many attempts, whoever says so (the proxy's rate limit or the API): the portal says
      // what to do and how long to wait, in the page's language (decision 044).
      if (error.status === 429) return tooManyRequests(error);
      return error.reason === undefined ? { key: 'general' } : { key: 'server', reason: error.reason };
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
 * A customer is told by the login dialog over the form instead (docs/decisions/027): the form's
 * error line stays empty, so that nothing says the session ended once the login is back.
 */
export function errorForAudience(error: UserError | null, loggedIn: boolean): UserError | null {
  if (error?.key !== 'sessionExpired') return error;
  return loggedIn ? null : { key: 'general' };
}

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.isUnauthorized;
}

/**
 * The guard every machine calls `isUnauthorized`: the event (an actor's error) is the API's 401.
 * One rule, written once (docs/decisions/001: a 401 means the session has ended).
 */
export function unauthorizedGuard({ event }: { event: object }): boolean {
  return 'error' in event && isUnauthorized(event.error);
}

/**
 * The call got no answer from the API: the connection broke, the time ran out, or a gateway in
 * front of the API gave up waiting (502, 504). A call that changes something may have been
 * carried out all the same (docs/decisions/026).
 */
export function isUnanswered(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.status === 502 || error.status === 504);
}
