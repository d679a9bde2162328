import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { Catalogue } from '../../domain/entities';
import { useAppActor } from '../../lib/app-actor';
import { catalogueMachine } from '../../machines/catalogue.machine';
import { selectLoadStatus } from '../../machines/loader.machine';
import type { UserError } from '../../machines/user-error';

export interface CatalogueView {
  status: 'loading' | 'loaded' | 'failed';
  catalogue: Catalogue | null;
  error: UserError | null;
  retry: () => void;
}

/**
 * The visit's catalogue (SPEC §7: fetched once), kept by the app's actor and shared by /shop and
 * /ishop, which are different routes and so different component trees (docs/decisions/009). The
 * first shop page asks the app for it; until it is there, and while the page is prerendered at
 * build time (src/prerender.tsx, which fetches nothing), it is loading.
 */
export function useCatalogue(): CatalogueView {
  const app = useAppActor();
  useEffect(() => {
    app.send({ type: 'catalogue.open', logic: catalogueMachine });
  }, [app]);
  const ref = useSelector(app, (snapshot) => snapshot.context.catalogue) ?? undefined;
  const status = useSelector(ref, selectLoadStatus);
  const catalogue = useSelector(ref, (snapshot) => snapshot?.context.data ?? null);
  const error = useSelector(ref, (snapshot) => snapshot?.context.error ?? null);
  return { status, catalogue, error, retry: () => ref?.send({ type: 'load.retry' }) };
}
