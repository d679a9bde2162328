import { FormattedMessage } from 'react-intl';
import { useDayFormat } from '../shared/use-day-format';

/**
 * The purchase card after a contract cancellation (SPEC §4: the datastores become read-only): it
 * says why nothing can be bought, with the contract's end date when the portal knows it
 * (decision 029), instead of offering Buy.
 */
export function PurchaseClosed({ endDate }: { endDate: string | null }) {
  const formatDay = useDayFormat();
  return (
    <section className="card purchase-card" aria-labelledby="purchase-title">
      <h2 id="purchase-title">
        <FormattedMessage id="dashboard.purchaseClosed.title" defaultMessage="Buy backup storage" />
      </h2>
      <p className="notice notice-info">
        {endDate ? (
          <FormattedMessage
            id="dashboard.purchaseClosed.textEnds"
            defaultMessage="Your contract is cancelled and ends on {date}, so no new datastores can be bought."
            values={{ date: formatDay(endDate) }}
          />
        ) : (
          <FormattedMessage
            id="dashboard.purchaseClosed.text"
            defaultMessage="Your contract is cancelled, so no new datastores can be bought."
          />
        )}
      </p>
    </section>
  );
}
