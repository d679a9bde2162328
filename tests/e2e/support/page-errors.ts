import type { Page } from '@playwright/test';

/**
 * Collects what a journey must never see, for a fixture that expects none at the end of each
 * journey: the page's uncaught errors and console.error lines (Chromium's own line for an API call
 * answered with an HTTP error is left out: those answers are expected, and the page handles them),
 * and the two ways the portal could treat a server that knows only v1 worse than before v1.1
 * (issue 43): a v1.1 call other than the probe sent to it, and a second probe in one session.
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

/**
 * A v1-only server answers every v1.1 path with v1's 404 (JSON, not a problem): the portal may ask
 * it the probe, `GET /api/v1.1/capabilities`, once per session (decision 057), and nothing else of
 * v1.1. The session's probe is forgotten at the logout and with the page (a new load).
 */
function watchServerVersion(page: Page, errors: string[]) {
  let probed = false;
  page.on('load', () => {
    probed = false;
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/api\/v1(\.1)?\/logout$/.test(pathname)) probed = false;
    if (!pathname.endsWith('/api/v1.1/capabilities')) return;
    if (probed) errors.push(`a second probe in one session: ${request.method()} ${pathname}`);
    probed = true;
  });
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/\/api\/v1\.1\//.test(pathname) || pathname.endsWith('/capabilities')) return;
    const type = response.headers()['content-type'] ?? '';
    if (response.status() === 404 && !type.includes('application/problem+json'))
      errors.push(`a v1.1 call to a server that knows only v1: ${response.request().method()} ${pathname}`);
  });
}
