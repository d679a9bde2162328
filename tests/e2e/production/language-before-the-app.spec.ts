/**
 * A language picked before the app runs, on the build customers get (docs/decisions/016, "The
 * language picked before the app"): an English browser gets the English prerendered page, the CPU
 * is slowed as on a phone and every script is held back until the visitor has typed and picked
 * "Deutsch" while nothing of the app is there. The app must start in German, stay German, keep
 * what was typed and remember the pick for the session.
 */
import type { Page } from '@playwright/test';
import { appStarted, expect, holdScripts, slowCpu, test, waitForApp } from '../support/production';

test.use({ locale: 'en-US' });

interface Seen {
  heading: string;
  picker: string;
  label: string;
}

/**
 * Records, from the app's first render on, each heading it shows and the language picker's value
 * and label: a language that went back, however briefly, is in the record.
 */
async function watchTheApp(page: Page) {
  await page.addInitScript(() => {
    const seen: { heading: string; picker: string; label: string }[] = [];
    Object.assign(window, { portalLanguageSeen: seen });
    const record = () => {
      const heading = document.querySelector('h1');
      if (!heading || !Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))) return;
      const entry = {
        heading: heading.textContent ?? '',
        picker: document.querySelector<HTMLSelectElement>('.language-picker select')?.value ?? '',
        label: document.querySelector('.language-picker label')?.textContent ?? '',
      };
      const last = seen.at(-1);
      if (last?.heading !== entry.heading || last.picker !== entry.picker || last.label !== entry.label)
        seen.push(entry);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    // A select's value is a property, which no mutation shows: its change event does.
    document.addEventListener('change', record, true);
  });
  return () => page.evaluate(() => (window as unknown as { portalLanguageSeen: Seen[] }).portalLanguageSeen);
}

test('"Deutsch" picked on the English /login before the app runs: the app starts in German and stays, with what was typed', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const seen = await watchTheApp(page);
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  // All of it happened in the prerendered page: the app did not run.
  expect(await appStarted(page)).toBe(false);
  release();

  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('demo@example.com');
  await expect(page.getByLabel(/^Passwort/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('portal.language'))).toBe('de');

  // Stays: once nothing is loading any more, everything the app ever showed was German.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('demo@example.com');
  const record = await seen();
  expect(record.length).toBeGreaterThan(0);
  for (const entry of record) expect(entry).toEqual({ heading: 'Anmelden', picker: 'de', label: 'Sprache' });
});

test('"Deutsch" picked on the English landing page before the app runs: the app starts in German', async ({ page }) => {
  const seen = await watchTheApp(page);
  await slowCpu(page, 4);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  expect(await appStarted(page)).toBe(false);
  release();

  await waitForApp(page);
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.waitForLoadState('networkidle');
  const record = await seen();
  expect(record.length).toBeGreaterThan(0);
  expect(new Set(record.map((entry) => entry.heading)).size, 'the heading changed after the app started').toBe(1);
  for (const entry of record) expect(entry).toMatchObject({ picker: 'de', label: 'Sprache' });
});
