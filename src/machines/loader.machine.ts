/**
 * "Load a resource", the lifecycle every read of a page shares when the read is all the page's
 * machine does (issue 42): the call, aborted when the actor stops; the reason of a failure in the
 * customer's words with a retry; a 401 of a call of the session ends the session (decision 001);
 * and the loading timeout of SPEC §4, so that a lost answer never leaves the page loading.
 *
 * `createLoader` builds one machine per resource from its call (the `load` actor, which tests swap
 * with `provide`). Reads that are one step of a larger lifecycle (the company page, the dashboard,
 * the session's user, the order form's prefill) are states of their machines (decision 053).
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { timers } from '../domain/constants';
import type { SessionRef } from './session.machine';
import { typeOf } from './type-of';
import { publicCallError, unauthorizedGuard, userErrorFrom, type UserError } from './user-error';

export interface LoaderContext<T> {
  /** The customer's session, for a call of the session; none for a public call. */
  session: SessionRef | null;
  /** The resource, once loaded. */
  data: T | null;
  /** Why the last load failed, until the next one starts. */
  error: UserError | null;
}

export type LoaderEvent = { type: 'load.retry' };

/** A loader's input: the session whose call it makes; none (`{}`) for a public call. */
export interface LoaderInput {
  session?: SessionRef;
}

export interface LoaderOptions<T> {
  id: string;
  description: string;
  /** The call (tests swap the `load` actor with `provide`). */
  load: (signal: AbortSignal) => Promise<T>;
  /**
   * A call anyone may make (the catalogue): a 401 from it ends no session and reads as a plain
   * failure (`publicCallError`); a loader of the session's calls (the default) ends the session.
   */
  isPublic?: boolean;
}

export function createLoader<T>({ id, description, load, isPublic = false }: LoaderOptions<T>) {
  const errorOf = isPublic ? publicCallError : userErrorFrom;
  return setup({
    types: {
      context: typeOf<LoaderContext<T>>(),
      events: typeOf<LoaderEvent>(),
      input: typeOf<LoaderInput>(),
    },
    actors: {
      load: fromPromise<T>(({ signal }) => load(signal)),
    },
    actions: {
      keepError: assign({ error: ({ event }) => errorOf('error' in event ? event.error : undefined) }),
      /** A 401 of a call of the session: the session ends (decision 001). */
      sessionExpired: enqueueActions(({ context, enqueue }) => {
        if (context.session) enqueue.sendTo(context.session, { type: 'session.expired' });
      }),
    },
    guards: {
      isUnauthorized: unauthorizedGuard,
    },
    delays: { loadingTimeout: timers.loadingTimeout },
  }).createMachine({
    id,
    description,
    context: ({ input }) => ({ session: input.session ?? null, data: null, error: null }),
    initial: 'loading',
    states: {
      loading: {
        description: 'The call is under way; the page says that it loads.',
        tags: ['busy'],
        entry: assign({ error: null }),
        invoke: {
          src: 'load',
          onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
          onError: [
            ...(isPublic
              ? []
              : [
                  {
                    guard: 'isUnauthorized' as const,
                    target: 'failed' as const,
                    actions: ['keepError' as const, 'sessionExpired' as const],
                  },
                ]),
            { target: 'failed', actions: 'keepError' },
          ],
        },
        // SPEC §4: the loading flag resets after 120 seconds, so the page never waits for good.
        after: { loadingTimeout: { target: 'failed', actions: assign({ error: { key: 'timeout' } }) } },
      },
      loaded: {
        description: 'The resource is kept for as long as the actor lives.',
      },
      failed: {
        description: 'The reason is shown with a retry, never a blank page.',
        on: { 'load.retry': { target: 'loading' } },
      },
    },
  });
}

type LoaderSnapshot<T> = SnapshotFrom<ReturnType<typeof createLoader<T>>>;

/** Where a loader stands; `loading` while there is none yet. */
export function selectLoadStatus<T>(snapshot: LoaderSnapshot<T> | undefined): 'loading' | 'loaded' | 'failed' {
  if (snapshot?.matches('loaded')) return 'loaded';
  if (snapshot?.matches('failed')) return 'failed';
  return 'loading';
}
