/**
 * The session and the app's actor that a machine test hands a machine (src/machines/portal-refs.ts,
 * decision 048): real actors of the session and app machines, restored to the state a test names,
 * that make no call of their own, and that record what they are told.
 */
import { vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import type { Language } from '../../src/domain/constants';
import type { User } from '../../src/domain/entities';
import { appMachine, type AppEvent, type AppRef } from '../../src/machines/app.machine';
import {
  sessionMachine,
  type SessionContext,
  type SessionEvent,
  type SessionRef,
} from '../../src/machines/session.machine';
import { aUser } from './builders';

/** Calls `record` with each event the root actor of an actor system processed. */
function recorder<E>(record: (event: E) => void) {
  let root: AnyActorRef | null = null;
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.snapshot' && inspection.actorRef === root) record(inspection.event as E);
  };
  return { inspect, setRoot: (actor: AnyActorRef) => (root = actor) };
}

export interface StubSession {
  session: SessionRef;
  /** What the session was told, in order (its own events; none of XState's). */
  received: () => SessionEvent[];
  /** The stub's GET /me: resolves with the user given (or the builder's). */
  loadUser: ReturnType<typeof vi.fn<() => Promise<User>>>;
}

/**
 * A logged-in session with its user loaded (`aUser()` unless given), and what else of its context
 * a test names; `user: null` is a session whose GET /me failed, `loggedIn: false` a visitor's.
 */
export function stubSession(
  context: Partial<SessionContext> = {},
  onEvent: (event: SessionEvent) => void = () => {},
): StubSession {
  const loggedIn = context.loggedIn ?? true;
  const user = context.user === undefined ? (loggedIn ? aUser() : null) : context.user;
  const loadUser = vi.fn(async () => user ?? aUser());
  const logic = sessionMachine.provide({
    actors: {
      loadUser: fromPromise(() => loadUser()),
      logout: fromPromise<void>(async () => {}),
      saveLanguage: fromPromise<void, { language: Language }>(async () => {}),
    },
  });
  const snapshot = logic.resolveState({
    value: { auth: loggedIn ? { loggedIn: user ? 'ready' : 'failed' } : 'loggedOut', language: 'idle' },
    context: {
      loggedIn,
      language: 'en',
      error: null,
      passwordsShownAt: {},
      contractCancelled: false,
      resumeFor: null,
      ...context,
      user,
    },
  });
  const events: SessionEvent[] = [];
  const { inspect, setRoot } = recorder<SessionEvent>((event) => {
    if (event.type.startsWith('xstate.')) return;
    events.push(event);
    onEvent(event);
  });
  const session = createActor(logic, { snapshot, input: { loggedIn, language: 'en' }, inspect });
  setRoot(session);
  session.start();
  return { session, received: () => [...events], loadUser };
}

export interface StubApp {
  app: AppRef;
  /** What the app was told, in order. */
  received: () => AppEvent[];
  /** The paths the app was asked to show, in order. */
  navigations: () => string[];
}

/** The app's actor, with a logged-out session of its own that makes no call, and no router. */
export function stubApp(onEvent: (event: AppEvent) => void = () => {}): StubApp {
  const navigations: string[] = [];
  const events: AppEvent[] = [];
  const { inspect, setRoot } = recorder<AppEvent>((event) => {
    if (event.type.startsWith('xstate.')) return;
    events.push(event);
    onEvent(event);
  });
  const app = createActor(appMachine.provide({ actions: { navigate: (_, { to }) => void navigations.push(to) } }), {
    input: { session: { loggedIn: false, language: 'en' } },
    inspect,
  });
  setRoot(app);
  app.start();
  return { app, received: () => [...events], navigations: () => [...navigations] };
}

/** Both, as `usePortalActor` hands them to a machine's input. */
export function stubRefs(
  session: Partial<SessionContext> = {},
  onEvent: { session?: (event: SessionEvent) => void; app?: (event: AppEvent) => void } = {},
) {
  const stubbedSession = stubSession(session, onEvent.session);
  const stubbedApp = stubApp(onEvent.app);
  return {
    refs: { session: stubbedSession.session, app: stubbedApp.app },
    session: stubbedSession,
    app: stubbedApp,
  };
}
