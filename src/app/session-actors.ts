/**
 * Actors that read the app's session for a page's machine, provided by `usePortalActor` to each
 * machine that declares them.
 */
import { fromCallback, waitFor, type EventObject } from 'xstate';
import type { User } from '../domain/entities';
import type { UserReload } from '../machines/company.machine';
import { selectIsLoadingUser, selectLoadedUser } from '../machines/session.machine';
import type { SessionActor } from './contexts';

/**
 * The `user` actor of a form that the customer's data prefills (src/machines/form.machine.ts):
 * it tells the form the session's user now and each time GET /me brings a new one.
 */
function sessionUser(session: SessionActor) {
  return fromCallback<{ type: 'user.known'; user: User }>(({ sendBack }) => {
    let told: User | null = null;
    const tell = (user: User | null) => {
      if (!user || user === told) return;
      told = user;
      sendBack({ type: 'user.known', user });
    };
    tell(session.getSnapshot().context.user);
    const subscription = session.subscribe((snapshot) => tell(snapshot.context.user));
    return () => subscription.unsubscribe();
  });
}

/**
 * The `reloadedUser` actor of the company machine after a cancellation: the session's reload of
 * the user (one GET /me, which the product list shows too), asked for here unless it is under way,
 * and told back to the machine.
 */
function reloadedUser(session: SessionActor) {
  return fromCallback<EventObject, undefined, UserReload>(({ sendBack }) => {
    const controller = new AbortController();
    if (!selectIsLoadingUser(session.getSnapshot())) session.send({ type: 'user.reload' });
    waitFor(session, (snapshot) => !selectIsLoadingUser(snapshot), { signal: controller.signal }).then(
      (settled) => {
        const user = selectLoadedUser(settled);
        sendBack(user ? { type: 'user.reloaded', user } : { type: 'user.reloadFailed', error: undefined });
      },
      (error: unknown) => sendBack({ type: 'user.reloadFailed', error }),
    );
    return () => controller.abort();
  });
}

/** The actors a page's machine may declare that read the session: `usePortalActor` provides them. */
export function sessionActors(session: SessionActor) {
  return { user: sessionUser(session), reloadedUser: reloadedUser(session) };
}
