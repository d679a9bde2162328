import { useEffect } from 'react';
import type { AppSessionActor } from '../machines/app.machine';
import { showsPortal } from '../machines/session.machine';

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
