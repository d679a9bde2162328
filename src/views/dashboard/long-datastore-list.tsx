import { useDeferredValue, useMemo, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { attentionReasons } from '../../domain/backup-attention';
import { indexDatastores, queryDatastores, summarise } from '../../domain/datastore-list';
import type { BackupHealthBrief } from '../../domain/entities';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import { ListSummaryLine } from './list-summary';
import { ListToolbar } from './list-toolbar';
import { useListQuery } from './use-list-query';
import { VirtualDatastoreList } from './virtual-datastore-list';

const messages = defineMessages({
  list: { id: 'dashboard.list.label', defaultMessage: 'Datastores' },
  noMatch: { id: 'dashboard.list.noMatch', defaultMessage: 'No datastore matches your search and filters.' },
  clear: { id: 'dashboard.list.noMatchClear', defaultMessage: 'Show all datastores' },
});

interface LongDatastoreListProps {
  datastores: readonly DatastoreEntry[];
  /** Every datastore's backup health in brief where the server tells it (issue 45), or null. */
  health: ReadonlyMap<string, BackupHealthBrief> | null;
  healthReadAt: number;
  renderCard: (datastore: DatastoreEntry, position: { index: number; count: number }) => ReactNode;
}

/**
 * A reseller's list (decision 024): the summary line, the search, filters and order (kept in the
 * address, `useListQuery`), and only the cards near the window in the page. The facts of each
 * datastore are worked out once per status answer; a keystroke filters them again.
 */
export function LongDatastoreList({ datastores, health, healthReadAt, renderCard }: LongDatastoreListProps) {
  const intl = useIntl();
  const [query, send] = useListQuery();
  const index = useMemo(
    () =>
      indexDatastores(
        datastores,
        health
          ? (entry, spaceWarning) =>
              attentionReasons(health.get(entry.datastore) ?? null, spaceWarning, healthReadAt).length > 0
          : undefined,
      ),
    [datastores, health, healthReadAt],
  );
  const summary = useMemo(() => summarise(index), [index]);
  // The search field shows each key at once; the list follows in a render React may interrupt for
  // the next key, so that typing into 10,000 datastores stays instant on a slow phone (issue 33).
  const listed = useDeferredValue(query);
  const shown = useMemo(() => queryDatastores(index, listed), [index, listed]);
  const count = shown.length;
  return (
    <>
      <ListSummaryLine summary={summary} shown={count} query={listed} send={send} />
      <ListToolbar query={query} send={send} attentionOffered={health !== null} />
      {count === 0 ? (
        <div className="notice notice-info">
          <p>{intl.formatMessage(messages.noMatch)}</p>
          <button type="button" className="button-secondary" onClick={() => send({ type: 'list.clear' })}>
            {intl.formatMessage(messages.clear)}
          </button>
        </div>
      ) : (
        <VirtualDatastoreList
          datastores={shown}
          label={intl.formatMessage(messages.list)}
          renderCard={(datastore, position) => renderCard(datastore, { index: position, count })}
        />
      )}
    </>
  );
}
