/**
 * An actor that reads the session a page's machine holds (as those of ./session-readers.ts, in a
 * module of its own so that only the machines that use it carry it: the alerts' feed).
 */
import { fromCallback, type EventObject } from 'xstate';
import type { WithSession } from './portal-refs';
import { asksForLogin } from './session.machine';

/** What the `sessionRenewed` actor tells: a login in place renewed the session a 401 had ended. */
export type SessionRenewed = { type: 'session.renewed' };

/**
 * Tells `session.renewed` each time the login in place (docs/decisions/027) gives the session back
 * after a 401 had interrupted it: a machine that paused on the 401 goes on at once.
 */
export const sessionRenewed = fromCallback<EventObject, WithSession, SessionRenewed>(
  ({ input: { session }, sendBack }) => {
    let interrupted = asksForLogin(session.getSnapshot());
    const subscription = session.subscribe((snapshot) => {
      if (asksForLogin(snapshot)) interrupted = true;
      else if (interrupted) {
        interrupted = false;
        if (snapshot.context.loggedIn) sendBack({ type: 'session.renewed' });
      }
    });
    return () => subscription.unsubscribe();
  },
);
