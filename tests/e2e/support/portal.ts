/**
 * Helpers for the reliability journeys (fault matrix, XSS, secrets, concurrency):
 * the translations as the page shows them, opening a page in a chosen language with or without
 * a session, and the mock's controls.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';

export type Language = 'en' | 'de';

import type { FaultKind } from '../../../src/mocks/fault-kinds';

export { faultKinds, type FaultKind } from '../../../src/mocks/fault-kinds';

const catalogues: Record<Language, Record<string, string>> = {
  en: JSON.parse(readFileSync(resolve('translations/en.json'), 'utf8')) as Record<string, string>,
  de: JSON.parse(readFileSync(resolve('translations/de.json'), 'utf8')) as Record<string, string>,
};

/** The text of a message in a language, exactly as translations/*.json has it. */
export function text(language: Language, id: string): string {
  const value = catalogues[language][id];
  if (value === undefined) throw new Error(`No ${language} translation for ${id}`);
  return value;
}

export const seedPassword = 'Demo-Password-2026';

/** The required checkbox of the terms at registration and licence order (decision 032), in either language. */
export const termsCheckbox = /terms and conditions|Allgemeinen Geschäftsbedingungen/;

/**
 * Opens `path` in `language` from a fresh mock database with no latency; with `email`, the
 * customer is logged in through the mock API first (the login form has its own journeys).
 */
export async function openAs(
  page: Page,
  path: string,
  options: { language: Language; email?: string; fault?: { call: string; kind: FaultKind } },
) {
  await page.goto('/');
  await mockStarted(page);
  await page.evaluate(
    ({ language }) => {
      window.__portalMock.reset();
      window.__portalMock.setLatency(0);
      sessionStorage.clear();
      sessionStorage.setItem('portal.language', language);
      sessionStorage.setItem('portal.loggedIn', 'false');
    },
    { language: options.language },
  );
  if (options.email !== undefined) await login(page, options.email, options.language);
  // A fault on a call made while the page opens must be in place before it opens.
  if (options.fault) await setFault(page, options.fault.call, options.fault.kind);
  await page.goto(path);
  await mockStarted(page);
}

/**
 * The mock's controls exist before its service worker runs; the operator panel is mounted once
 * the worker answers requests.
 */
export async function mockStarted(page: Page) {
  await page.waitForFunction(
    () => typeof window.__portalMock !== 'undefined' && document.getElementById('portal-mock-operator') !== null,
  );
}

/** Logs in through the mock API and keeps the logged-in flag as the session would. */
async function login(page: Page, email: string, language: Language) {
  await page.evaluate(
    async ({ email, password, language }) => {
      const response = await fetch('/api/v1/login', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, language }),
      });
      if (!response.ok) throw new Error(`login failed: ${response.status}`);
      sessionStorage.setItem('portal.loggedIn', 'true');
    },
    { email, password: seedPassword, language },
  );
}

/** Sets a fault on a call until the mock is reset (the mock keeps it across reloads). */
export async function setFault(page: Page, call: string, kind: FaultKind, options: { ms?: number } = {}) {
  await page.evaluate(
    ([key, fault, faultOptions]) => {
      // The call keys and kinds are checked by the mock itself, which throws on unknown ones.
      window.__portalMock.fault(
        key as Parameters<typeof window.__portalMock.fault>[0],
        fault as Parameters<typeof window.__portalMock.fault>[1],
        faultOptions,
      );
    },
    [call, kind, options] as const,
  );
}

/** The logged-in flag the session keeps in the browser session (SPEC §3). */
export async function storedLoggedIn(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('portal.loggedIn'));
}

/** Fills the shop's order form of a visitor (SPEC §5) with one buyer, in English, and sends it. */
export async function placeVisitorOrder(page: Page) {
  await page.getByRole('textbox', { name: 'Email' }).fill('buyer@example.org');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Käufer GmbH');
  await page.getByRole('textbox', { name: 'First name' }).fill('Karl');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Käufer');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Marktplatz 2');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('80331');
  await page.getByRole('textbox', { name: 'City' }).fill('München');
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Order and pay' }).click();
}
