import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineHashesConf, startScript, withInlineHashes } from '../../scripts/build/first-paint.mjs';
import { report } from '../../scripts/check-headers.mjs';
import { gradeOf, scoreHeaders, type Headers, type Scan } from '../../scripts/headers/observatory.mjs';

const url = 'https://portal.example.net/';
const page =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/boot-a1b2c3d4.js"></script></head></html>';
const redirect = { status: 301, location: 'https://portal.example.net/' };
const sessionCookie = 'portal_session=abc; Path=/; HttpOnly; SameSite=Strict; Secure';

/** The hashes a build writes, for a stylesheet and the start script (decision 037). */
const hashes = inlineHashesConf({ styles: ['body{margin:0}'], scripts: [startScript] });

/** The headers every answer of deploy/nginx gets, read from security-headers.conf. */
const shipped: Headers = {
  'content-type': 'text/html',
  ...Object.fromEntries(
    [
      ...readFileSync(join(process.cwd(), 'deploy/nginx/security-headers.conf'), 'utf8').matchAll(
        /^add_header ([\w-]+) "([^"]*)" always;$/gm,
      ),
    ].map(([, name, value]) => [name?.toLowerCase(), withInlineHashes(value ?? '', hashes)]),
  ),
};

function scan(headers: Headers, more: Partial<Scan> = {}): Scan {
  return { https: { url, headers, html: page }, http: redirect, cookies: [sessionCookie], ...more };
}

