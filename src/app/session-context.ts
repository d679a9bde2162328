import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../machines/session.machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * The app's one session actor, given by `SessionProvider`. Null outside it: in the provider
 * itself and in the feedback widget, which is mounted beside the app.
 */
export const SessionContext = createContext<SessionActor | null>(null);
