/**
 * A language picked on a prerendered page before the app ran (docs/decisions/016, "The language
 * picked before the app"): the page as scripts/prerender.mjs writes it, its picker changed as the
 * browser changes it with no script there, then read and rendered over as src/main.tsx does. The
 * production journey tests/e2e/production/language-before-the-app.spec.ts does the same in Chromium.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSession } from '../../src/lib/browser-session';
import { PrerenderedForms } from '../../src/lib/prerendered-form-reader';
import { readPrerenderedLanguage } from '../../src/lib/prerendered-language';
import type { Language } from '../../src/domain/constants';
import { placePrerendered, prerenderPages, type PrerenderedPages } from '../support/prerendered-pages';
import { renderApp } from '../support/render-app';

let pages: PrerenderedPages = {};
beforeAll(() => {
  pages = prerenderPages(['/', '/login']);
}, 60_000);

afterEach(() => {
  document.body.replaceChildren();
});

function picker(root: HTMLElement): HTMLSelectElement {
  const select = root.querySelector('select');
  if (!(select instanceof HTMLSelectElement)) throw new Error('the prerendered page has no language picker');
  return select;
}

/** What the browser does when the visitor picks an option before any script runs. */
function pick(root: HTMLElement, language: Language) {
  picker(root).value = language;
}

describe('the language picker of a prerendered page', () => {
  it('tells no language when the visitor left it as prerendered', () => {
    for (const [path, language] of [
      ['/', 'en'],
      ['/login', 'de'],
    ] as const) {
      const prerendered = readPrerenderedLanguage(placePrerendered(pages, path, language));
      expect(prerendered?.picked, `${language}${path}`).toBeNull();
      expect(prerendered?.takeOver(), `${language}${path}`).toBeNull();
    }
  });

  it('tells the language picked before the app started, and gives it to the app once', () => {
    const root = placePrerendered(pages, '/login', 'en');
    pick(root, 'de');
    const prerendered = readPrerenderedLanguage(root);
    expect(prerendered?.picked).toBe('de');
    expect(prerendered?.takeOver()).toBe('de');
    expect(prerendered?.takeOver()).toBeNull();
  });

  it('gives the app a pick made after it began to start, even one back to the page language', () => {
    const untouched = placePrerendered(pages, '/', 'de');
    const late = readPrerenderedLanguage(untouched);
    pick(untouched, 'en');
    expect(late?.picked).toBeNull();
    expect(late?.takeOver()).toBe('en');

    const twice = placePrerendered(pages, '/login', 'en');
    pick(twice, 'de');
    const changedBack = readPrerenderedLanguage(twice);
    pick(twice, 'en');
    expect(changedBack?.picked).toBe('de');
    expect(changedBack?.takeOver()).toBe('en');
  });

  it('is not there on a page the app renders from scratch', () => {
    const root = document.createElement('div');
    document.body.append(root);
    expect(readPrerenderedLanguage(root)).toBeNull();
  });

  it('decides the language the app starts in, before the one kept for the session and the browser’s', () => {
    sessionStorage.setItem('portal.language', 'en');
    expect(readSession('de').language).toBe('de');
    expect(readSession(null).language).toBe('en');
  });
});

describe('the app started over a prerendered page', () => {
  it('speaks the language picked before it ran, keeps what was typed and remembers the pick', async () => {
    const root = placePrerendered(pages, '/login', 'en');
    const email = root.querySelector('input[name="email"]');
    if (!(email instanceof HTMLInputElement)) throw new Error('no email field on /login');
    email.value = 'visitor@example.org';
    pick(root, 'de');
    // As src/main.tsx does, before React renders over the page.
    const language = readPrerenderedLanguage(root);
    const forms = new PrerenderedForms(root);
    renderApp('/login', {
      language: readSession(language?.picked).language,
      over: { container: root, forms, language },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('visitor@example.org');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(readSession().language).toBe('de');
  });

  it('takes a pick made while it was starting: the picker never goes back, the page follows', async () => {
    const root = placePrerendered(pages, '/', 'en');
    const language = readPrerenderedLanguage(root);
    pick(root, 'de');
    renderApp('/', { language: readSession(language?.picked).language, over: { container: root, language } });

    // In the commit that replaced the prerendered picker, before anything was painted.
    expect(picker(root)).toHaveValue('de');
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(readSession().language).toBe('de');
  });
});
