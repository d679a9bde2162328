import { useSelector } from '@xstate/react';
import { asksForLogin, showsPortal } from '../machines/session.machine';
import { useAppActor } from './app-actor';
import type { SessionActor } from './contexts';

export type { SessionActor } from './contexts';

/** The session machine of the app (src/machines/session.machine.ts), a child of the app's actor. */
export function useSessionActor(): SessionActor {
  const session = useSelector(useAppActor(), (snapshot) => snapshot.children.session);
  if (!session) throw new Error('The app actor runs no session');
  return session;
}

export function useLoggedIn(): boolean {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.loggedIn);
}

/** Whether the logged-in pages are shown: logged in, or the login asked for in place over them. */
export function useShowsPortal(): boolean {
  return useSelector(useSessionActor(), showsPortal);
}

/** Whether the login is asked for in place (the re-login dialog, docs/decisions/027). */
export function useAsksForLogin(): boolean {
  return useSelector(useSessionActor(), asksForLogin);
}

export function useLanguage() {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.language);
}

export function useUser() {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.user);
}
