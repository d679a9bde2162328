import { FormattedMessage, useIntl } from 'react-intl';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import { business } from '../../config';
import { isDynamic } from '../../domain/datastore';
import { spaceUse } from '../../domain/space';

/**
 * SPEC §2 space: the dynamic rate when volume is 0, else the volume in TB; the used space; and
 * for a fixed volume a bar that turns warning colour above 80 percent. The percentage and the
 * word "almost full" say the same as the colour (WCAG 1.4.1).
 */
export function DatastoreSpace({ datastore }: { datastore: DatastoreEntry }) {
  const intl = useIntl();
  const use = spaceUse(datastore);
  const percent = use.percent === null ? null : intl.formatNumber(use.percent / 100, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className="space">
      <dl className="space-facts">
        <div>
          <dt><FormattedMessage id="dashboard.space.rate" defaultMessage="Rate" /></dt>
          <dd>
            {isDynamic(datastore)
              ? <FormattedMessage id="dashboard.space.dynamic" defaultMessage="Dynamic rate" />
              : <FormattedMessage id="dashboard.space.volume" defaultMessage="{volume} TB" values={{ volume: datastore.volume }} />}
          </dd>
        </div>
        <div>
          <dt><FormattedMessage id="dashboard.space.used" defaultMessage="Used" /></dt>
          <dd>
            {percent === null
              ? datastore.space_used_text
              : <FormattedMessage id="dashboard.space.usedOf" defaultMessage="{used} of {total} ({percent})" values={{ used: datastore.space_used_text, total: datastore.space_total_text, percent }} />}
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
          <FormattedMessage id="dashboard.space.warning" defaultMessage="Almost full: more than {limit} % of the volume is used." values={{ limit: business.spaceWarningPercent }} />
        </p>
      )}
    </div>
  );
}
