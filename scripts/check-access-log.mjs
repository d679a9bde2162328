#!/usr/bin/env node
/**
 * After the production journeys (`npm run test:e2e`, and CI): reads nginx's access log of that run
 * (scripts/serve-production.mjs writes it, in nginx's combined format: every URL with its query,
 * and the Referer) and fails when an address carries what must never be in one: a form field (a
 * password, an email, a name), a reset token, an IBAN. Such an address stays in the browser's
 * history, the server's logs and the Referer of the next requests (decision 031).
 *
 *   node scripts/check-access-log.mjs [FILE]   (default e2e-logs/nginx-access.log)
 *
 * The one address allowed to carry a token is the emailed reset link itself (SPEC §2
 * "/newpassword?email=…&token=…"), opened from the mail: once per link, with no Referer. The page
 * takes it out of its address before anything else (src/boot.ts), so the link is never asked for
 * again, and no request of the page names it. The shipped configuration logs no query at all
 * (deploy/nginx/portal.conf); this log keeps them to catch the portal putting one somewhere.
 *
 * An empty or missing log fails too: a check that read nothing proves nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = new URL('..', import.meta.url).pathname;
const file = process.argv[2] ?? join(repo, 'e2e-logs/nginx-access.log');
/** Query parameters that carry what a customer types into the portal's forms. */
export const forbidden = ['password', 'new_password', 'email', 'firstname', 'lastname', 'iban', 'phone'];

/** An IBAN, as a whole word: country, check digits and 11 to 30 letters or digits (spaces taken out). */
const ibanLike = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}[A-Z0-9]{11,30}(?![A-Za-z0-9])/;
const resetLink = /^\/newpassword\/?\?/;

/** The request line's URL of one line in nginx's combined format, or null. */
export function requestUrl(line) {
  return /"[A-Z]+ (\S+) HTTP\/[\d.]+"/.exec(line)?.[1] ?? null;
}

/** The Referer of one line in nginx's combined format (the quoted field after status and size), or null for none. */
export function refererOf(line) {
  const referer = /HTTP\/[\d.]+" \d{3} \S+ "([^"]*)"/.exec(line)?.[1];
  return referer === undefined || referer === '-' ? null : referer;
}

/** A URL percent-decoded, or as it is when it holds a malformed escape. */
function decoded(url) {
  try {
    return decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return url;
  }
}

/** The forbidden parameters in a URL, by name (case-insensitive, also when percent-encoded). */
export function leaks(url) {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const plain = decoded(query);
  return forbidden.filter((name) => new RegExp(`(^|[&;?])${name}=`, 'i').test(plain));
}

/** What else a URL must not carry: a reset token, an IBAN, a query on the reset page. */
export function secrets(url) {
  const plain = decoded(url);
  const found = [];
  if (/token=/i.test(plain)) found.push('token');
  if (ibanLike.test(plain.replace(/\s+/g, ''))) found.push('IBAN');
  if (resetLink.test(url)) found.push('query on /newpassword');
  return found;
}

/** The path and query of an absolute address (a Referer), or the address itself when it is none. */
function pathAndQuery(address) {
  try {
    const url = new URL(address);
    return `${url.pathname}${url.search}`;
  } catch {
    return address;
  }
}

/** True for the emailed reset link exactly: /newpassword with its email and token and nothing else. */
function isResetLink(url) {
  if (!resetLink.test(url)) return false;
  const params = [...new URLSearchParams(url.slice(url.indexOf('?') + 1)).keys()].sort();
  return params.join(',') === 'email,token';
}

/** Every problem of a log's lines, one sentence each naming the URL. */
export function problems(lines) {
  const found = [];
  const linksSeen = new Set();
  for (const line of lines) {
    const url = requestUrl(line);
    if (url === null) continue;
    const referer = refererOf(line);
    let names = [...leaks(url), ...secrets(url)];
    // The link as the mail sends it, opened from the mail: it names the account and carries the token by design.
    if (isResetLink(url) && referer === null && !linksSeen.has(url)) {
      linksSeen.add(url);
      names = names.filter((name) => !['email', 'token', 'query on /newpassword'].includes(name));
    } else if (isResetLink(url) && linksSeen.has(url)) {
      found.push(`the reset link asked for again (its page did not take it out of the address): ${url}`);
      continue;
    }
    if (names.length > 0) found.push(`${names.join(', ')}: ${url}`);
    if (referer !== null) {
      const inReferer = [...leaks(referer), ...secrets(pathAndQuery(referer))];
      if (inReferer.length > 0) found.push(`${inReferer.join(', ')} in the Referer of ${url}: ${referer}`);
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(file)) {
    console.error(`No access log at ${file}: run the production journeys first (npm run test:e2e).`);
    process.exit(1);
  }
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (lines.length === 0) {
    console.error(`The access log ${file} is empty: the production journeys made no request.`);
    process.exit(1);
  }
  const found = problems(lines);
  if (found.length > 0) {
    console.error(`Secrets in ${found.length} logged address(es) of ${file}:`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(
    `Access log: ${lines.length} requests, no password, email, personal field, token or IBAN in any URL or Referer.`,
  );
}
