/**
 * The connection data of the tutorial (SPEC §2 "Tutorial and encryption"): the customer's
 * datastores from GET /status, so that the steps show the real host, port, user and datastore
 * instead of placeholders. The tutorial is useful without them: a failure keeps the reason with
 * a retry and the steps fall back to placeholders (docs/decisions/011). Which datastore the steps
 * show is the page's choice, kept by its view.
 */
import { getStatus } from '../api/datastores';
import type { Datastore } from '../domain/entities';
import { createLoader } from './loader.machine';

export const tutorialMachine = createLoader<Datastore[]>({
  id: 'tutorial',
  description: "SPEC §2 tutorial with the customer's real connection data from GET /status.",
  load: (signal) => getStatus({ signal }),
});
