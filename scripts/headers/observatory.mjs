/**
 * The score of a site's headers by the rules of Mozilla's HTTP Observatory, for
 * `npm run check -- headers` (scripts/check-headers.mjs) and its tests.
 *
 * The rules, as published and as the scanner applies them:
 * - "HTTP Observatory Scoring Methodology", MDN, https://developer.mozilla.org/en-US/observatory/docs/tests_and_scoring:
 *   every site starts at 100; the penalties are deducted first; only when the result is 90 (A) or
 *   more are the bonuses added; A+ from 100, A from 90, A- from 85 and so on down to F below 25.
 * - The scanner behind it, https://github.com/mdn/mdn-http-observatory (algorithm version 6,
 *   commit 94042bb of 2026-08-20): the tests in src/analyzer/tests/ and their modifiers in
 *   src/grader/charts.js. Version 6 scores Cross-Origin-Opener-Policy and -Embedder-Policy too (up
 *   to +10 each), which the published page does not list yet.
 *
 * Written anew here from those rules, not copied: each test returns the Observatory's own name of
 * its result, so that a line of our report can be looked up on that page. Where the scanner needs
 * what a header check has not (the browsers' HSTS preload list, a chain of several redirects), the
 * comment says what is assumed.
 */

/** The modifier of each result, from the scanner's score table. */
const modifiers = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-but-duplicate-directives': 0,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'csp-not-implemented-but-reporting-enabled': -25,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'coep-implemented-with-require-corp': 10,
  'coep-implemented-with-credentialless': 10,
  'coep-implemented-with-unsafe-none': 0,
  'coep-not-implemented': 0,
  'coep-header-invalid': -5,
  'coop-implemented-with-same-origin': 10,
  'coop-implemented-with-same-origin-allow-popups': 10,
  'coop-implemented-with-noopener-allow-popups': 10,
  'coop-implemented-with-unsafe-none': 0,
  'coop-not-implemented': 0,
  'coop-header-invalid': -5,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 5,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'corp-implemented-with-same-origin': 10,
  'corp-implemented-with-same-site': 10,
  'corp-implemented-with-cross-origin': 0,
  'corp-not-implemented': 0,
  'corp-header-invalid': -5,
};

const grades = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/** The Observatory's grade of a score. */
export function gradeOf(score) {
  return grades.find(([floor]) => score >= floor)?.[1] ?? 'F';
}

/** Every value of a header (names in any case), a list for one that came several times. */
function values(headers, name) {
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === name)
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter((value) => typeof value === 'string');
}

