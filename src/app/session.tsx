import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { sessionMachine } from '../machines/session.machine';
import { forgetLicenceOrder } from '../views/shared/last-licence-order';
import { useSessionSync } from './session-sync';
import { writeSession, type StoredSession } from './session-storage';
import { inspect } from './inspector';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

/** Runs the one session machine of the app with the browser's storage and the router. */
export function SessionProvider({ initial, children }: { initial: StoredSession; children: ReactNode }) {
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [machine] = useState(() =>
    sessionMachine.provide({
      actions: {
        persist: ({ context }) => writeSession({ loggedIn: context.loggedIn, language: context.language }),
        goToLogin: () => navigateRef.current('/login'),
        forgetClientState: () => forgetLicenceOrder(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: initial, inspect: inspect() });
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
