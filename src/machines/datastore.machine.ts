/**
 * A datastore's page (issue 45, decision 061): the datastore as the dashboard lists it, its
 * backup health and its usage over a day, a week, a month or a year, read on v1.1 where the
 * server names `usage-history` or `backup-health`. A server that names neither has no such page:
 * the page says so and links back (the dashboard's cards do not link to it there).
 *
 * The usage of each range is read once, when it is first chosen, and kept while the page lives;
 * choosing a range while another is read reads the new one instead. The health and the usage
 * fail each on their own, each with its retry: one does not hide the other.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { DatastoreInsight } from '../api/server-version';
import type { DatastoreOverview } from '../api/v1-1/datastore-insight';
import type { UsageHistory } from '../domain/entities';
import type { UsageRange } from '../domain/usage-ranges';
import { timers } from '../domain/constants';
import { sessionExpired, type PortalRefs } from './portal-refs';
import { typeOf } from './type-of';
import { unauthorizedGuard, userErrorFrom, type UserError } from './user-error';

export interface DatastoreInput extends PortalRefs {
  /** The datastore's name on its server (`k10001_archive`), from the address. */
  name: string;
}

export interface DatastoreContext extends PortalRefs {
  name: string;
  insight: DatastoreInsight;
  overview: DatastoreOverview | null;
  /** When the overview was read (epoch seconds): the page's "now" for the health and the cost. */
  readAt: number;
  /** Why the page could not be read, until the next read. */
  error: UserError | null;
  /** The range chosen last: shown, or being read. */
  range: UsageRange;
  /** The range whose usage is shown: the chosen one, or the one before while the chosen one is read. */
  shown: UsageRange | null;
  /** The usage of each range read so far. */
  histories: Partial<Record<UsageRange, UsageHistory>>;
  /** Why the chosen range's usage could not be read, until the next read. */
  historyError: UserError | null;
}

export type DatastoreEvent =
  { type: 'load.retry' } | { type: 'range.choose'; range: UsageRange } | { type: 'history.retry' };

const failedRead = [
  { guard: 'isUnauthorized', target: 'failed', actions: ['keepHistoryError', 'sessionExpired'] },
  { target: 'failed', actions: 'keepHistoryError' },
] as const;

