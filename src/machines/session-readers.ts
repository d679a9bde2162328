/**
 * Actors that read the session a page's machine holds (src/machines/portal-refs.ts), each given
 * it as its input: a machine invokes or spawns them with `input: ({ context }) => context`.
 */
import { fromCallback, waitFor, type EventObject } from 'xstate';
import type { User } from '../domain/entities';
import { selectIsLoadingUser, selectLoadedUser } from './session.machine';
import type { WithSession } from './portal-refs';

/** What the `user` actor tells a form: the session's user, now and each time GET /me brings a new one. */
export type UserKnown = { type: 'user.known'; user: User };

/** What the `reloadedUser` actor tells of the user's reload. */
export type UserReload = { type: 'user.reloaded'; user: User } | { type: 'user.reloadFailed' };

/**
 * The `user` actor of a form that the customer's data prefills (src/machines/form.machine.ts):
 * it tells the form the session's user now and each time GET /me brings a new one.
 */
export const sessionUser = fromCallback<EventObject, WithSession, UserKnown>(({ input: { session }, sendBack }) => {
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

/**
 * The session's reload of the user (one GET /me, which the product list shows too), asked for
 * here unless it is under way, and told back to the machine: after a contract's cancellation.
 */
export const reloadedUser = fromCallback<EventObject, WithSession, UserReload>(({ input: { session }, sendBack }) => {
  const controller = new AbortController();
  if (!selectIsLoadingUser(session.getSnapshot())) session.send({ type: 'user.reload' });
  waitFor(session, (snapshot) => !selectIsLoadingUser(snapshot), { signal: controller.signal }).then(
    (settled) => {
      const user = selectLoadedUser(settled);
      sendBack(user ? { type: 'user.reloaded', user } : { type: 'user.reloadFailed' });
    },
    // Only when the machine that asked is gone (its abort): nobody is told.
    () => undefined,
  );
  return () => controller.abort();
});
