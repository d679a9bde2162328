import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { type UsageHistory } from '../../domain/entities';
import { usageRanges, type UsageRange } from '../../domain/usage-ranges';
import type { UserError } from '../../machines/user-error';
import { LoadFailed } from '../shared/load-failed';
import { bytesText, momentText } from './format';
import { UsageChart } from './usage-chart';

const messages = defineMessages({
  heading: { id: 'datastore.usage.heading', defaultMessage: 'Space over time' },
  ranges: { id: 'datastore.usage.ranges', defaultMessage: 'Time range' },
  day: { id: 'datastore.usage.day', defaultMessage: 'Day' },
  week: { id: 'datastore.usage.week', defaultMessage: 'Week' },
  month: { id: 'datastore.usage.month', defaultMessage: 'Month' },
  year: { id: 'datastore.usage.year', defaultMessage: 'Year' },
  reading: { id: 'datastore.usage.reading', defaultMessage: 'Loading the usage…' },
  table: { id: 'datastore.usage.table', defaultMessage: 'The values as a table' },
  time: { id: 'datastore.usage.time', defaultMessage: 'Time' },
  used: { id: 'datastore.usage.used', defaultMessage: 'Used' },
  volume: { id: 'datastore.usage.volume', defaultMessage: 'Volume' },
  notMeasured: { id: 'datastore.usage.notMeasured', defaultMessage: 'not measured' },
  noHistory: { id: 'datastore.usage.noHistory', defaultMessage: 'No usage was measured in this time yet.' },
});

const withValues = defineMessages<'chart'>({
  chart: {
    id: 'datastore.usage.chart',
    defaultMessage:
      'Chart of the space used over the {range}: from {first} to {last}{volume, select, none {} other {, of {volume}}}. The table below gives every value.',
  },
});

const rangeNouns = defineMessages({
  day: { id: 'datastore.usage.rangeNoun.day', defaultMessage: 'last day' },
  week: { id: 'datastore.usage.rangeNoun.week', defaultMessage: 'last week' },
  month: { id: 'datastore.usage.rangeNoun.month', defaultMessage: 'last month' },
  year: { id: 'datastore.usage.rangeNoun.year', defaultMessage: 'last year' },
});

function UsageTable({ history }: { history: UsageHistory }) {
  const intl = useIntl();
  const hasVolume = history.total_bytes.some((value) => value !== null);
  const value = (bytes: number | null) =>
    bytes === null ? intl.formatMessage(messages.notMeasured) : bytesText(bytes, intl);
  return (
    <details className="usage-values">
      <summary>
        <FormattedMessage {...messages.table} />
      </summary>
      <div className="table-scroll" role="region" aria-label={intl.formatMessage(messages.table)} tabIndex={0}>
        <table className="datastore-table">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage {...messages.time} />
              </th>
              <th scope="col">
                <FormattedMessage {...messages.used} />
              </th>
              {hasVolume && (
                <th scope="col">
                  <FormattedMessage {...messages.volume} />
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {history.used_bytes.map((used, index) => {
              const time = history.start + index * history.step;
              return (
                <tr key={time}>
                  <th scope="row">{momentText(time, intl)}</th>
                  <td>{value(used)}</td>
                  {hasVolume && <td>{value(history.total_bytes[index] ?? null)}</td>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export interface UsageSectionProps {
  /** The range chosen last. */
  range: UsageRange;
  /** The usage shown: the chosen range's, or the range's before while the chosen one is read. */
  shown: { range: UsageRange; history: UsageHistory } | null;
  reading: boolean;
  error: UserError | null;
  onChoose: (range: UsageRange) => void;
  onRetry: () => void;
}

/** The space over a chosen range (issue 45): the range's buttons, the chart, and its values as a table. */
export function UsageSection({ range, shown, reading, error, onChoose, onRetry }: UsageSectionProps) {
  const intl = useIntl();
  const history = shown?.history ?? null;
  const known = history?.used_bytes.filter((value): value is number => value !== null) ?? [];
  const volume = history?.total_bytes.findLast((value) => value !== null) ?? null;
  return (
    <section className="card datastore-usage" aria-labelledby="datastore-usage-heading">
      <h2 id="datastore-usage-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      <div className="range-buttons" role="group" aria-label={intl.formatMessage(messages.ranges)}>
        {usageRanges.map((choice) => (
          <button
            key={choice}
            type="button"
            className="button-secondary"
            aria-pressed={choice === range}
            onClick={() => onChoose(choice)}
          >
            <FormattedMessage {...messages[choice]} />
          </button>
        ))}
      </div>
      <p role="status" className="usage-status">
        {reading && <FormattedMessage {...messages.reading} />}
      </p>
      {error && <LoadFailed error={error} onRetry={onRetry} />}
      {history && known.length === 0 && (
        <p>
          <FormattedMessage {...messages.noHistory} />
        </p>
      )}
      {history && known.length > 0 && (
        <>
          <UsageChart
            history={history}
            range={shown?.range ?? range}
            label={intl.formatMessage(withValues.chart, {
              range: intl.formatMessage(rangeNouns[shown?.range ?? range]),
              first: bytesText(known[0] ?? 0, intl),
              last: bytesText(known.at(-1) ?? 0, intl),
              volume: volume === null ? 'none' : bytesText(volume, intl),
            })}
          />
          <UsageTable history={history} />
        </>
      )}
    </section>
  );
}
