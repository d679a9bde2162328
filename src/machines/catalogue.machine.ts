/**
 * The licence catalogue (SPEC §7: GET /licences, "fetched once"). The shop starts one actor of
 * this machine per visit and shares it between /shop and /ishop (docs/decisions/009); a failed
 * load keeps the reason and waits for the customer's retry.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Catalogue } from '../domain/entities';
import { timers } from '../domain/constants';
import { publicCallError, type UserError } from './user-error';
import { typeOf } from './type-of';

export interface CatalogueContext {
  catalogue: Catalogue | null;
  error: UserError | null;
}

export type CatalogueEvent = { type: 'catalogue.retry' };

export const catalogueMachine = setup({
  types: {
    context: typeOf<CatalogueContext>(),
    events: typeOf<CatalogueEvent>(),
  },
  actors: {
    // The API module (and its structs) loads with the first call: the app's actor holds this
    // machine on every page, but only the shop asks for the catalogue.
    loadCatalogue: fromPromise<Catalogue>(async ({ signal }) =>
      (await import('../api/licences')).getCatalogue({ signal }),
    ),
  },
  guards: {},
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'catalogue',
  description: 'SPEC §7 GET /licences, fetched once per visit and shared by both shop routes.',
  context: { catalogue: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /licences is under way.',
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'loadCatalogue',
        onDone: { target: 'loaded', actions: assign({ catalogue: ({ event }) => event.output }) },
        onError: [{ target: 'failed', actions: assign({ error: ({ event }) => publicCallError(event.error) }) }],
      },
      // SPEC §4: the loading flag resets after 120 seconds, so the shop never waits for good.
      after: { loadingTimeout: { target: 'failed', actions: assign({ error: { key: 'timeout' } }) } },
    },
    loaded: {
      description: 'The catalogue is kept for the rest of the visit.',
    },
    failed: {
      description: 'The reason is shown with a retry.',
      on: { 'catalogue.retry': { target: 'loading' } },
    },
  },
});

export type CatalogueSnapshot = SnapshotFrom<typeof catalogueMachine>;

/** Where the visit's catalogue stands; `loading` until a shop page has opened it. */
export function selectCatalogueStatus(snapshot: CatalogueSnapshot | undefined): 'loading' | 'loaded' | 'failed' {
  if (snapshot?.matches('loaded')) return 'loaded';
  if (snapshot?.matches('failed')) return 'failed';
  return 'loading';
}
