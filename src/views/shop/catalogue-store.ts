import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import type { Catalogue, Licence } from '../../domain/entities';
import { business, type LicenceType } from '../../domain/constants';
import { catalogueMachine } from '../../machines/catalogue.machine';
import type { UserError } from '../../machines/user-error';
import { portalActorOptions } from '../../app/use-portal-actor';

type CatalogueActor = ActorRefFrom<typeof catalogueMachine>;

/**
 * SPEC §7: the catalogue is fetched once. One actor per visit (page load), started when a shop
 * page first needs it and shared by /shop and /ishop, which are different routes and so different
 * component trees (docs/decisions/009).
 */
let actor: CatalogueActor | null = null;

function catalogueActor(): CatalogueActor {
  // Prerendering at build time (src/prerender.tsx) shows the loading state and fetches nothing.
  if (import.meta.env.SSR) return createActor(catalogueMachine, portalActorOptions());
  actor ??= createActor(catalogueMachine, portalActorOptions()).start();
  return actor;
}

/** Ends the visit's catalogue, as a reload would (tests start each one afresh). */
export function forgetCatalogue(): void {
  actor?.stop();
  actor = null;
}

export interface CatalogueView {
  status: 'loading' | 'loaded' | 'failed';
  catalogue: Catalogue | null;
  error: UserError | null;
  retry: () => void;
}

export function useCatalogue(): CatalogueView {
  const ref = catalogueActor();
  const status = useSelector(ref, (snapshot) => {
    if (snapshot.matches('loaded')) return 'loaded' as const;
    if (snapshot.matches('failed')) return 'failed' as const;
    return 'loading' as const;
  });
  const catalogue = useSelector(ref, (snapshot) => snapshot.context.catalogue);
  const error = useSelector(ref, (snapshot) => snapshot.context.error);
  return { status, catalogue, error, retry: () => ref.send({ type: 'catalogue.retry' }) };
}

/**
 * The licences of a product line. An answer may lack a line (or send it as null): the client
 * reads it as a line with no licences (src/api/structs.ts), which then simply offers nothing.
 */
export function licencesOf(catalogue: Catalogue, type: LicenceType): Licence[] {
  return catalogue[type];
}

export function findLicence(catalogue: Catalogue, id: number): Licence | undefined {
  return business.licenceTypes.flatMap((type) => licencesOf(catalogue, type)).find((licence) => licence.id === id);
}
