import { business, type Language } from '../config';

/** SPEC §1: German only if the browser language starts with "de"; otherwise English. */
export function detectLanguage(browserLanguages: readonly string[] | undefined): Language {
  const first = browserLanguages?.[0] ?? '';
  return first.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (business.languages as readonly string[]).includes(value);
}

import type { MessageFormatElement } from 'react-intl';

/** ICU strings in development and tests; syntax trees compiled at build time in production. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

const loaders = import.meta.glob<Messages>('../../translations/*.json', { import: 'default' });

/** Loads the messages of one language (each language is its own chunk). */
export async function loadMessages(language: Language): Promise<Messages> {
  const load = loaders[`../../translations/${language}.json`];
  if (!load) throw new Error(`No translations for ${language}`);
  return load();
}
