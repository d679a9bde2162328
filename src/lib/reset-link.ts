/**
 * The emailed link to a new password carries the customer's email and a reset token in its query
 * (SPEC §2 "/newpassword"). Left in the address, the token would stay in the history, go out in
 * the Referer of the page's requests, land in access logs and reach error reports (decision 031).
 * `takeResetLink` reads it and replaces the address with plain `/newpassword` before the app's
 * code is even fetched (src/boot.ts); from then on the link lives only in memory: the app hands it
 * to the page, whose machine keeps it in its context.
 *
 * No React here: src/boot.ts, the page's only script tag, imports it.
 */

export interface ResetLink {
  email: string | null;
  token: string | null;
}

const NEW_PASSWORD = /^\/newpassword\/?$/;

/** The link's email and token from a query string. */
export function resetLinkFrom(search: string): ResetLink {
  const params = new URLSearchParams(search);
  return { email: params.get('email'), token: params.get('token') };
}

/**
 * On /newpassword with a query: the link it carries, the address replaced by the path alone
 * (the same history entry, its state kept). Anywhere else: null, and nothing changes.
 */
export function takeResetLink(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  history: Pick<History, 'state' | 'replaceState'>,
): ResetLink | null {
  if (!NEW_PASSWORD.test(location.pathname) || location.search === '') return null;
  const link = resetLinkFrom(location.search);
  history.replaceState(history.state, '', `${location.pathname}${location.hash}`);
  return link;
}