export const datastoreMachine = setup({
  types: {
    context: typeOf<DatastoreContext>(),
    input: typeOf<DatastoreInput>(),
    events: typeOf<DatastoreEvent>(),
  },
  actors: {
    /** What the server tells of the datastores (the probe every v1.1 call shares). */
    offered: fromPromise<DatastoreInsight>(async ({ signal }) =>
      (await import('../api/server-version')).insightOffered(signal),
    ),
    /** The datastore from the list (null when the account has none of that name) and its health. */
    load: fromPromise<DatastoreOverview | null, { name: string; health: boolean }>(async ({ input, signal }) =>
      (await import('../api/v1-1/datastore-insight')).loadDatastoreOverview(input.name, input.health, { signal }),
    ),
    loadHistory: fromPromise<UsageHistory, { name: string; range: UsageRange }>(async ({ input, signal }) =>
      (await import('../api/v1-1/datastore-insight')).getUsageHistory(input.name, input.range, { signal }),
    ),
  },
  actions: {
    sessionExpired: sessionExpired(),
    keepError: assign({ error: ({ event }) => userErrorFrom('error' in event ? event.error : undefined) }),
    keepTimeout: assign({ error: { key: 'timeout' } satisfies UserError }),
    keepHistoryError: assign({
      historyError: ({ event }) => userErrorFrom('error' in event ? event.error : undefined),
    }),
    keepHistoryTimeout: assign({ historyError: { key: 'timeout' } satisfies UserError }),
    keepRange: assign((_, range: UsageRange) => ({ range })),
    showRange: assign((_, range: UsageRange) => ({ range, shown: range })),
  },
  guards: {
    isOffered: (_, insight: DatastoreInsight) => insight.usageHistory || insight.backupHealth,
    isFound: (_, overview: DatastoreOverview | null) => overview !== null,
    offersHistory: ({ context }) => context.insight.usageHistory,
    isRead: ({ context }, range: UsageRange) => context.histories[range] !== undefined,
    isUnauthorized: unauthorizedGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'datastore',
  description:
    'Issue 45: a datastore, its backup health (GET /v1.1/datastores/{name}/health) and its usage over a range (GET /v1.1/datastores/{name}/usage), where the server offers them.',
  context: ({ input }) => ({
    session: input.session,
    app: input.app,
    name: input.name,
    insight: { usageHistory: false, backupHealth: false },
    overview: null,
    readAt: 0,
    error: null,
    range: 'month',
    shown: null,
    histories: {},
    historyError: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'Asks whether the server tells usage history or backup health at all.',
      tags: ['busy'],
      invoke: {
        src: 'offered',
        onDone: [
          {
            guard: { type: 'isOffered', params: ({ event }) => event.output },
            target: 'loading',
            actions: assign({ insight: ({ event }) => event.output }),
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
    },
    unavailable: {
      description: 'The server tells neither: the page says so and links back to the dashboard.',
      tags: ['unavailable'],
    },
    loading: {
      description: 'Reads the datastore from the list, and its health where the server tells it.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'load',
        input: ({ context }) => ({ name: context.name, health: context.insight.backupHealth }),
        onDone: [
          {
            guard: { type: 'isFound', params: ({ event }) => event.output },
            target: 'ready',
            actions: assign({ overview: ({ event }) => event.output, readAt: () => Math.floor(Date.now() / 1000) }),
          },
          { target: 'missing' },
        ],
        onError: [
          { guard: 'isUnauthorized', target: 'failed', actions: ['keepError', 'sessionExpired'] },
          { target: 'failed', actions: 'keepError' },
        ],
      },
      // SPEC §4: the loading flag resets after 120 seconds, so the page never waits for good.
      after: { loadingTimeout: { target: 'failed', actions: 'keepTimeout' } },
    },
    missing: {
      description: 'The account has no datastore of this name (cancelled and deleted, or mistyped).',
      tags: ['missing'],
    },
    failed: {
      description: 'The reason with a retry, never a blank page.',
      on: { 'load.retry': { target: 'loading' } },
    },
    ready: {
      description: 'The datastore and its health are shown; the usage of the chosen range beside them.',
      initial: 'choosing',
      states: {
        choosing: {
          always: [{ guard: 'offersHistory', target: 'reading' }, { target: 'none' }],
        },
        none: {
          description: 'The server tells no usage history: the page shows the health alone.',
        },
        reading: {
          description: "Reads the chosen range's usage; the range last shown stays until the answer.",
          tags: ['readingHistory'],
          entry: assign({ historyError: null }),
          invoke: {
            src: 'loadHistory',
            input: ({ context }) => ({ name: context.name, range: context.range }),
            onDone: {
              target: 'shown',
              actions: assign({
                histories: ({ context, event }) => ({ ...context.histories, [context.range]: event.output }),
                shown: ({ context }) => context.range,
              }),
            },
            onError: failedRead,
          },
          after: { loadingTimeout: { target: 'failed', actions: 'keepHistoryTimeout' } },
          on: {
            'range.choose': {
              target: 'reading',
              reenter: true,
              actions: { type: 'keepRange', params: ({ event }) => event.range },
            },
          },
        },
        shown: {
          description: 'The chosen range is shown as a chart and a table.',
          on: {
            'range.choose': [
              {
                guard: { type: 'isRead', params: ({ event }) => event.range },
                actions: { type: 'showRange', params: ({ event }) => event.range },
              },
              { target: 'reading', actions: { type: 'keepRange', params: ({ event }) => event.range } },
            ],
          },
        },
        failed: {
          description: "The usage's reason with its own retry; the health stays shown.",
          on: {
            'history.retry': { target: 'reading' },
            'range.choose': { target: 'reading', actions: { type: 'keepRange', params: ({ event }) => event.range } },
          },
        },
      },
    },
  },
});

export type DatastoreActor = ActorRefFrom<typeof datastoreMachine>;