const broad = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const inline = new Set(["'unsafe-inline'", 'data:']);
const isBroadOrInline = (source) => broad.has(source) || inline.has(source);
const nonceOrHash = (sources) => [...sources].some((source) => /^'(sha256-|sha384-|sha512-|nonce-)/.test(source));

/** The directives of one or more policies (the first one's sources win); throws on a policy the scanner rejects. */
function parseCsp(policies) {
  const csp = new Map();
  for (const [index, policy] of policies.entries()) {
    const text = policy.replace(/[\r\n]/g, '').trim();
    if (text.length < 'img-src'.length - 1) throw new Error(`invalid policy: ${text}`);
    const seen = new Set();
    for (const entry of text.split(';')) {
      const [name, ...sources] = entry.trim().split(/\s+/);
      if (!name) continue;
      const directive = name.toLowerCase();
      if (seen.has(directive)) {
        if (directive !== 'report-uri' && directive !== 'report-to') throw new Error(`duplicate ${directive}`);
        csp.set('duplicate-reporting', new Set([directive]));
        continue;
      }
      seen.add(directive);
      const list = sources.map((source) => source.toLowerCase());
      if (list.length === 0 && directive.endsWith('-src')) list.push("'none'");
      // A later policy can only narrow: a source counts where both policies allow it.
      if (index === 0 || !csp.has(directive)) csp.set(directive, new Set(list));
      else csp.set(directive, new Set([...csp.get(directive)].filter((source) => list.includes(source))));
    }
  }
  return csp;
}

function contentSecurityPolicy({ headers, url }) {
  const policies = values(headers, 'content-security-policy').flatMap((value) => value.split(','));
  if (policies.length === 0)
    return values(headers, 'content-security-policy-report-only').length > 0
      ? 'csp-not-implemented-but-reporting-enabled'
      : 'csp-not-implemented';
  let csp;
  try {
    csp = parseCsp(policies);
  } catch {
    return 'csp-header-invalid';
  }
  const fallback = csp.get('default-src');
  const objects = csp.get('object-src') ?? fallback ?? new Set(['*']);
  const scripts = new Set(csp.get('script-src') ?? fallback ?? ['*']);
  const styles = new Set(csp.get('style-src') ?? fallback ?? ['*']);
  for (const list of [scripts, styles]) if (nonceOrHash(list)) list.delete("'unsafe-inline'");
  if (scripts.has("'strict-dynamic'")) {
    if (!nonceOrHash(scripts)) return 'csp-header-invalid';
    for (const source of scripts)
      if ([...broad].some((scheme) => source.startsWith(scheme)) || ["'self'", "'unsafe-inline'"].includes(source))
        scripts.delete(source);
  }
  const passive = ['img-src', 'media-src'];
  const active = [
    ...[...csp].filter(([directive]) => !passive.includes(directive) && directive !== 'script-src'),
    ['script-src', scripts],
  ].flatMap(([, sources]) => [...sources]);
  const passiveSources = passive.flatMap((directive) => [...(csp.get(directive) ?? fallback ?? [])]);
  const insecure = (source) => source.startsWith('http:') || source.startsWith('ftp:');
  const https = new URL(url).protocol === 'https:';

  let result = null;
  if ([...scripts].some(isBroadOrInline) || [...objects].some((source) => broad.has(source)))
    result ??= 'csp-implemented-with-unsafe-inline';
  if (https && active.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scripts.has("'unsafe-eval'") || styles.has("'unsafe-eval'")) result ??= 'csp-implemented-with-unsafe-eval';
  if (https && passiveSources.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  if ([...styles].some(isBroadOrInline)) result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  if (fallback?.has("'none'") && fallback.size === 1) result ??= 'csp-implemented-with-no-unsafe-default-src-none';
  result ??= 'csp-implemented-with-no-unsafe';
  const passes = [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ].includes(result);
  return passes && csp.has('duplicate-reporting') ? 'csp-implemented-but-duplicate-directives' : result;
}

function strictTransportSecurity(https) {
  if (!https) return 'hsts-not-implemented-no-https';
  const [header] = values(https.headers, 'strict-transport-security');
  if (header === undefined) return 'hsts-not-implemented';
  if (header.includes(',')) return 'hsts-header-invalid';
  const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(header)?.[1];
  if (maxAge === undefined) return 'hsts-header-invalid';
  // The scanner counts six months as 15552000 s. Preloading (+5) needs the browsers' list: not checked.
  return Number(maxAge) < 15_552_000
    ? 'hsts-implemented-max-age-less-than-six-months'
    : 'hsts-implemented-max-age-at-least-six-months';
}

/** Name, flags and SameSite of one Set-Cookie value. */
function cookie(value) {
  const [pair = '', ...attributes] = value.split(';').map((part) => part.trim());
  const flags = new Map(
    attributes.map((attribute) => {
      const [key = '', ...rest] = attribute.split('=');
      return [key.trim().toLowerCase(), rest.join('=').trim()];
    }),
  );
  return {
    name: pair.split('=')[0]?.trim().toLowerCase() ?? '',
    secure: flags.has('secure'),
    httpOnly: flags.has('httponly'),
    sameSite: flags.has('samesite') ? flags.get('samesite').toLowerCase() : null,
  };
}

/** The results of the cookies test, from best to worst: a worse one replaces a better one. */
const cookieOrder = [
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-samesite-flag-invalid',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-session-without-httponly-flag',
  'cookies-session-without-secure-flag',
];

function cookies(setCookies, hsts) {
  if (setCookies.length === 0) return 'cookies-not-found';
  let result = null;
  const worse = (candidate) => {
    if (result === null || cookieOrder.indexOf(candidate) > cookieOrder.indexOf(result)) result = candidate;
  };
  const protectedByHsts = hsts === 'hsts-implemented-max-age-at-least-six-months';
  for (const set of setCookies.map(cookie)) {
    const session = set.name.includes('login') || set.name.includes('sess');
    if (set.sameSite !== null && !['lax', 'strict', 'none'].includes(set.sameSite))
      worse('cookies-samesite-flag-invalid');
    if (!set.secure && set.sameSite === 'none') worse('cookies-samesite-flag-invalid');
    if (!set.secure)
      worse(protectedByHsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag');
    if (set.name.includes('csrf') && set.sameSite === null) worse('cookies-anticsrf-without-samesite-flag');
    if (session && !set.secure)
      worse(
        protectedByHsts
          ? 'cookies-session-without-secure-flag-but-protected-by-hsts'
          : 'cookies-session-without-secure-flag',
      );
    if (session && !set.httpOnly) worse('cookies-session-without-httponly-flag');
  }
  if (result !== null) return result;
  return setCookies.map(cookie).every((set) => set.sameSite !== null)
    ? 'cookies-secure-with-httponly-sessions-and-samesite'
    : 'cookies-secure-with-httponly-sessions';
}

/** A structured-field token before its parameters, or null when the value is none. */
function token(value) {
  const item = value.split(';')[0]?.trim() ?? '';
  return /^[A-Za-z*][A-Za-z0-9:/!#$%&'*+\-.^_`|~]*$/.test(item) ? item : null;
}

function policyHeader(headers, name, prefix, known) {
  const all = values(headers, name);
  if (all.length === 0) return `${prefix}-not-implemented`;
  const policy = all.length === 1 ? token(all[0].slice(0, 1024).trim()) : null;
  return policy !== null && known.includes(policy)
    ? `${prefix}-implemented-with-${policy}`
    : `${prefix}-header-invalid`;
}

function crossOriginResourcePolicy(headers) {
  const value = values(headers, 'cross-origin-resource-policy').join(', ').slice(0, 256).trim().toLowerCase();
  if (value === '') return 'corp-not-implemented';
  return ['same-origin', 'same-site', 'cross-origin'].includes(value)
    ? `corp-implemented-with-${value}`
    : 'corp-header-invalid';
}

function crossOriginResourceSharing(cors) {
  if (!cors) return 'cross-origin-resource-sharing-not-implemented';
  const [allowed] = values(cors.headers, 'access-control-allow-origin');
  if (allowed === undefined) return 'cross-origin-resource-sharing-not-implemented';
  if (allowed.trim() === '*') return 'cross-origin-resource-sharing-implemented-with-public-access';
  const [credentials] = values(cors.headers, 'access-control-allow-credentials');
  return allowed === cors.origin && credentials?.trim().toLowerCase() === 'true'
    ? 'cross-origin-resource-sharing-implemented-with-universal-access'
    : 'cross-origin-resource-sharing-implemented-with-restricted-access';
}

/** The first answer over plain HTTP; a chain of redirects is judged by its first step, which must go to HTTPS on the same host. */
function redirection(http, url) {
  if (!http) return 'redirection-not-needed-no-http';
  if (http.status < 300 || http.status > 399 || !http.location) return 'redirection-missing';
  const target = new URL(http.location, 'http://placeholder');
  if (target.protocol !== 'https:') return 'redirection-not-to-https';
  return target.hostname === new URL(url).hostname ? 'redirection-to-https' : 'redirection-off-host-from-http';
}

function referrerPolicy(headers) {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const all = values(headers, 'referrer-policy');
  if (all.length === 0) return 'referrer-policy-not-implemented';
  // The last policy a browser knows is the one it follows.
  const policy = all
    .join(',')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => good.includes(item) || bad.includes(item))
    .at(-1);
  if (policy === undefined) return 'referrer-policy-header-invalid';
  return good.includes(policy) ? 'referrer-policy-private' : 'referrer-policy-unsafe';
}

/** The scripts of an HTML answer, judged by where they come from and whether they carry `integrity`. */
function subresourceIntegrity({ headers, html, url }) {
  const [type = ''] = values(headers, 'content-type');
  const mime = type.split(';')[0]?.trim().toLowerCase();
  if (mime && !['text/html', 'application/xhtml+xml'].includes(mime)) return 'sri-not-implemented-response-not-html';
  const scripts = [...(html ?? '').matchAll(/<script\b([^>]*)>/gi)].map(([, attributes]) => attributes);
  if (scripts.length === 0) return 'sri-not-implemented-but-no-scripts-loaded';
  const order = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-implemented-but-external-scripts-not-loaded-securely',
    'sri-not-implemented-but-external-scripts-loaded-securely',
    'sri-not-implemented-and-external-scripts-not-loaded-securely',
  ];
  const page = new URL(url);
  let result = null;
  let foreign = false;
  const worse = (candidate) => {
    if (result === null || order.indexOf(candidate) > order.indexOf(result)) result = candidate;
  };
  for (const attributes of scripts) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (!src) continue;
    const integrity = /\bintegrity\s*=/i.test(attributes);
    const relative = !/^(https?:)?\/\//i.test(src);
    // The scanner compares registrable domains; the last two labels of the host stand in for them here.
    const domain = (host) => host.split('.').slice(-2).join('.');
    const sameSite = relative || (!src.startsWith('//') && domain(new URL(src).hostname) === domain(page.hostname));
    const secure = relative ? page.protocol === 'https:' : src.toLowerCase().startsWith('https:');
    if (sameSite && !src.startsWith('//')) {
      if (integrity && secure) result ??= 'sri-implemented-and-all-scripts-loaded-securely';
      continue;
    }
    foreign = true;
    if (integrity && !secure) worse('sri-implemented-but-external-scripts-not-loaded-securely');
    else if (!integrity && secure) worse('sri-not-implemented-but-external-scripts-loaded-securely');
    else if (!integrity) worse('sri-not-implemented-and-external-scripts-not-loaded-securely');
  }
  return (
    result ??
    (foreign
      ? 'sri-implemented-and-external-scripts-loaded-securely'
      : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin')
  );
}

function xContentTypeOptions(headers) {
  const [value] = values(headers, 'x-content-type-options');
  if (value === undefined) return 'x-content-type-options-not-implemented';
  return value.trim().toLowerCase() === 'nosniff'
    ? 'x-content-type-options-nosniff'
    : 'x-content-type-options-header-invalid';
}

function xFrameOptions(headers) {
  const csp = values(headers, 'content-security-policy');
  try {
    if (csp.length > 0 && parseCsp(csp.flatMap((value) => value.split(','))).has('frame-ancestors'))
      return 'x-frame-options-implemented-via-csp';
  } catch {
    // An invalid policy frames nothing: the header alone decides.
  }
  const [value] = values(headers, 'x-frame-options');
  if (value === undefined) return 'x-frame-options-not-implemented';
  const option = value.trim().toLowerCase();
  if (option === 'deny' || option === 'sameorigin') return 'x-frame-options-sameorigin-or-deny';
  return option.startsWith('allow-from') ? 'x-frame-options-allow-from-origin' : 'x-frame-options-header-invalid';
}

/**
 * Scores what a scan saw:
 * - `https`: the front page over HTTPS (`url`, `headers`, its `html`), or null when there is none;
 * - `http`: the first answer to the front page over plain HTTP (`status`, `location`), or null;
 * - `cors`: the front page's headers when asked with an `origin` of another site, or null;
 * - `cookies`: the Set-Cookie values the site sets (the Observatory reads those of its visit).
 * Returns each test's result and modifier, the score and the grade.
 */
export function scoreHeaders({ https, http, cors = null, cookies: setCookies = [] }) {
  const page = https ?? { url: 'http://unknown/', headers: {}, html: '' };
  const hsts = strictTransportSecurity(https);
  const results = [
    ['content-security-policy', contentSecurityPolicy(page)],
    ['cookies', cookies(setCookies, hsts)],
    [
      'cross-origin-embedder-policy',
      policyHeader(page.headers, 'cross-origin-embedder-policy', 'coep', [
        'require-corp',
        'credentialless',
        'unsafe-none',
      ]),
    ],
    [
      'cross-origin-opener-policy',
      policyHeader(page.headers, 'cross-origin-opener-policy', 'coop', [
        'same-origin',
        'same-origin-allow-popups',
        'noopener-allow-popups',
        'unsafe-none',
      ]),
    ],
    ['cross-origin-resource-sharing', crossOriginResourceSharing(cors)],
    ['redirection', redirection(http, page.url)],
    ['referrer-policy', referrerPolicy(page.headers)],
    ['strict-transport-security', hsts],
    ['subresource-integrity', subresourceIntegrity(page)],
    ['x-content-type-options', xContentTypeOptions(page.headers)],
    ['x-frame-options', xFrameOptions(page.headers)],
    ['cross-origin-resource-policy', crossOriginResourcePolicy(page.headers)],
  ].map(([test, result]) => ({ test, result, modifier: modifiers[result] }));
  const penalties = results.reduce((sum, { modifier }) => sum + Math.min(modifier, 0), 0);
  const bonuses = results.reduce((sum, { modifier }) => sum + Math.max(modifier, 0), 0);
  const withoutBonuses = 100 + penalties;
  const score = Math.max(0, withoutBonuses >= 90 ? withoutBonuses + bonuses : withoutBonuses);
  return { results, penalties, bonuses, bonusesCounted: withoutBonuses >= 90, score, grade: gradeOf(score) };
}
