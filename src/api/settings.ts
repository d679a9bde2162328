import type { Language } from '../domain/constants';
import { request } from './client';
import { LanguagePayload } from './structs';

interface Call {
  signal?: AbortSignal;
}

/** POST /language: only when logged in (SPEC §7); the answer's body is not specified. */
export async function setLanguage(language: Language, { signal }: Call = {}): Promise<void> {
  return request('POST', '/language', {
    body: { language },
    payload: LanguagePayload,
    answer: null,
    signal,
    changes: true,
  });
}

/** GET /notifications/{true|false}: HTTP 500 shows an error (SPEC §8). */
export async function setNotifications(enabled: boolean, { signal }: Call = {}): Promise<void> {
  return request('GET', `/notifications/${enabled ? 'true' : 'false'}`, { answer: null, signal, changes: true });
}
