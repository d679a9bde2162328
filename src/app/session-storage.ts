/**
 * SPEC §3: the logged-in flag and the language are kept in the browser session; nothing else
 * is stored there (no user data, no secrets).
 */
import type { Language } from '../domain/constants';
import { detectLanguage, isLanguage } from '../i18n/language';

const LOGGED_IN = 'portal.loggedIn';
const LANGUAGE = 'portal.language';

export interface StoredSession {
  loggedIn: boolean;
  language: Language;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked by the browser's privacy settings; the portal still works.
    return null;
  }
}

export function readSession(): StoredSession {
  const store = storage();
  const language = store?.getItem(LANGUAGE);
  return {
    loggedIn: store?.getItem(LOGGED_IN) === 'true',
    language: isLanguage(language)
      ? language
      : detectLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]),
  };
}

export function writeSession({ loggedIn, language }: StoredSession): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(LOGGED_IN, String(loggedIn));
    store.setItem(LANGUAGE, language);
  } catch {
    // A full or blocked storage only costs the choice on reload.
  }
}
