/**
 * A reseller's datastore list: its search, filters and order (decision 024), which the address's
 * query string keeps. Started by the long list itself (src/views/dashboard/use-list-query.ts), the
 * only place that shows or uses them; the dashboard machine knows nothing of them.
 *
 * The query changes at once with each event, and the provided `writeQuery` puts it into the
 * address once typing pauses (browsers refuse too many history changes in a row); an address
 * changed from outside (a link, back) is read with `list.read` and not written back.
 */
import { assign, setup } from 'xstate';
import {
  datastoreFilters,
  emptyQuery,
  sameQuery,
  type DatastoreFilter,
  type DatastoreSort,
  type ListQuery,
  type RateFilter,
} from '../domain/datastore-list';
import { typeOf } from './type-of';

export type ListEvent =
  | { type: 'list.search'; search: string }
  | { type: 'list.filter'; filter: DatastoreFilter; on: boolean }
  | { type: 'list.rate'; rate: RateFilter }
  | { type: 'list.sort'; sort: DatastoreSort }
  /** A figure of the summary line: only the datastores it counts. */
  | { type: 'list.only'; filter: DatastoreFilter }
  /** Every datastore again, in the order chosen. */
  | { type: 'list.clear' }
  /** The address's query string changed from outside (a link, the back button). */
  | { type: 'list.read'; query: ListQuery };

export interface ListQueryContext {
  /** What the list shows: search, filters and order. */
  query: ListQuery;
}

export interface ListQueryInput {
  /** The query as the address gave it when the list opened. */
  query?: ListQuery;
}

/** The query after a list event; the same object when nothing changes. */
function nextQuery(query: ListQuery, event: ListEvent): ListQuery {
  let next: ListQuery;
  switch (event.type) {
    case 'list.search':
      next = { ...query, search: event.search };
      break;
    case 'list.filter': {
      // The one order of the filters, whatever order they were chosen in.
      const filters = datastoreFilters.filter((filter) =>
        filter === event.filter ? event.on : query.filters.includes(filter),
      );
      next = { ...query, filters };
      break;
    }
    case 'list.rate':
      next = { ...query, rate: event.rate };
      break;
    case 'list.sort':
      next = { ...query, sort: event.sort };
      break;
    case 'list.only':
      next = { ...emptyQuery, sort: query.sort, filters: [event.filter] };
      break;
    case 'list.clear':
      next = { ...emptyQuery, sort: query.sort };
      break;
    case 'list.read':
      next = event.query;
      break;
  }
  return sameQuery(next, query) ? query : next;
}

export const listQueryMachine = setup({
  types: {
    context: typeOf<ListQueryContext>(),
    events: typeOf<ListEvent>(),
    input: typeOf<ListQueryInput>(),
  },
  actions: {
    /** Puts the list's query into the address, replacing the current entry (provided by the view). */
    writeQuery: (_, _params: { query: ListQuery }) => {},
    changeQuery: assign({ query: ({ context, event }) => nextQuery(context.query, event) }),
  },
  guards: {
    changesQuery: ({ context, event }) => nextQuery(context.query, event) !== context.query,
  },
  delays: {
    /** Typing in the search writes the address once it pauses, not at every key. */
    queryWrite: 300,
  },
}).createMachine({
  id: 'listQuery',
  description: 'The list query in the address (decision 024): written once typing pauses.',
  context: ({ input }) => ({ query: input.query ?? emptyQuery }),
  initial: 'written',
  on: {
    'list.read': { guard: 'changesQuery', target: '.written', actions: 'changeQuery' },
    'list.*': { guard: 'changesQuery', target: '.pending', actions: 'changeQuery' },
  },
  states: {
    written: { description: 'The address shows the query.' },
    pending: {
      description: 'The query changed; the address follows after a pause.',
      on: {
        // The address still shows an earlier query, written before the last change: not news
        // (and not a change of the query, which the machine's own `list.*` would make of it).
        'list.read': {},
        // Another change starts the pause again.
        'list.*': { guard: 'changesQuery', target: 'pending', reenter: true, actions: 'changeQuery' },
      },
      after: {
        queryWrite: {
          target: 'written',
          actions: { type: 'writeQuery', params: ({ context }) => ({ query: context.query }) },
        },
      },
    },
  },
});

/** The list's query. */
export function selectListQuery(snapshot: { context: ListQueryContext }): ListQuery {
  return snapshot.context.query;
}
