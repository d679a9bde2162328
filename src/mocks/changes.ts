/**
 * A small change feed: the route wrapper reports every mutating call and the controls report
 * operator actions. The browser persists the database on it; the operator panel re-renders.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let version = 0;

export function onMockChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitMockChange(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Grows with every change; a snapshot for `useSyncExternalStore`. */
export function mockVersion(): number {
  return version;
}
