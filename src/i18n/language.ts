import type { MessageFormatElement } from 'react-intl';
import { loaders } from 'virtual:portal-messages';
import { business, type Language } from '../domain/constants';
import { languageOfTag } from '../domain/language-tag';
import type { PartLoader } from './message-store';
import { isOneOf } from '../domain/one-of';

/** SPEC §1: German only if the browser language starts with "de"; otherwise English. */
export function detectLanguage(browserLanguages: readonly string[] | undefined): Language {
  return languageOfTag(browserLanguages?.[0]);
}

export function isLanguage(value: unknown): value is Language {
  return isOneOf(business.languages, value);
}

/** ICU strings in development and tests; syntax trees compiled at build time in production. */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Loads one part of a language's messages, each its own chunk (vite.config.ts splits them in a
 * build; the development server has a single `core` part). A page whose part is empty has none.
 */
export const loadPart: PartLoader = async (language, part) => {
  const load = loaders[language]?.[part];
  if (load) return (await load()).default;
  if (part === 'core') throw new Error(`No translations for ${language}`);
  return {};
};
