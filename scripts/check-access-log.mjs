#!/usr/bin/env node
/**
 * After the production journeys (`posttest:e2e`, and CI): reads nginx's access log of that run
 * (scripts/serve-production.mjs writes it) and fails when any requested URL carries a form field
 * that must never be in an address: a password, an email, a name. Such a URL would stay in the
 * browser's history, the server's logs and the Referer of the next requests.
 *
 *   node scripts/check-access-log.mjs [FILE]   (default e2e-logs/nginx-access.log)
 *
 * An empty or missing log fails too: a check that read nothing proves nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = new URL('..', import.meta.url).pathname;
const file = process.argv[2] ?? join(repo, 'e2e-logs/nginx-access.log');
/** Query parameters that carry what a customer types into the portal's forms. */
export const forbidden = ['password', 'new_password', 'email', 'firstname', 'lastname', 'iban', 'phone'];

/** The request line's URL of one line in nginx's combined format, or null. */
export function requestUrl(line) {
  return /"[A-Z]+ (\S+) HTTP\/[\d.]+"/.exec(line)?.[1] ?? null;
}

/** The forbidden parameters in a URL, by name (case-insensitive, also when percent-encoded). */
export function leaks(url) {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  let decoded = query;
  try {
    decoded = decodeURIComponent(query.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: the raw query is checked.
  }
  return forbidden.filter((name) => new RegExp(`(^|[&;?])${name}=`, 'i').test(decoded));
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
  const found = [];
  for (const line of lines) {
    const url = requestUrl(line);
    if (url === null) continue;
    const names = leaks(url);
    // The password-reset link names the account by design (SPEC §4 "/newpassword?email=…&token=…").
    const allowed = url.startsWith('/newpassword?') ? names.filter((name) => name !== 'email') : names;
    if (allowed.length > 0) found.push(`${allowed.join(', ')}: ${url}`);
  }
  if (found.length > 0) {
    console.error(`Form data in ${found.length} logged URL(s) of ${file}:`);
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`Access log: ${lines.length} requests, no password, email or personal field in any URL.`);
}
