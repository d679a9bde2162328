import { useSelector } from '@xstate/react';
import { useAppActor } from './app-actor';
import type { SessionActor } from './session-context';

export type { SessionActor } from './session-context';

/** The session machine of the app (src/machines/session.machine.ts), a child of the app's actor. */
export function useSessionActor(): SessionActor {
  const session = useSelector(useAppActor(), (snapshot) => snapshot.children.session);
  if (!session) throw new Error('The app actor runs no session');
  return session;
}

export function useLoggedIn(): boolean {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.loggedIn);
}

export function useLanguage() {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.language);
}

export function useUser() {
  return useSelector(useSessionActor(), (snapshot) => snapshot.context.user);
}
