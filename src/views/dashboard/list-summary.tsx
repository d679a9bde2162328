import { defineMessage, defineMessages, useIntl } from 'react-intl';
import {
  datastoreFilters,
  isNarrowed,
  spaceAmount,
  type ListQuery,
  type ListSummary,
} from '../../domain/datastore-list';
import type { ListEvent } from '../../machines/list-query.machine';

const countText = defineMessage<{ count: number }>({
  id: 'dashboard.summary.count',
  defaultMessage: '{count, plural, one {# datastore} other {# datastores}}',
});
const usedText = defineMessage<{ amount: string; unit: string }>({
  id: 'dashboard.summary.used',
  defaultMessage: '{amount}\u00a0{unit} used',
});
const figureTexts = {
  attention: defineMessage<{ count: number }>({
    id: 'dashboard.summary.marked',
    defaultMessage: '{count, number} marked “Needs attention”',
  }),
  full: defineMessage<{ count: number }>({
    id: 'dashboard.summary.full',
    defaultMessage: '{count, number} almost full',
  }),
  unencrypted: defineMessage<{ count: number }>({
    id: 'dashboard.summary.unencrypted',
    defaultMessage: '{count, number} with unencrypted backups',
  }),
  deletion: defineMessage<{ count: number }>({
    id: 'dashboard.summary.deletion',
    defaultMessage: '{count, number} with scheduled deletion',
  }),
};
const shownText = defineMessage<{ shown: number; count: number }>({
  id: 'dashboard.summary.shown',
  defaultMessage: 'Showing {shown, number} of {count, plural, one {# datastore} other {# datastores}}.',
});
const messages = defineMessages({
  title: { id: 'dashboard.summary.title', defaultMessage: 'Summary' },
  attention: { id: 'dashboard.summary.attention', defaultMessage: 'Need attention:' },
  none: { id: 'dashboard.summary.none', defaultMessage: 'Nothing needs attention.' },
  showAll: { id: 'dashboard.summary.showAll', defaultMessage: 'Show all datastores' },
  sortUsed: { id: 'dashboard.summary.sortUsed', defaultMessage: 'Sort by used space' },
});

interface ListSummaryProps {
  summary: ListSummary;
  shown: number;
  query: ListQuery;
  send: (event: ListEvent) => void;
}

/**
 * The summary line above a long list (decision 024): how many datastores, the space they use and
 * how many need attention. Each figure is a button that narrows the list to what it counts; the
 * count shows all again. A polite live line says how many the list shows after each change.
 */
export function ListSummaryLine({ summary, shown, query, send }: ListSummaryProps) {
  const intl = useIntl();
  const text = intl.formatMessage; // bound by react-intl (`this: void`)
  const used = spaceAmount(summary.usedBytes);
  const amount = intl.formatNumber(used.amount, { maximumFractionDigits: used.unit === 'B' ? 0 : 2 });
  const alone =
    query.filters.length === 1 && query.search.trim() === '' && query.rate === 'all' ? query.filters[0] : null;
  const figures = datastoreFilters.filter((filter) => summary[filter] > 0);
  return (
    <section className="list-summary" aria-label={text(messages.title)}>
      <p className="list-summary-figures">
        <button
          type="button"
          className="link-button"
          aria-pressed={!isNarrowed(query)}
          title={text(messages.showAll)}
          onClick={() => send({ type: 'list.clear' })}
        >
          {text(countText, { count: summary.count })}
        </button>
        <span aria-hidden="true"> · </span>
        <button
          type="button"
          className="link-button"
          aria-pressed={query.sort === 'used'}
          title={text(messages.sortUsed)}
          onClick={() => send({ type: 'list.sort', sort: 'used' })}
        >
          {text(usedText, { amount, unit: used.unit })}
        </button>
        <span aria-hidden="true"> · </span>
        {figures.length === 0 ? (
          <span>{text(messages.none)}</span>
        ) : (
          <>
            <span>{text(messages.attention)}</span>{' '}
            {figures.map((filter, index) => (
              <span key={filter}>
                {index > 0 && ', '}
                <button
                  type="button"
                  className="link-button list-summary-attention"
                  aria-pressed={alone === filter}
                  onClick={() => send(alone === filter ? { type: 'list.clear' } : { type: 'list.only', filter })}
                >
                  {text(figureTexts[filter], { count: summary[filter] })}
                </button>
              </span>
            ))}
          </>
        )}
      </p>
      <p className="list-summary-shown" role="status">
        {isNarrowed(query) ? text(shownText, { shown, count: summary.count }) : ''}
      </p>
    </section>
  );
}
