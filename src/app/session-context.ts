import { createContext } from 'react';
import type { AppSessionActor } from '../machines/app.machine';

export type SessionActor = AppSessionActor;

/**
 * The app's one session actor, a child of the app's actor, given by `AppActorProvider`
 * (src/app/app-actor.tsx). Null outside it: in the feedback widget, which is mounted beside the app.
 */
export const SessionContext = createContext<SessionActor | null>(null);
