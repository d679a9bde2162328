/**
 * The calls of a session's settings and its end: the language, the notifications switch and the
 * logout. The session machine loads this module on demand (for the language and the logout), so
 * none of it comes with a public page's first visit, nor the question which API the server speaks.
 */
import type { Language } from '../domain/constants';
import { ApiError, request, requestDone } from './client';
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

/**
 * Switches the mails: on v1.1 `PUT /notifications` with a key, on v1 `GET /notifications/{true|false}`
 * (HTTP 500 shows an error, SPEC §8).
 */
export async function setNotifications(enabled: boolean, { signal }: Call = {}): Promise<void> {
  if (await (await import('./server-version')).offeredV11(signal))
    return (await import('./v1-1/calls')).setNotifications(enabled, { signal });
  return request('GET', `/notifications/${enabled ? 'true' : 'false'}`, { answer: null, signal, changes: true });
}

/**
 * The logout: on v1.1 `POST /logout`, on v1 `GET /logout` (SPEC §7); `status: done` or HTTP 401
 * both mean the session is over. The next session asks again which API the server speaks.
 */
export async function logout({ signal }: Call = {}): Promise<void> {
  const version = await import('./server-version');
  try {
    if (await version.offeredV11(signal)) return await (await import('./v1-1/calls')).logout({ signal });
    await requestDone('GET', '/logout', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.isUnauthorized) return;
    throw error;
  } finally {
    version.forgetServerOffer();
  }
}
