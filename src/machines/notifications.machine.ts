/**
 * The notifications checkbox of the company page (SPEC §2 side cards, §7 GET
 * /notifications/{true|false}, §8 "Notifications call fails with 500: an error is shown").
 * The checkbox follows the click at once; when the call fails it returns to its old value
 * and the error line says why.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { isApiError } from '../api/client';
import { setNotifications } from '../api/settings';
import { timers } from '../domain/constants';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError, showTimeout } from './form-actions';
import { unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { sessionExpired, tellSession, type WithSession } from './portal-refs';
import { typeOf } from './type-of';

export interface NotificationsContext extends WithSession {
  enabled: boolean;
  /** The value before the pending call, restored when it fails. */
  previous: boolean;
}

export type NotificationsEvent = { type: 'notifications.set'; enabled: boolean };

/** A refusal of the server reads as the notifications message; transport failures keep their own. */
function notificationsError(error: unknown): UserError {
  const userError = userErrorFrom(error);
  return isApiError(error) && error.kind === 'http' ? { key: 'notifications' } : userError;
}

export const notificationsMachine = setup({
  types: {
    context: typeOf<NotificationsContext>(),
    events: typeOf<NotificationsEvent>(),
    input: typeOf<WithSession & { enabled: boolean }>(),
  },
  actors: {
    saveNotifications: fromPromise<void, { enabled: boolean }>(({ input, signal }) =>
      setNotifications(input.enabled, { signal }),
    ),
    errorLine: errorLineMachine,
  },
  actions: {
    tellSession: tellSession(),
    /** A 401: the session ends silently (decision 001). */
    sessionExpired: sessionExpired(),
    apply: assign(({ context, event }) => ({ previous: context.enabled, enabled: event.enabled })),
    restore: assign(({ context }) => ({ enabled: context.previous })),
    clearError: clearError(),
    showError: showError(notificationsError),
    showTimeout: showTimeout(),
  },
  guards: {
    isChange: ({ context, event }) => event.enabled !== context.enabled,
    isUnauthorized: unauthorizedGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'notifications',
  description: 'SPEC §2 notifications checkbox; SPEC §8 a failing call shows an error.',
  context: ({ input }) => ({ enabled: input.enabled, previous: input.enabled, session: input.session }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'notifications.set': { guard: 'isChange', target: 'saving', actions: ['apply', 'clearError'] },
      },
    },
    saving: {
      description: 'GET /notifications/{true|false}; the checkbox waits for the answer.',
      tags: ['busy'],
      invoke: {
        src: 'saveNotifications',
        input: ({ context }) => ({ enabled: context.enabled }),
        onDone: { target: 'idle', actions: { type: 'tellSession', params: { type: 'user.reload' } } },
        onError: [
          { guard: 'isUnauthorized', target: 'idle', actions: ['restore', 'sessionExpired'] },
          { target: 'idle', actions: ['restore', 'showError'] },
        ],
      },
      after: { loadingTimeout: { target: 'idle', actions: ['restore', 'showTimeout'] } },
    },
  },
});

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;
