/**
 * What a machine keeps of a failure: a key the views translate (SPEC §8) and, where the server
 * explained a refusal, its reason text. Views never see raw errors.
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
  /** The server's own text, shown as given (SPEC §8: "shown from the reason or message field"). */
  reason?: string;
}

/**
 * 4xx refusals with a reason show the server's text; 5xx answers show the general message in
 * the page's language (a server's internal text helps nobody); transport failures get their
 * own messages so that the customer knows whether to retry (docs/decisions/001).
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
    case 'http':
      if (error.status === 401) return { key: 'sessionExpired' };
      if (error.status !== undefined && error.status < 500 && error.reason) return { key: 'server', reason: error.reason };
      return { key: 'general' };
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
