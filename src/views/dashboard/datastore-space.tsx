import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import { business } from '../../domain/constants';
import { datastoreRate } from '../../domain/datastore';
import { spaceUse } from '../../domain/space';
import { UnknownValue } from '../shared/unknown-value';
import { spaceText } from './space-text';

const messages = defineMessages({
  rate: { id: 'dashboard.space.rate', defaultMessage: 'Rate' },
  dynamic: { id: 'dashboard.space.dynamic', defaultMessage: 'Dynamic rate' },
  used: { id: 'dashboard.space.used', defaultMessage: 'Used' },
});
const volumeText = defineMessage<{ volume: number }>({
  id: 'dashboard.space.volume',
  defaultMessage: '{volume}\u00a0TB',
});
const usedOf = defineMessage<{ used: string; total: string; percent: string }>({
  id: 'dashboard.space.usedOf',
  defaultMessage: '{used} of {total} ({percent})',
});
const warning = defineMessage<{ limit: number }>({
  id: 'dashboard.space.warning',
  defaultMessage: 'Almost full: more than {limit}% of the volume is used.',
});

/**
 * SPEC §2 space: the dynamic rate when volume is 0, else the volume in TB; the used space; and
 * for a fixed volume a bar that turns warning colour above 80 percent. A rate or a used space
 * that the answer did not give is a dash; without the used space there is no bar. The percentage and the
 * word "almost full" say the same as the colour (WCAG 1.4.1).
 */
export function DatastoreSpace({ datastore }: { datastore: DatastoreEntry }) {
  const intl = useIntl();
  const text = intl.formatMessage; // bound by react-intl (`this: void`)
  const use = spaceUse(datastore);
  const rate = datastoreRate(datastore);
  const used = datastore.space_used_text ? spaceText(datastore.space_used_text, intl) : null;
  const total = datastore.space_total_text ? spaceText(datastore.space_total_text, intl) : null;
  const percent =
    use.percent === null ? null : intl.formatNumber(use.percent / 100, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className="space">
      <dl className="space-facts">
        <div>
          <dt>{text(messages.rate)}</dt>
          <dd>
            {rate === null ? (
              <UnknownValue />
            ) : rate.kind === 'dynamic' ? (
              text(messages.dynamic)
            ) : (
              text(volumeText, { volume: rate.volumeTb })
            )}
          </dd>
        </div>
        <div>
          <dt>{text(messages.used)}</dt>
          <dd>
            {!used ? <UnknownValue /> : percent === null || !total ? used : text(usedOf, { used, total, percent })}
          </dd>
        </div>
      </dl>
      {use.percent !== null && (
        <div className={use.warning ? 'space-bar space-bar-warn' : 'space-bar'} aria-hidden="true">
          <div className="space-fill" style={{ width: `${Math.min(100, Math.max(0, use.percent))}%` }} />
        </div>
      )}
      {use.warning && (
        <p className="space-warning">
          <span aria-hidden="true">⚠ </span>
          {text(warning, { limit: business.spaceWarningPercent })}
        </p>
      )}
    </div>
  );
}
