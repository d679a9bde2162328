import { useId } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import {
  datastoreFilters,
  datastoreSorts,
  isNarrowed,
  rateFilters,
  type DatastoreFilter,
  type DatastoreSort,
  type ListQuery,
  type RateFilter,
} from '../../domain/datastore-list';
import type { ListEvent } from '../../machines/list-query.machine';
import { isOneOf } from '../../domain/one-of';

const messages = defineMessages({
  tools: { id: 'dashboard.list.tools', defaultMessage: 'Find datastores' },
  search: { id: 'dashboard.list.search', defaultMessage: 'Search' },
  searchHint: { id: 'dashboard.list.searchHint', defaultMessage: 'Name, custom name or host' },
  only: { id: 'dashboard.list.only', defaultMessage: 'Show only' },
  rate: { id: 'dashboard.list.rate', defaultMessage: 'Rate' },
  sort: { id: 'dashboard.list.sort', defaultMessage: 'Sort by' },
  clear: { id: 'dashboard.list.clear', defaultMessage: 'Show all datastores' },
});

const filterLabels: Record<DatastoreFilter, MessageDescriptor> = defineMessages({
  attention: { id: 'dashboard.list.filter.attention', defaultMessage: 'Needs attention' },
  full: { id: 'dashboard.list.filter.full', defaultMessage: 'Almost full' },
  deletion: { id: 'dashboard.list.filter.deletion', defaultMessage: 'Deletion scheduled' },
  unencrypted: { id: 'dashboard.list.filter.unencrypted', defaultMessage: 'Unencrypted backups' },
});

const rateLabels: Record<RateFilter, MessageDescriptor> = defineMessages({
  all: { id: 'dashboard.list.rate.all', defaultMessage: 'All rates' },
  dynamic: { id: 'dashboard.list.rate.dynamic', defaultMessage: 'Dynamic rate' },
  fixed: { id: 'dashboard.list.rate.fixed', defaultMessage: 'Fixed volume' },
});

const sortLabels: Record<DatastoreSort, MessageDescriptor> = defineMessages({
  api: { id: 'dashboard.list.sort.api', defaultMessage: 'Default order' },
  name: { id: 'dashboard.list.sort.name', defaultMessage: 'Name' },
  used: { id: 'dashboard.list.sort.used', defaultMessage: 'Used space, most first' },
  fill: { id: 'dashboard.list.sort.fill', defaultMessage: 'Fill level, highest first' },
});

/** The search, filters and order of a long datastore list (decision 024); every change is an event. */
export function ListToolbar({
  query,
  send,
  attentionOffered,
}: {
  query: ListQuery;
  send: (event: ListEvent) => void;
  /** The server tells the backup health (issue 45): "needs attention" is one of the filters. */
  attentionOffered: boolean;
}) {
  const intl = useIntl();
  const text = intl.formatMessage; // bound by react-intl (`this: void`)
  const id = useId();
  return (
    <section className="list-toolbar" aria-label={text(messages.tools)}>
      <div className="field list-search">
        <label htmlFor={`${id}-search`}>{text(messages.search)}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query.search}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => send({ type: 'list.search', search: event.target.value })}
        />
        <p id={`${id}-search-hint`} className="field-hint">
          {text(messages.searchHint)}
        </p>
      </div>
      <fieldset className="list-filters">
        <legend>{text(messages.only)}</legend>
        {datastoreFilters
          .filter((filter) => attentionOffered || filter !== 'attention')
          .map((filter) => (
            <label key={filter} className="checkbox">
              <input
                type="checkbox"
                checked={query.filters.includes(filter)}
                onChange={(event) => send({ type: 'list.filter', filter, on: event.target.checked })}
              />
              {text(filterLabels[filter])}
            </label>
          ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-rate`}>{text(messages.rate)}</label>
        <select
          id={`${id}-rate`}
          value={query.rate}
          onChange={(event) => {
            const rate = event.target.value;
            if (isOneOf(rateFilters, rate)) send({ type: 'list.rate', rate });
          }}
        >
          {rateFilters.map((rate) => (
            <option key={rate} value={rate}>
              {text(rateLabels[rate])}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-sort`}>{text(messages.sort)}</label>
        <select
          id={`${id}-sort`}
          value={query.sort}
          onChange={(event) => {
            const sort = event.target.value;
            if (isOneOf(datastoreSorts, sort)) send({ type: 'list.sort', sort });
          }}
        >
          {datastoreSorts.map((sort) => (
            <option key={sort} value={sort}>
              {text(sortLabels[sort])}
            </option>
          ))}
        </select>
      </div>
      {isNarrowed(query) && (
        <button type="button" className="button-secondary list-clear" onClick={() => send({ type: 'list.clear' })}>
          {text(messages.clear)}
        </button>
      )}
    </section>
  );
}