function without(headers: Headers, ...names: string[]): Headers {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

/** The result of one test. */
function resultOf(scanned: Scan, test: string): string | undefined {
  return scoreHeaders(scanned).results.find((result) => result.test === test)?.result;
}

describe('the header score by the rules of the HTTP Observatory', () => {
  it("gives the shipped headers A+ with every bonus but HSTS preloading, SRI and COEP's", () => {
    const scored = scoreHeaders(scan(shipped));
    expect(scored.results.filter((result) => result.modifier !== 0)).toEqual([
      { test: 'content-security-policy', result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 },
      { test: 'cookies', result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 },
      { test: 'cross-origin-opener-policy', result: 'coop-implemented-with-same-origin', modifier: 10 },
      { test: 'referrer-policy', result: 'referrer-policy-private', modifier: 5 },
      { test: 'x-frame-options', result: 'x-frame-options-implemented-via-csp', modifier: 5 },
      { test: 'cross-origin-resource-policy', result: 'corp-implemented-with-same-origin', modifier: 10 },
    ]);
    expect(scored).toMatchObject({ penalties: 0, bonuses: 45, score: 145, grade: 'A+' });
  });

  it('gives a server without a single security header an F', () => {
    const scored = scoreHeaders(scan({ 'content-type': 'text/html' }, { http: { status: 200 }, cookies: [] }));
    expect(scored.results.filter((result) => result.modifier < 0).map((result) => result.result)).toEqual([
      'csp-not-implemented',
      'redirection-missing',
      'hsts-not-implemented',
      'x-content-type-options-not-implemented',
      'x-frame-options-not-implemented',
    ]);
    expect(scored).toMatchObject({ score: 10, grade: 'F' });
  });

  it('keeps the headers of the portal before decision 031 below A+: no HSTS, and a session cookie without Secure', () => {
    const before: Headers = {
      ...without(shipped, 'strict-transport-security', 'cross-origin-resource-policy'),
      'content-security-policy':
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'",
      'referrer-policy': 'same-origin',
    };
    const scored = scoreHeaders(scan(before, { cookies: ['portal_session=abc; Path=/; HttpOnly; SameSite=Lax'] }));
    expect(resultOf(scan(before), 'content-security-policy')).toBe('csp-implemented-with-no-unsafe');
    expect(scored.results.filter((result) => result.modifier < 0).map((result) => result.result)).toEqual([
      'cookies-session-without-secure-flag',
      'hsts-not-implemented',
    ]);
    // The bonuses do not count below 90.
    expect(scored).toMatchObject({ penalties: -60, bonusesCounted: false, score: 40, grade: 'D+' });
  });

  it('adds the bonuses only when the penalties leave 90 or more', () => {
    const noSniff = scoreHeaders(scan(without(shipped, 'x-content-type-options')));
    expect(noSniff).toMatchObject({ penalties: -5, bonusesCounted: true, score: 140, grade: 'A+' });
    const shortHsts = { ...without(shipped, 'x-content-type-options'), 'strict-transport-security': 'max-age=86400' };
    expect(scoreHeaders(scan(shortHsts))).toMatchObject({
      penalties: -15,
      bonusesCounted: false,
      score: 85,
      grade: 'A-',
    });
  });

  it('judges a Content-Security-Policy by its script, object and style sources and its default', () => {
    const csp = (policy: string) => resultOf(scan({ 'content-security-policy': policy }), 'content-security-policy');
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-inline'")).toBe('csp-implemented-with-unsafe-inline');
    expect(csp("default-src 'none'; script-src 'self' 'nonce-abc' 'unsafe-inline'")).toBe(
      'csp-implemented-with-no-unsafe-default-src-none',
    );
    expect(csp("default-src 'self'; object-src https:")).toBe('csp-implemented-with-unsafe-inline');
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-eval'")).toBe('csp-implemented-with-unsafe-eval');
    expect(csp("default-src 'self'; style-src 'self' 'unsafe-inline'")).toBe(
      'csp-implemented-with-unsafe-inline-in-style-src-only',
    );
    expect(csp("default-src 'self'; img-src http://images.example.net")).toBe(
      'csp-implemented-with-insecure-scheme-in-passive-content-only',
    );
    expect(csp("default-src 'self'; connect-src http://api.example.net")).toBe('csp-implemented-with-insecure-scheme');
    expect(csp("default-src 'self'; script-src 'self'; script-src 'none'")).toBe('csp-header-invalid');
    expect(csp("default-src 'self'; script-src 'strict-dynamic'")).toBe('csp-header-invalid');
    expect(csp("script-src 'self'")).toBe('csp-implemented-with-unsafe-inline');
    expect(
      resultOf(scan({ 'content-security-policy-report-only': "default-src 'none'" }), 'content-security-policy'),
    ).toBe('csp-not-implemented-but-reporting-enabled');
  });

  it('judges cookies by Secure, HttpOnly on session cookies and SameSite', () => {
    const cookies = (...set: string[]) => resultOf(scan(shipped, { cookies: set }), 'cookies');
    expect(cookies()).toBe('cookies-not-found');
    expect(cookies('portal_session=a; Secure; HttpOnly')).toBe('cookies-secure-with-httponly-sessions');
    expect(cookies('portal_session=a; Secure; SameSite=Lax')).toBe('cookies-session-without-httponly-flag');
    expect(cookies('portal_session=a; HttpOnly; SameSite=Strict')).toBe(
      'cookies-session-without-secure-flag-but-protected-by-hsts',
    );
    expect(cookies('language=de; SameSite=Strict')).toBe('cookies-without-secure-flag-but-protected-by-hsts');
    expect(cookies('language=de; SameSite=None')).toBe('cookies-samesite-flag-invalid');
    expect(cookies('language=de; Secure; SameSite=Sometimes')).toBe('cookies-samesite-flag-invalid');
    expect(cookies('csrf_token=a; Secure')).toBe('cookies-anticsrf-without-samesite-flag');
    const noHsts = scan(without(shipped, 'strict-transport-security'), { cookies: ['portal_session=a; HttpOnly'] });
    expect(resultOf(noHsts, 'cookies')).toBe('cookies-session-without-secure-flag');
  });

  it('judges the redirection from plain HTTP, HSTS, the Referrer-Policy and the framing headers', () => {
    expect(
      resultOf(scan(shipped, { http: { status: 301, location: 'https://www.example.net/' } }), 'redirection'),
    ).toBe('redirection-off-host-from-http');
    expect(
      resultOf(scan(shipped, { http: { status: 302, location: 'http://portal.example.net/x' } }), 'redirection'),
    ).toBe('redirection-not-to-https');
    expect(resultOf(scan(shipped, { http: null }), 'redirection')).toBe('redirection-not-needed-no-http');
    const hsts = (value: string) => resultOf(scan({ 'strict-transport-security': value }), 'strict-transport-security');
    expect(hsts('max-age=15552000')).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hsts('max-age=300; includeSubDomains')).toBe('hsts-implemented-max-age-less-than-six-months');
    expect(hsts('includeSubDomains')).toBe('hsts-header-invalid');
    expect(hsts('max-age=63072000, max-age=63072000')).toBe('hsts-header-invalid');
    expect(resultOf({ https: null, http: { status: 200 } }, 'strict-transport-security')).toBe(
      'hsts-not-implemented-no-https',
    );
    const referrer = (value: string) => resultOf(scan({ 'referrer-policy': value }), 'referrer-policy');
    expect(referrer('no-referrer')).toBe('referrer-policy-private');
    expect(referrer('no-referrer, unsafe-url')).toBe('referrer-policy-unsafe');
    expect(referrer('unsafe-url, strict-origin-when-cross-origin, whatever')).toBe('referrer-policy-private');
    expect(referrer('whatever')).toBe('referrer-policy-header-invalid');
    expect(resultOf(scan({ 'x-frame-options': 'SAMEORIGIN' }), 'x-frame-options')).toBe(
      'x-frame-options-sameorigin-or-deny',
    );
    expect(resultOf(scan({ 'x-frame-options': 'ALLOWALL' }), 'x-frame-options')).toBe('x-frame-options-header-invalid');
    expect(resultOf(scan({ 'x-content-type-options': 'sniff' }), 'x-content-type-options')).toBe(
      'x-content-type-options-header-invalid',
    );
  });

  it('judges the cross-origin policies and CORS', () => {
    const one = (name: string, value: string | string[]) => scan({ [name]: value });
    expect(
      resultOf(one('cross-origin-opener-policy', 'same-origin; report-to="coop"'), 'cross-origin-opener-policy'),
    ).toBe('coop-implemented-with-same-origin');
    expect(
      resultOf(one('cross-origin-opener-policy', ['same-origin', 'unsafe-none']), 'cross-origin-opener-policy'),
    ).toBe('coop-header-invalid');
    expect(resultOf(one('cross-origin-embedder-policy', 'require-corp'), 'cross-origin-embedder-policy')).toBe(
      'coep-implemented-with-require-corp',
    );
    expect(resultOf(one('cross-origin-resource-policy', 'same-site'), 'cross-origin-resource-policy')).toBe(
      'corp-implemented-with-same-site',
    );
    expect(resultOf(one('cross-origin-resource-policy', 'nobody'), 'cross-origin-resource-policy')).toBe(
      'corp-header-invalid',
    );
    const origin = 'https://http-observatory.security.mozilla.org';
    const cors = (headers: Headers) =>
      resultOf(scan(shipped, { cors: { origin, headers } }), 'cross-origin-resource-sharing');
    expect(cors({})).toBe('cross-origin-resource-sharing-not-implemented');
    expect(cors({ 'access-control-allow-origin': '*' })).toBe(
      'cross-origin-resource-sharing-implemented-with-public-access',
    );
    expect(cors({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' })).toBe(
      'cross-origin-resource-sharing-implemented-with-universal-access',
    );
  });

  it("judges the page's scripts by their origin and Subresource Integrity", () => {
    const sri = (html: string, type = 'text/html; charset=utf-8') =>
      resultOf({ https: { url, headers: { 'content-type': type }, html }, http: redirect }, 'subresource-integrity');
    expect(sri(page)).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
    expect(sri('<script src="/a.js" integrity="sha384-x"></script>')).toBe(
      'sri-implemented-and-all-scripts-loaded-securely',
    );
    expect(sri('<script src="https://cdn.example.org/a.js"></script>')).toBe(
      'sri-not-implemented-but-external-scripts-loaded-securely',
    );
    expect(sri('<script src="https://cdn.example.org/a.js" integrity="sha384-x"></script>')).toBe(
      'sri-implemented-and-external-scripts-loaded-securely',
    );
    expect(sri('<script src="http://cdn.example.org/a.js"></script>')).toBe(
      'sri-not-implemented-and-external-scripts-not-loaded-securely',
    );
    expect(sri('<p>No script</p>')).toBe('sri-not-implemented-but-no-scripts-loaded');
    expect(sri('{}', 'application/json')).toBe('sri-not-implemented-response-not-html');
  });

  it('grades as the Observatory does', () => {
    expect([145, 100, 99, 90, 89, 85, 84, 80, 79, 70, 65, 60, 50, 45, 40, 30, 25, 24, 0].map(gradeOf)).toEqual([
      'A+',
      'A+',
      'A',
      'A',
      'A-',
      'A-',
      'B+',
      'B+',
      'B',
      'B',
      'B-',
      'C+',
      'C',
      'C-',
      'D+',
      'D',
      'D-',
      'F',
      'F',
    ]);
  });

  it('reports each test with its modifier, then the score', () => {
    const text = report(scoreHeaders(scan(shipped)), url);
    expect(text).toContain('   +10  content-security-policy         csp-implemented-with-no-unsafe-default-src-none');
    expect(text).toContain(
      '     0  subresource-integrity           sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
    expect(text.split('\n').at(-1)).toBe('Score 145 (A+): 100, penalties none, bonuses +45.');
    const low = report(
      scoreHeaders(scan({ 'content-type': 'text/html' }, { http: { status: 200 }, cookies: [] })),
      url,
    );
    expect(low.split('\n').at(-1)).toBe('Score 10 (F): 100, penalties -90, no bonuses.');
    const before = report(scoreHeaders(scan(without(shipped, 'strict-transport-security'))), url);
    expect(before.split('\n').at(-1)).toBe('Score 80 (B+): 100, penalties -20, bonuses +45 not counted below 90.');
  });
});
