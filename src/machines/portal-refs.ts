/**
 * The session and the app's actor as a page's machine holds them (decision 048): typed references
 * in its input, kept in its context. A machine reads the session through the session's selectors
 * (src/machines/session-readers.ts) and tells it, or the app, what it must know with the actions
 * below, which `sendTo` the reference. `usePortalActor` hands in the app's own actors; a test
 * hands in actors of its making (tests/support/portal-refs.ts).
 *
 * Each export is an action creator, put by a machine under the same name in `setup({ actions })`,
 * as those of form-actions.ts: a test may still provide a spy under that name.
 */
import { sendTo, type EventObject, type MachineContext } from 'xstate';
import type { AppNews, AppRef, NavigateParams } from './app.machine';
import type { SessionNews, SessionRef } from './session.machine';

/** What a machine that talks to the session holds. */
export interface WithSession {
  session: SessionRef;
}

/** What a machine that sends the customer elsewhere, or tells the app something, holds. */
export interface WithApp {
  app: AppRef;
}

/** Both: what `usePortalActor` adds to the input of every machine it starts inside the app. */
export type PortalRefs = WithSession & WithApp;

/** The session and the app a page's machine hands the form it invokes (its child `form`), with what else it gives. */
export function refsOf({ session, app }: PortalRefs): PortalRefs {
  return { session, app };
}

/** A 401 on a read: the session ends silently and /login is shown (decision 001). */
export function sessionExpired<TContext extends MachineContext & WithSession, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, undefined, SessionRef, TEvent>(({ context }) => context.session, {
    type: 'session.expired',
  });
}

/**
 * A 401 on a form's call: the session ends in place, a login dialog opens over the form, and
 * what was typed waits for the customer's next click (docs/decisions/027).
 */
export function sessionInterrupted<TContext extends MachineContext & WithSession, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, undefined, SessionRef, TEvent>(({ context }) => context.session, {
    type: 'session.interrupted',
  });
}

/** Tells the session what it must know (its params are the news, typed `SessionNews`). */
export function tellSession<TContext extends MachineContext & WithSession, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, SessionNews, SessionRef, TEvent>(
    ({ context }) => context.session,
    (_, news) => news,
  );
}

/** Shows another page: the app's actor goes there (its params name the path). */
export function navigate<TContext extends MachineContext & WithApp, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, NavigateParams, AppRef, TEvent>(
    ({ context }) => context.app,
    (_, { to }) => ({ type: 'navigate', to }),
  );
}

/** Tells the app what it must know (its params are the news, typed `AppNews`). */
export function tellApp<TContext extends MachineContext & WithApp, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, AppNews, AppRef, TEvent>(
    ({ context }) => context.app,
    (_, news) => news,
  );
}
