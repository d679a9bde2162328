/**
 * The licence catalogue (SPEC §7: GET /licences, "fetched once"). The shop starts one actor of
 * this machine per visit and shares it between /shop and /ishop (docs/decisions/009); a failed
 * load keeps the reason and waits for the customer's retry. A public call: a visitor has no
 * session to end.
 */
import type { Catalogue } from '../domain/entities';
import { createLoader } from './loader.machine';

export const catalogueMachine = createLoader<Catalogue>({
  id: 'catalogue',
  description: 'SPEC §7 GET /licences, fetched once per visit and shared by both shop routes.',
  // The API module (and its structs) loads with the first call: the app's actor holds this
  // machine on every page, but only the shop asks for the catalogue.
  load: async (signal) => (await import('../api/licences')).getCatalogue({ signal }),
  isPublic: true,
});
