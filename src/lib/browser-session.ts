/**
 * The session in the browser. SPEC §3: the logged-in flag and the language are kept in the
 * browser session; nothing else is stored there (no user data, no secrets). The tabs of one
 * browser share the server's session cookie, so a logout in one ends the session in the others
 * (`useSessionSync`).
 */
import { useEffect } from 'react';
import type { AppSessionActor } from '../machines/app.machine';
import { selectIsLoadingUser, showsPortal } from '../machines/session.machine';
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

/**
 * The session the app starts with. Its language: the one `picked` in the prerendered page before
 * the app ran (src/lib/prerendered-language.ts), else the one kept for the session, else the browser's.
 */
export function readSession(picked: Language | null = null): StoredSession {
  const store = storage();
  const language = picked ?? store?.getItem(LANGUAGE);
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

const CHANNEL = 'portal-session';

/**
 * Keeps the tabs of one browser consistent: the login flag lives in each tab's session
 * storage, but the server's session cookie is shared, so a logout in one tab ends the session
 * in the others at once instead of at their next failing call. A login asked for in place
 * (docs/decisions/027) is not told: the other tabs keep their pages, and typed work, until a call of
 * theirs meets the 401 too, and a login in this tab brings the shared cookie back for them as well.
 */
export function useSessionSync(actor: AppSessionActor | undefined) {
  useEffect(() => {
    if (!actor || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    let wasLoggedIn = showsPortal(actor.getSnapshot());
    const subscription = actor.subscribe((snapshot) => {
      const loggedIn = showsPortal(snapshot);
      if (wasLoggedIn && !loggedIn) channel.postMessage('logged-out');
      wasLoggedIn = loggedIn;
    });
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'logged-out' && actor.getSnapshot().context.loggedIn) actor.send({ type: 'session.expired' });
    };
    return () => {
      subscription.unsubscribe();
      channel.close();
    };
  }, [actor]);
}

/** Set on `<html>` while a page restored from the back/forward cache waits for its session check. */
const RESTORING = 'data-restoring';

/**
 * A page the browser restores from its back/forward cache is the page as it was left, in memory:
 * without this, a logged-in page would show again although the session ended meanwhile (a
 * logout in another tab, an expiry, the next person at a shared computer; security review N7).
 * Going into the cache with the portal shown, the page blanks itself (`data-restoring`, src/styles.css),
 * so the picture the browser keeps shows nothing; coming back, it asks the session to check
 * itself (GET /me, `session.recheck`) and shows again only when that is answered: a 401 ends the
 * session and the login shows instead (decision 044).
 */
export function useRestoredPageCheck(actor: AppSessionActor | undefined) {
  useEffect(() => {
    if (!actor) return;
    const page = document.documentElement;
    let waiting: { unsubscribe: () => void } | undefined;
    const reveal = () => {
      waiting?.unsubscribe();
      waiting = undefined;
      page.removeAttribute(RESTORING);
    };
    const onPageHide = (event: PageTransitionEvent) => {
      if (event.persisted && showsPortal(actor.getSnapshot())) page.setAttribute(RESTORING, '');
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      if (!showsPortal(actor.getSnapshot())) {
        reveal();
        return;
      }
      page.setAttribute(RESTORING, '');
      actor.send({ type: 'session.recheck' });
      const settled = () => !selectIsLoadingUser(actor.getSnapshot());
      if (settled()) {
        reveal();
        return;
      }
      waiting?.unsubscribe();
      waiting = actor.subscribe(() => {
        if (settled()) reveal();
      });
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      reveal();
    };
  }, [actor]);
}
