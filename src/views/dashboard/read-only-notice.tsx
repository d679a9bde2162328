import { FormattedMessage } from 'react-intl';
import { useDayFormat } from '../shared/use-day-format';

/**
 * Above the datastores after a contract cancellation: what SPEC §4 and §9 say follows from it,
 * once for the whole list (each card also carries a read-only badge), with the contract's end
 * date when the portal knows it (decision 029).
 */
export function ReadOnlyNotice({ endDate }: { endDate: string | null }) {
  const formatDay = useDayFormat();
  return (
    <div className="notice notice-warn" role="status">
      <p>
        {endDate ? (
          <FormattedMessage
            id="dashboard.readOnly.cancelledEnds"
            defaultMessage="Your contract is cancelled and ends on {date}."
            values={{ date: formatDay(endDate) }}
          />
        ) : (
          <FormattedMessage id="dashboard.readOnly.cancelled" defaultMessage="Your contract is cancelled." />
        )}{' '}
        <FormattedMessage
          id="dashboard.readOnly.consequences"
          defaultMessage="Your datastores are read-only: you can still restore your backups, but no new ones can be stored. Your account is deleted 30 days after the cancellation, with all datastores and backups."
        />
      </p>
    </div>
  );
}
