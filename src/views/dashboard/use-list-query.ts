import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { usePortalActor } from '../../lib/use-portal-actor';
import { readListQuery, writeListQuery, type ListQuery } from '../../domain/datastore-list';
import { listQueryMachine, selectListQuery, type ListEvent } from '../../machines/list-query.machine';

/**
 * The long list's search, filters and order (decision 024), which live in the address: read when
 * the list opens and whenever the address changes, written by the list's query machine once typing
 * pauses (replacing the history entry).
 */
export function useListQuery(): [ListQuery, (event: ListEvent) => void] {
  const search = useSearch();
  const [location, setLocation] = useLocation();
  const address = useRef({ search, location });
  address.current = { search, location };
  const [query] = useState(() => readListQuery(search));
  const actor = usePortalActor(listQueryMachine, {
    input: { query },
    actions: {
      writeQuery: (_: unknown, { query: next }: { query: ListQuery }) =>
        setLocation(`${address.current.location}${writeListQuery(next, address.current.search)}`, { replace: true }),
    },
  });
  useEffect(() => actor.send({ type: 'list.read', query: readListQuery(search) }), [actor, search]);
  const send = useCallback((event: ListEvent) => actor.send(event), [actor]);
  return [useSelector(actor, selectListQuery), send];
}
