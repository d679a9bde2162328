/**
 * A refusal for too many attempts (HTTP 429, the rate limit in front of the API, decision 031):
 * every form that can meet it (login and the login in place, registration, password reset, new
 * password, contact, licence order) says so in the portal's words with how long to wait, and
 * refuses to send again before that time is up (decision 044).
 *
 * A form machine that uses `waitingState` names the guard `isTooManyRequests` and the delay
 * `retryAfter` (`retryAfterDelay`) in its `setup`, and has the actions `setValue` and `clearError`.
 */
import { isApiError } from '../api/error';
import type { UserError } from './user-error';

/** Without a `Retry-After`, the rate limit's own window: a minute (the message says so). */
const DEFAULT_WAIT_SECONDS = 60;
/** A server that asks for longer is not believed beyond an hour: a reload would end the wait anyway. */
const MAX_WAIT_SECONDS = 3600;

/** How many seconds to wait after this failure, or null when it is no refusal for too many attempts. */
export function tooManyRequestsWait(error: unknown): number | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status !== 429) return null;
  const asked = error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS;
  // A wait of 0 seconds still keeps the button from a double press within the same second.
  return Math.min(MAX_WAIT_SECONDS, Math.max(1, asked));
}

/** What the customer is told of a 429: too many attempts, and how many seconds to wait. */
export function tooManyRequests(error: unknown): UserError {
  return { key: 'tooManyRequests', waitSeconds: tooManyRequestsWait(error) ?? DEFAULT_WAIT_SECONDS };
}

/** The guard `isTooManyRequests`: the actor's error is a 429. */
export function tooManyRequestsGuard({ event }: { event: object }): boolean {
  return 'error' in event && tooManyRequestsWait(event.error) !== null;
}

/** The delay `retryAfter`, read from the 429 that led into the waiting state. */
export function retryAfterDelay({ event }: { event: object }): number {
  return ('error' in event ? (tooManyRequestsWait(event.error) ?? DEFAULT_WAIT_SECONDS) : DEFAULT_WAIT_SECONDS) * 1000;
}

/**
 * The state a form waits in after a 429: the message stays on the error line, the customer may
 * keep typing, and `form.submit` is not taken (the view disables the button by `can`), until the
 * time the server gave is up.
 */
export function waitingState<TEditing extends string>(editing: TEditing) {
  return {
    description:
      'Too many attempts (HTTP 429): the message says how long to wait (Retry-After, else a minute); the form sends nothing before that.',
    tags: ['waiting'],
    on: { 'field.change': { actions: 'setValue' as const } },
    after: { retryAfter: { target: editing, actions: 'clearError' as const } },
  };
}
