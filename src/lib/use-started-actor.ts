/**
 * An actor for as long as a component shows it (decision 049): created with the component, started
 * in the commit that shows it, stopped once the component is gone.
 *
 * - **Started in a layout effect.** `useActorRef` starts an actor, and the selectors subscribe to
 *   it, in passive effects, which React runs in a later task after a page loaded on demand. A key
 *   handled before that task went to a machine that had not started, and no render followed it, so
 *   React set the controlled field back to the machine's value and only the last key remained.
 *   Started here, the machine takes every key; until the passive effects have run, each change of
 *   its snapshot renders the component (afterwards the selectors do, each for what it reads).
 * - **Not stopped by React's rehearsal.** In development, StrictMode unmounts every component once
 *   and mounts it again at once. `useActorRef` stops the actor then and restarts it from its
 *   snapshot, which aborts the calls it had started: each machine needed a transition that asked
 *   again after an aborted call. Here the stop waits for the end of the commit and is dropped when
 *   the component mounted again meanwhile, so that no machine ever sees that rehearsal.
 */
import { useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { createActor, type Actor, type ActorOptions, type AnyActorLogic, type Subscription } from 'xstate';

export function useStartedActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: ActorOptions<TLogic>,
): Actor<TLogic> {
  const [actor] = useState(() => createActor(logic, options));
  const [, render] = useReducer((count: number) => count + 1, 0);
  const early = useRef<Subscription | null>(null);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
    actor.start();
    early.current = actor.subscribe(() => render());
    return () => {
      mounted.current = false;
      early.current?.unsubscribe();
      early.current = null;
      // StrictMode mounts the component again within this commit: a stop after it would be undone.
      queueMicrotask(() => {
        if (!mounted.current) actor.stop();
      });
    };
  }, [actor]);
  useEffect(() => {
    early.current?.unsubscribe();
    early.current = null;
  }, [actor]);
  return actor;
}
