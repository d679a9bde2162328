import type { Language } from './constants';

/**
 * SPEC §1: German for a language tag that starts with "de" ("de", "de-AT", "DE-ch"), English for
 * any other and for none. The browser's preference, the page's `<html lang>` and a request's
 * `Accept-Language` are read by this one rule (decision 039).
 */
export function languageOfTag(tag: string | null | undefined): Language {
  return (tag ?? '').trim().toLowerCase().startsWith('de') ? 'de' : 'en';
}
