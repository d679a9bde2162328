import { useSelector } from '@xstate/react';
import { useContext, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { sessionMachine } from '../machines/session.machine';
import { forgetLicenceOrder } from '../views/shared/last-licence-order';
import { SessionContext, type SessionActor } from './session-context';
import { useSessionSync } from './session-sync';
import { writeSession, type StoredSession } from './session-storage';
import { usePortalActor } from './use-portal-actor';

export type { SessionActor } from './session-context';

/** Runs the one session machine of the app with the browser's storage and the router. */
export function SessionProvider({ initial, children }: { initial: StoredSession; children: ReactNode }) {
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const actor = usePortalActor(sessionMachine, {
    input: initial,
    actions: {
      persist: ({ context }) => writeSession({ loggedIn: context.loggedIn, language: context.language }),
      goToLogin: () => navigateRef.current('/login'),
      forgetClientState: () => forgetLicenceOrder(),
    },
  });
  useSessionSync(actor);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSessionActor outside SessionProvider');
  return actor;
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
