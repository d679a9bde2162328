/**
 * The fresh sign-in a risky change may need (issue 44, decision 058, point 4): a v1.1 server that
 * answers a change 403 `reauth-required` wants the password or a factor again before it does it.
 * The call (src/api/v1-1/request.ts) asks here; the app shows one dialog for every call that asks
 * while it is open (src/views/sign-in/fresh-sign-in-dialog.tsx, the fresh-sign-in machine), and
 * the call is sent again with its key once the customer has confirmed. Where no dialog can show
 * (no app listens), the call ends with the server's refusal.
 *
 * Small and free of the machines and views, so that the app can listen on every page while the
 * dialog, its machine and the v1.1 calls load only when a server asks.
 */
import { ApiError } from './error';

/** How the dialog ended: confirmed, given up by the customer, or the session was over. */
export type FreshSignInOutcome = 'confirmed' | 'cancelled' | 'session-ended';

interface Asking {
  /** The calls that wait for this dialog; when the last one stops waiting, it closes. */
  waiting: number;
  settle: (outcome: FreshSignInOutcome) => void;
  outcome: Promise<FreshSignInOutcome>;
}

let asking: Asking | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Whether the dialog is asked for now (read by the app with `useSyncExternalStore`). */
export function freshSignInAsked(): boolean {
  return asking !== null;
}

/** Hears every opening and closing of the dialog; the app listens while it runs. */
export function subscribeFreshSignIn(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ends the dialog with its outcome (the dialog's machine said how it ended). */
export function settleFreshSignIn(outcome: FreshSignInOutcome): void {
  const ending = asking;
  if (!ending) return;
  asking = null;
  ending.settle(outcome);
  changed();
}

/**
 * Asks the customer to sign in afresh: every call that asks while the dialog is open waits for the
 * same outcome. A caller's abort ends its own wait (`ApiError('aborted')`); the dialog closes when
 * no call waits any more. With nobody listening, the answer is `cancelled` at once.
 */
export function askForFreshSignIn(signal?: AbortSignal): Promise<FreshSignInOutcome> {
  if (signal?.aborted) return Promise.reject(new ApiError('aborted'));
  if (listeners.size === 0) return Promise.resolve('cancelled');
  if (!asking) {
    let settle: (outcome: FreshSignInOutcome) => void = () => {};
    const outcome = new Promise<FreshSignInOutcome>((resolve) => {
      settle = resolve;
    });
    asking = { waiting: 0, settle, outcome };
    changed();
  }
  const current = asking;
  current.waiting += 1;
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      current.waiting -= 1;
      if (current.waiting === 0 && asking === current) settleFreshSignIn('cancelled');
      reject(new ApiError('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    void current.outcome.then((outcome) => {
      signal?.removeEventListener('abort', onAbort);
      if (!signal?.aborted) resolve(outcome);
    });
  });
}
