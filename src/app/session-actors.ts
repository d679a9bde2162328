/**
 * Actors that read the app's session for a page's machine. Apart from src/app/session.tsx, so that
 * they load with the pages that use them (the forms, the company page), not on every first visit.
 */
import { fromCallback, fromPromise, waitFor } from 'xstate';
import type { CompanyProduct, User } from '../domain/entities';
import { selectIsLoadingUser, selectLoadedUser } from '../machines/session.machine';
import type { SessionActor } from './session-context';

/**
 * The `user` actor of a form that the customer's data prefills (src/machines/form.machine.ts):
 * it tells the form the session's user now and each time GET /me brings a new one.
 */
export function sessionUser(session: SessionActor) {
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
 * The user's products as the session's reload of the user brings them (one GET /me, which the
 * product list shows too): asked for by the machine that needs them, or here if no one did.
 */
export function reloadedProducts(session: SessionActor) {
  return fromPromise<readonly CompanyProduct[] | null>(async ({ signal }) => {
    if (!selectIsLoadingUser(session.getSnapshot())) session.send({ type: 'user.reload' });
    const settled = await waitFor(session, (snapshot) => !selectIsLoadingUser(snapshot), { signal });
    const reloaded = selectLoadedUser(settled);
    if (!reloaded) throw new Error('The user could not be reloaded after the cancellation.');
    return reloaded.products ?? null;
  });
}
