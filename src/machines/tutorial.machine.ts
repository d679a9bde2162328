/**
 * The connection data of the tutorial (SPEC §2 "Tutorial and encryption"): the customer's
 * datastores from GET /status, so that the steps show the real host, port, user and datastore
 * instead of placeholders. The tutorial is useful without them: a failure keeps the reason with
 * a retry and the steps fall back to placeholders (docs/decisions/011).
 */
import { assign, fromPromise, setup } from 'xstate';
import { getStatus } from '../api/datastores';
import type { Datastore } from '../domain/entities';
import { timers } from '../domain/constants';
import { sessionExpired, type WithSession } from './portal-refs';
import { unauthorizedGuard, type UserError, userErrorFrom } from './user-error';
import { typeOf } from './type-of';

export interface TutorialContext extends WithSession {
  datastores: Datastore[];
  /** The server name (`datastore`) of the datastore the steps use. */
  chosen: string | null;
  error: UserError | null;
}

export type TutorialEvent = { type: 'datastore.choose'; datastore: string } | { type: 'status.retry' };

export const tutorialMachine = setup({
  types: {
    context: typeOf<TutorialContext>(),
    events: typeOf<TutorialEvent>(),
    input: typeOf<WithSession>(),
  },
  actors: {
    loadStatus: fromPromise<Datastore[]>(({ signal }) => getStatus({ signal })),
  },
  actions: {
    /** A 401: the session ends (decision 001). */
    sessionExpired: sessionExpired(),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
    isKnown: ({ context, event }) =>
      event.type === 'datastore.choose' && context.datastores.some((entry) => entry.datastore === event.datastore),
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'tutorial',
  description: "SPEC §2 tutorial with the customer's real connection data from GET /status.",
  context: ({ input }) => ({ session: input.session, datastores: [], chosen: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /status is under way; the steps show placeholders meanwhile.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadStatus',
        onDone: {
          target: 'ready',
          actions: assign({
            datastores: ({ event }) => event.output,
            chosen: ({ event }) => event.output[0]?.datastore ?? null,
          }),
        },
        onError: [
          {
            guard: 'isUnauthorized',
            target: 'failed',
            actions: ['sessionExpired', assign({ error: ({ event }) => userErrorFrom(event.error) })],
          },
          { target: 'failed', actions: assign({ error: ({ event }) => userErrorFrom(event.error) }) },
        ],
      },
      // SPEC §4: the loading flag resets after 120 seconds.
      after: { loadingTimeout: { target: 'failed', actions: assign({ error: { key: 'timeout' } }) } },
    },
    ready: {
      description: 'The datastores are known; with none, the steps keep their placeholders.',
      on: {
        'datastore.choose': { guard: 'isKnown', actions: assign({ chosen: ({ event }) => event.datastore }) },
      },
    },
    failed: {
      description: 'The reason is shown with a retry; the steps keep their placeholders.',
      on: { 'status.retry': { target: 'loading' } },
    },
  },
});
