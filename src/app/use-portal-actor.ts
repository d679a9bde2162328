/**
 * The one way a view runs a machine: `usePortalActor(machine, { input, actions, actors })` starts
 * it with its input and with the app's session and own actor added to that input (`session`,
 * `app`: src/machines/portal-refs.ts), through which the machine reads the session and tells it,
 * or the app, what they must know. A view may provide effects of its own (`actions`, `actors`:
 * the first render's, as `useActorRef` keeps its first machine), and the actor is handed to the
 * Stately inspector when that is on.
 */
import { useActorRef } from '@xstate/react';
import { useContext, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { Actor, AnyActorRef, AnyStateMachine, InputFrom, Subscription } from 'xstate';
import { inspect } from './inspector';
import type { PortalRefs } from '../machines/portal-refs';
import { AppActorContext, SessionContext } from './contexts';

/** What `machine.provide` accepts: the machine's named actions, actors, guards and delays. */
type Implementations<M extends AnyStateMachine> = Parameters<M['provide']>[0];

/** A machine's input as a view gives it: without the session and the app, which are added. */
type OwnInput<M extends AnyStateMachine> = Omit<NonNullable<InputFrom<M>>, keyof PortalRefs>;

export interface PortalActorOptions<M extends AnyStateMachine> {
  input?: OwnInput<M>;
  actions?: Implementations<M>['actions'];
  actors?: Implementations<M>['actors'];
}

/**
 * Runs the actor from the commit that shows its page. `useActorRef` starts it, and the selectors
 * subscribe to it, in passive effects, which React runs in a later task after a page loaded on
 * demand. A key handled before that task went to a machine that had not started, and no render
 * followed it, so React set the controlled field back to the machine's value and only the last key
 * remained. Started here, in a layout effect, the machine takes every key; until the passive
 * effects have run, each change of its snapshot renders the page (afterwards the selectors do, each
 * for what it reads). Starting twice is harmless (`start` does nothing on a running actor);
 * stopping it on unmount stays `useActorRef`'s.
 */
function useRunningFromCommit(actor: AnyActorRef): void {
  const [, render] = useReducer((count: number) => count + 1, 0);
  const early = useRef<Subscription | null>(null);
  useLayoutEffect(() => {
    actor.start();
    early.current = actor.subscribe(() => render());
    return () => {
      early.current?.unsubscribe();
      early.current = null;
    };
  }, [actor]);
  useEffect(() => {
    early.current?.unsubscribe();
    early.current = null;
  }, [actor]);
}

export function usePortalActor<M extends AnyStateMachine>(machine: M, options: PortalActorOptions<M> = {}): Actor<M> {
  const session = useContext(SessionContext);
  const app = useContext(AppActorContext);
  const [provided] = useState(() => machine.provide({ actions: options.actions, actors: options.actors }));
  // Outside the app (the feedback widget, mounted beside it) there is no session to hand in.
  const [input] = useState(() => ({ ...options.input, ...(session && app ? { session, app } : {}) }));
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `provide` on a generic machine is typed as any machine's; it returns the same machine with the view's effects, whose actor this is.
  const actor = useActorRef(provided, { input, inspect: inspect() }) as Actor<M>;
  useRunningFromCommit(actor);
  return actor;
}

/**
 * The options of an actor that starts outside React's render (the shop's catalogue, a copy
 * button's clipboard on its first click): `createActor(machine, portalActorOptions())`. There is
 * no session to wire there; the inspector watches it when it is on.
 */
export function portalActorOptions() {
  return { inspect: inspect() };
}
