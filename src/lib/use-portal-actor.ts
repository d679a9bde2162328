/**
 * The one way a view runs a machine: `usePortalActor(machine, { input, actions, actors })` starts
 * it with its input and with the app's session and own actor added to that input (`session`,
 * `app`: src/machines/portal-refs.ts), through which the machine reads the session and tells it,
 * or the app, what they must know. A view may provide effects of its own (`actions`, `actors`:
 * the first render's), the actor runs from the commit that shows the page until the page is gone
 * (`useStartedActor`, which keeps React's development rehearsal away from it), and it is handed to
 * the Stately inspector when that is on.
 */
import { useContext, useState } from 'react';
import type { Actor, AnyStateMachine, InputFrom } from 'xstate';
import { inspect } from './inspector';
import { useStartedActor } from './use-started-actor';
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

export function usePortalActor<M extends AnyStateMachine>(machine: M, options: PortalActorOptions<M> = {}): Actor<M> {
  const session = useContext(SessionContext);
  const app = useContext(AppActorContext);
  const [provided] = useState(() => machine.provide({ actions: options.actions, actors: options.actors }));
  // Outside the app (the feedback widget, mounted beside it) there is no session to hand in.
  const [input] = useState(() => ({ ...options.input, ...(session && app ? { session, app } : {}) }));
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- `provide` on a generic machine is typed as any machine's; it returns the same machine with the view's effects, whose actor this is.
  return useStartedActor(provided, { input, inspect: inspect() }) as Actor<M>;
}

/**
 * The options of an actor that starts outside React's render (the shop's catalogue, a copy
 * button's clipboard on its first click): `createActor(machine, portalActorOptions())`. There is
 * no session to wire there; the inspector watches it when it is on.
 */
export function portalActorOptions() {
  return { inspect: inspect() };
}
