import { createContext } from 'react';
import type { AlertsActor } from '../machines/alerts.machine';
import type { AppActor, AppSessionActor } from '../machines/app.machine';

export type SessionActor = AppSessionActor;

/**
 * The app's one session actor, a child of the app's actor, given by `AppActorProvider`
 * (src/lib/app-actor.tsx). Null outside it: in the feedback widget, which is mounted beside the app.
 */
export const SessionContext = createContext<SessionActor | null>(null);

/**
 * The app's own actor, given by `AppActorProvider`; `useAppActor` reads it. Null outside it, as
 * the session. It is here, beside the session's, so that `usePortalActor` can link a machine's
 * `tellApp` to it without importing the provider (which imports the reporting, which imports
 * `usePortalActor`).
 */
export const AppActorContext = createContext<AppActor | null>(null);

/**
 * The alerts' feed of the logged-in page shown (issue 45), which the top bar's bell runs and the
 * layout hands down: for the alerts page and the notification card. Null until it runs, and outside
 * the logged-in layout.
 */
export const AlertsFeedContext = createContext<AlertsActor | null>(null);
