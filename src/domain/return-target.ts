/**
 * Where a login leads back to (issue 30, docs/decisions/027): a page of the portal's own that needs
 * a login (SPEC §2 route table), given as a path of this origin. Anything else, a URL of another
 * site (`https://…`, `//host`, `/\host`), a scheme (`javascript:`), an encoded or dotted path, a
 * query, or a path the portal does not know, is refused, so that the login can never be turned
 * into an open redirect.
 */
import { paths, routeMatcher, routeNames, routes } from './routes';

/**
 * SPEC §2: the pages that need a login, as a login may lead back to them. A licence's order form in
 * the logged-in shop has a number for its id (SPEC §3 Licence).
 */
const pagesBehindLogin: readonly RegExp[] = routeNames
  .filter((name) => routes[name].access === 'loggedIn')
  .map((name) => routeMatcher(name, '\\d{1,9}'));

/** Only letters, digits, `-`, `_` and single slashes between segments: no `%`, `\`, `.`, `:`, `?` or `#`. */
const plainPath = /^(\/[A-Za-z0-9_-]+)+$/;

/** Longer than any page of the portal. */
const MAX_LENGTH = 64;

/**
 * The page to go to after a login, or null when `candidate` is not one of the portal's own pages
 * behind the login. A trailing slash is tolerated and dropped (the routes accept it too).
 */
export function safeReturnTarget(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_LENGTH) return null;
  const path = candidate.length > 1 && candidate.endsWith('/') ? candidate.slice(0, -1) : candidate;
  if (!plainPath.test(path)) return null;
  return pagesBehindLogin.some((page) => page.test(path)) ? path : null;
}

/**
 * The login page's address for a page that needs a login: `/login?next=<page>` when the page is
 * one a login may lead back to, plain `/login` otherwise.
 */
export function loginPathFor(page: string): string {
  const target = safeReturnTarget(page);
  return target === null ? paths.login() : `${paths.login()}?next=${encodeURIComponent(target)}`;
}

/** The `next` parameter of the login page's query string, checked; null when missing or refused. */
export function returnTargetFromQuery(search: string): string | null {
  return safeReturnTarget(new URLSearchParams(search).get('next'));
}
