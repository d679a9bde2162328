/**
 * The Stately inspector, for developers who want to watch the live machines:
 * `VITE_INSPECT=true npm run dev`. Only development builds can load it; in production the condition is
 * false at build time and the import disappears from the bundle. It is part of the app, the
 * composition root that starts it (src/main.tsx); whatever creates an actor (the app, a view, the
 * feedback widget of src/reporting) asks it here for the inspector (decision 021).
 */
import type { InspectionEvent, Observer } from 'xstate';

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

let current: Inspect | undefined;

export async function startInspector(): Promise<void> {
  if (!import.meta.env.DEV || import.meta.env.VITE_INSPECT !== 'true') return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  current = createBrowserInspector().inspect;
}

/** The inspector to hand to `useActorRef`/`createActor`, when it is on. */
export function inspect(): Inspect | undefined {
  return current;
}
