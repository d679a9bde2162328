/**
 * The login session: a random token in the `portal_session` cookie, mapped to an account by
 * the `session` table. MSW keeps cookies that mocked answers set (in Node and in the browser)
 * and hands them to later handlers as `cookies`, so the client's `credentials: 'include'`
 * calls carry the session without any help.
 */
import { db, type AccountRow } from './db';
import { randomToken } from './random';

const SESSION_COOKIE = 'portal_session';

/** The Set-Cookie value that removes the session cookie again. */
export const clearSessionCookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;

export type Cookies = Record<string, string>;

/**
 * The logged-in account, or null when the cookie is missing, unknown or the account inactive. The
 * session is seen now (the list of open sessions shows when).
 */
export function sessionAccount(cookies: Cookies): AccountRow | null {
  const token = cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = db.session.findFirst({ where: { token: { equals: token } } });
  if (!session) return null;
  const account = db.account.findFirst({ where: { id: { equals: session.accountId } } });
  if (!account?.active) return null;
  db.session.update({ where: { token: { equals: token } }, data: { lastSeen: Date.now() } });
  return account;
}

/** "Firefox on Windows" and the like, from a `User-Agent`; null when it names neither. */
function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browsers: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/Firefox\//, 'Firefox'],
    [/Chrome\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone|iPad/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? null;
}

/** Starts a session and returns the Set-Cookie value for it. */
export function startSession(accountId: string, userAgent: string | null = null): string {
  const token = randomToken(40);
  db.session.create({ token, accountId, device: deviceOf(userAgent) });
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax`;
}

/** The session of the cookie, or null. */
export function currentSession(cookies: Cookies) {
  const token = cookies[SESSION_COOKIE];
  return token ? db.session.findFirst({ where: { token: { equals: token } } }) : null;
}

/** Ends the session of the cookie; false when there was none. */
export function endSession(cookies: Cookies): boolean {
  const token = cookies[SESSION_COOKIE];
  if (!token) return false;
  return db.session.delete({ where: { token: { equals: token } } }) !== null;
}

/** How long a login or a re-authentication counts as fresh (the description's `fresh_for_seconds`). */
export const FRESH_SIGN_IN_MS = 300_000;

/** True when the session began, or signed in afresh, within the last five minutes. */
export function isFreshlySignedIn(cookies: Cookies, now = Date.now()): boolean {
  const session = currentSession(cookies);
  if (!session) return false;
  return session.created + FRESH_SIGN_IN_MS > now || (session.freshUntil ?? 0) > now;
}

/** Marks the session as freshly signed in, for the next five minutes. */
export function markFreshlySignedIn(cookies: Cookies, now = Date.now()): void {
  const session = currentSession(cookies);
  if (session)
    db.session.update({ where: { token: { equals: session.token } }, data: { freshUntil: now + FRESH_SIGN_IN_MS } });
}
