/**
 * The language the mock speaks to a request (decision 039): its refusals and the mails a call
 * sends are in the request's `Accept-Language`, German when it starts with "de" and English
 * otherwise (SPEC §1's rule), as the portal sends it with every call.
 */
import type { Language } from '../domain/constants';
import { languageOfTag } from '../domain/language-tag';

/** A text of the mock's in both languages. */
export interface Bilingual {
  en: string;
  de: string;
}

export function requestLanguage(request: Request): Language {
  return languageOfTag(request.headers.get('Accept-Language'));
}

/** The text in `language`. */
export function inLanguage(language: Language, text: Bilingual): string {
  return text[language];
}
