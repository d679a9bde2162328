/**
 * How a call travels: the only place that calls `fetch` (src/api/client.ts checks what goes in and
 * what comes back), and the reads a page starts before its code has run.
 *
 * Data beside its code (issue 41): a page's first reads (its `GET`s, src/domain/routes.ts
 * `firstReads`) start as soon as the app knows the route, side by side with the page's chunks,
 * instead of after the page's machines have loaded and run. The client hands such an answer to
 * the first call of the same read (`takeEarlyRead`) rather than asking again. Each early answer is
 * taken once; one that no call takes within `earlyReadLifetimeMs` is dropped, and a read the client
 * made moments ago is not started again. This module is small and part of the app's chunk, so
 * that the app can start the reads before any API module has loaded.
 */
import { config } from '../config';
import type { Language } from '../domain/constants';
import { languageOfTag } from '../domain/language-tag';

type Method = 'GET' | 'POST';

/**
 * Sent with every call (decision 031): a request that another site makes the browser send (a
 * link, a form, an image) cannot carry a header of its own, so the proxy in front of the API
 * refuses calls without it, whatever the browser says of the request's origin.
 */
const portalCall = { 'X-Portal-Request': '1' } as const;

/**
 * The language the page speaks, sent with every call as `Accept-Language` so that the server
 * answers its refusals and writes its mails in it (decision 039). It is read per call from the
 * document, as `apiUrl` reads the page's address: the app keeps `<html lang>` to the messages on
 * screen (src/lib/i18n-provider.tsx) before any of its machines calls, so the client needs no
 * module state and no machine has to hand the language down to each call. Without a document
 * (Node) or a language there, English, as SPEC §1 chooses for anything but German.
 */
function pageLanguage(): Language {
  return languageOfTag(typeof document === 'undefined' ? null : document.documentElement.lang);
}

/** The absolute address of an API path (relative bases resolve against the page). */
export function apiUrl(path: string): string {
  const url = `${config.apiBaseUrl.replace(/\/$/, '')}${path}`;
  return typeof location === 'undefined' ? url : new URL(url, location.href).href;
}

/** How long a read counts as just made: an early read of it is not started again meanwhile. */
const recentMs = 2_000;
/** When each read was last sent, by path. */
const sentAt = new Map<string, number>();

/**
 * Sends a call; `body` is JSON text or undefined. A call that changes something (a POST) or ends
 * the session (`GET /logout`) drops every read made ahead and not yet taken: its answer may be
 * stale now, or another account's after the next login.
 */
export function send(method: Method, path: string, body: string | undefined, signal: AbortSignal): Promise<Response> {
  if (method !== 'GET' || path === '/logout') dropEarlyReads();
  else sentAt.set(path, Date.now());
  const accepts = { Accept: 'application/json', 'Accept-Language': pageLanguage() };
  return fetch(apiUrl(path), {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { ...accepts, ...portalCall }
        : { ...accepts, 'Content-Type': 'application/json', ...portalCall },
    // Answers carry temporary passwords, the IBAN and the email: never kept in the browser's cache.
    cache: 'no-store',
    body,
    signal,
  });
}

/** An early read no call takes within this time is dropped (the page that wanted it is gone). */
export const earlyReadLifetimeMs = 30_000;

interface EarlyRead {
  readonly response: Promise<Response>;
  readonly controller: AbortController;
}

const earlyReads = new Map<string, EarlyRead>();

/** Starts the reads of `paths` (API paths of GETs) that are neither on their way nor just made. */
export function startEarlyReads(paths: readonly string[]): void {
  const now = Date.now();
  for (const path of paths) {
    if (earlyReads.has(path) || now - (sentAt.get(path) ?? -Infinity) < recentMs) continue;
    const controller = new AbortController();
    const response = send('GET', path, undefined, controller.signal);
    // Whoever takes it handles its failure; one nobody takes must not fail unhandled.
    response.catch(() => undefined);
    const read = { response, controller };
    earlyReads.set(path, read);
    setTimeout(() => {
      if (earlyReads.get(path) !== read) return;
      earlyReads.delete(path);
      controller.abort();
    }, earlyReadLifetimeMs);
  }
}

/**
 * The answer of an early read of `path`, once; undefined when there is none. `signal`, the call's
 * own (its timeout and its caller's abort; the client makes one per call, not yet aborted when it
 * takes the read), aborts the read from now on.
 */
export function takeEarlyRead(path: string, signal: AbortSignal): Promise<Response> | undefined {
  const read = earlyReads.get(path);
  if (!read) return undefined;
  earlyReads.delete(path);
  signal.addEventListener('abort', () => read.controller.abort(signal.reason));
  return read.response;
}

function dropEarlyReads(): void {
  for (const read of earlyReads.values()) read.controller.abort();
  earlyReads.clear();
}

/** Drops every early read and what was sent when (between tests, which share this module). */
export function forgetEarlyReads(): void {
  dropEarlyReads();
  sentAt.clear();
}
