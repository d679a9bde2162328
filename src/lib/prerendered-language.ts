/**
 * The language picker of a prerendered page until the app takes it over (docs/decisions/016,
 * "The language picked before the app"). Before any script runs, the picker is a plain `<select>`:
 * a pick changes nothing on the page, but the browser keeps it, as it keeps typed text.
 * `src/main.tsx` reads it before it chooses the language, so that the app starts in the picked
 * one; the app's picker takes it over once (`takeOver`), so that a pick made while the app was
 * rendering counts too and the session remembers it as any other choice.
 */
import type { Language } from '../domain/constants';
import { isLanguage } from '../i18n/language';

export interface PrerenderedLanguage {
  /** The language picked before the app started: one other than the page was prerendered in. */
  readonly picked: Language | null;
  /**
   * The visitor's pick, whenever it was made before the app's picker replaced this one: null when
   * the picker was never touched. Once; afterwards null.
   */
  takeOver(): Language | null;
}

/** The prerendered page's picker in `container`; null on a page the app renders from scratch. */
export function readPrerenderedLanguage(container: HTMLElement): PrerenderedLanguage | null {
  const select = container.querySelector<HTMLSelectElement>('.language-picker select');
  if (!select) return null;
  // The option the page was prerendered with (`selected` in its HTML), whatever the visitor did.
  const prerendered = Array.from(select.options).find((option) => option.defaultSelected)?.value;
  const first = select.value;
  let taken = false;
  return {
    picked: first !== prerendered && isLanguage(first) ? first : null,
    takeOver() {
      const value = select.value;
      // Untouched: as prerendered, now and when the app started.
      if (taken || (value === prerendered && first === prerendered) || !isLanguage(value)) return null;
      taken = true;
      return value;
    },
  };
}
