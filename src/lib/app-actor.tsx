import { useSelector } from '@xstate/react';
import { useContext, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { appMachine, appSession, type AppActor } from '../machines/app.machine';
import { reportSession } from '../reporting/index';
import { inspect } from './inspector';
import { useStartedActor } from './use-started-actor';
import { AppActorContext, SessionContext } from './contexts';
import { useRestoredPageCheck, useSessionSync, writeSession, type StoredSession } from './browser-session';

/**
 * Runs the app's own actor (src/machines/app.machine.ts), one per rendered App, with the
 * browser's storage and the router: the session, the visit's catalogue and the last order live
 * in its actor system, and its `navigate` is the one navigation of the app.
 */
export function AppActorProvider({ initial, children }: { initial: StoredSession; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const router = useRef({ location, navigate });
  router.current = { location, navigate };
  const [machine] = useState(() =>
    appMachine.provide({
      actions: {
        // A page already shown is not pushed again (after a purchase on /dashboard, SPEC §4).
        navigate: (_, { to }) => {
          if (to !== router.current.location) router.current.navigate(to);
        },
      },
      actors: {
        session: appSession({
          actions: {
            persist: ({ context }) => {
              writeSession({ loggedIn: context.loggedIn, language: context.language });
              // A replay never spans two sessions (decision 031).
              void reportSession(context.loggedIn);
            },
          },
        }),
      },
    }),
  );
  const actor = useStartedActor(machine, { input: { session: initial }, inspect: inspect() });
  const session = useSelector(actor, (snapshot) => snapshot.children.session);
  useSessionSync(session);
  useRestoredPageCheck(session);
  return (
    <AppActorContext.Provider value={actor}>
      <SessionContext.Provider value={session ?? null}>{children}</SessionContext.Provider>
    </AppActorContext.Provider>
  );
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor outside AppActorProvider');
  return actor;
}
