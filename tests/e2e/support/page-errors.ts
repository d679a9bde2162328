import type { Page } from '@playwright/test';

/**
 * Collects the page's uncaught errors and console.error lines, for a fixture that expects none at
 * the end of each journey. Chromium's own line for an API call answered with an HTTP error is left
 * out: those answers are expected, and the page handles them.
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
  return errors;
}
