import type { Page } from '@playwright/test';

/**
 * Collects what a journey must never see, for a fixture that expects none at the end of each
 * journey: the page's uncaught errors and console.error lines (Chromium's own line for an API call
 * answered with an HTTP error is left out: those answers are expected, and the page handles them),
 * the two ways the portal could treat a server that knows only v1 worse than before v1.1 (issue 43):
 * a v1.1 call other than the probe sent to it, and a second probe in one session; and a state change
 * sent by GET to a server that offers v1.1.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource') && /\/api\/v1(\.1)?\//.test(message.location().url))
      return;
    errors.push(message.text());
  });
  watchServerVersion(page, errors);
  return errors;
}

/** v1's state changes by GET (SPEC §7), which the portal sends as POST or PUT where v1.1 is offered. */
const v1StateChangesByGet = /\/api\/v1\/(product\/pbs\/|datastore\/cancel\/|contract\/cancel$|notifications\/|logout$)/;

/**
 * A v1-only server answers every v1.1 path with v1's 404 (JSON, not a problem): the portal may ask
 * it the probe, `GET /api/v1.1/capabilities`, once per session (decision 057), and nothing else of
 * v1.1. A server whose probe answered 200 gets no state change by GET. The session's probe is
 * forgotten at the logout and with the page (a new load).
 */
function watchServerVersion(page: Page, errors: string[]) {
  let probed = false;
  let offered = false;
  const forget = () => {
    probed = false;
    offered = false;
  };
  page.on('load', forget);
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (offered && request.method() === 'GET' && v1StateChangesByGet.test(pathname))
      errors.push(`a state change by GET to a server that offers v1.1: GET ${pathname}`);
    if (/\/api\/v1(\.1)?\/logout$/.test(pathname)) forget();
    if (!pathname.endsWith('/api/v1.1/capabilities')) return;
    if (probed) errors.push(`a second probe in one session: ${request.method()} ${pathname}`);
    probed = true;
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('/api/v1.1/capabilities') && response.status() === 200) offered = true;
    if (!/\/api\/v1\.1\//.test(pathname) || pathname.endsWith('/capabilities')) return;
    const type = response.headers()['content-type'] ?? '';
    if (response.status() === 404 && !type.includes('application/problem+json'))
      errors.push(`a v1.1 call to a server that knows only v1: ${response.request().method()} ${pathname}`);
  });
}
