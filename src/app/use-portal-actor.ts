/**
 * The one way a view runs a machine: `usePortalActor(machine, { input, actions, actors })`.
 * It provides the view's implementations once (the first render's, as `useActorRef` keeps its
 * first machine), wires a machine's `sessionExpired` action to the app's session, so that a 401
 * ends the session silently (decision 001), its `sessionInterrupted` action, so that a 401 on a
 * form's call asks for the login in place (decision 027), its `tellSession` action, so that what the machine
 * learnt reaches the session (typed `SessionNews`), and its `tellApp` action, so that what the app
 * must know reaches the app's actor (typed `AppNews`), and hands the actor to the Stately inspector when it
 * is on. It lives in the app because both things it adds are the app's: the session actor and
 * the inspector.
 */
import { useActorRef } from '@xstate/react';
import { useContext, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  type AnyActorRef,
  type EventObject,
  type InputFrom,
  type MachineContext,
  type MetaObject,
  type ParameterizedObject,
  type ProvidedActor,
  type StateMachine,
  type StateSchema,
  type StateValue,
  type Subscription,
} from 'xstate';
import { inspect } from './inspector';
import type { AppActor, AppNews } from '../machines/app.machine';
import type { SessionContext as SessionContextValue, SessionNews } from '../machines/session.machine';
import { sessionActors } from './session-actors';
import { AppActorContext, SessionContext, type SessionActor } from './contexts';

/** What `machine.provide` accepts: the machine's named actions, actors, guards and delays. */
type Implementations<M extends { provide: (implementations: never) => unknown }> = Parameters<M['provide']>[0];

export interface PortalActorOptions<M extends { provide: (implementations: never) => unknown }, TInput> {
  input?: TInput;
  /**
   * The machine's input made with what the session keeps, read once when the actor starts (instead
   * of `input`): a page gets what the session keeps for it without reading the session itself.
   */
  inputFromSession?: (session: SessionContextValue) => TInput;
  actions?: Implementations<M>['actions'];
  actors?: Implementations<M>['actors'];
}

/**
 * The session's side of every machine run by the app: `sessionExpired` (a 401 ends the session),
 * `sessionInterrupted` (a 401 on a form's call: the login in place) and `tellSession` (what the machine learnt that the session must know).
 */
function sessionActions(session: SessionActor) {
  return {
    sessionExpired: () => session.send({ type: 'session.expired' }),
    sessionInterrupted: () => session.send({ type: 'session.interrupted' }),
    tellSession: (_: unknown, news: SessionNews) => session.send(news),
  };
}

/** The app's side: `tellApp` (what the machine did that the app must know). */
function appActions(app: AppActor) {
  return { tellApp: (_: unknown, news: AppNews) => app.send(news) };
}

/** The implementations of `actions` that a machine declares: those the app and its session provide it. */
function links(actions: Record<string, unknown>, declared: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(actions).filter(([name]) => name in declared));
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

export function usePortalActor<
  TContext extends MachineContext,
  TEvent extends EventObject,
  TChildren extends Record<string, AnyActorRef | undefined>,
  TActor extends ProvidedActor,
  TAction extends ParameterizedObject,
  TGuard extends ParameterizedObject,
  TDelay extends string,
  TStateValue extends StateValue,
  TTag extends string,
  TInput,
  TOutput,
  TEmitted extends EventObject,
  TStateMeta extends MetaObject,
  TStateSchema extends StateSchema,
  TTransitionMeta extends MetaObject,
>(
  machine: StateMachine<
    TContext,
    TEvent,
    TChildren,
    TActor,
    TAction,
    TGuard,
    TDelay,
    TStateValue,
    TTag,
    TInput,
    TOutput,
    TEmitted,
    TStateMeta,
    TStateSchema,
    TTransitionMeta
  >,
  options: PortalActorOptions<typeof machine, InputFrom<typeof machine>> = {},
) {
  const session = useContext(SessionContext);
  const app = useContext(AppActorContext);
  const [provided] = useState(() =>
    machine.provide({
      actions: {
        ...(session ? links(sessionActions(session), machine.implementations.actions) : {}),
        ...(app ? links(appActions(app), machine.implementations.actions) : {}),
        ...options.actions,
      },
      actors: {
        ...(session ? links(sessionActors(session), machine.implementations.actors) : {}),
        ...options.actors,
      },
    }),
  );
  const [input] = useState(() =>
    session && options.inputFromSession ? options.inputFromSession(session.getSnapshot().context) : options.input,
  );
  const actor = useActorRef(provided, { input, inspect: inspect() });
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
