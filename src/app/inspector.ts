/**
 * The Stately inspector, for developers who want to watch the live machines:
 * `npm run dev:inspect`. Only development builds can load it; in production the condition is
 * false at build time and the import disappears from the bundle.
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
