import { FormattedMessage } from 'react-intl';
import type { Licence } from '../../domain/entities';
import { isSoldPerCpu } from '../../domain/licence-features';
import { formatEur } from '../../domain/prices';

/**
 * SPEC §2: the price for 1 CPU, in German EUR formatting (SPEC §9), per year plus VAT. PBS and
 * MG are sold per server (docs/decisions/002 and 009), and say so.
 */
export function LicencePrice({ licence }: { licence: Licence }) {
  const price = <strong>{formatEur(licence.price_1_cpu)}</strong>;
  return (
    <p className="licence-price">
      {isSoldPerCpu(licence.product_type) ? (
        <FormattedMessage
          id="shop.price.perCpu"
          defaultMessage="{price} per CPU socket per year, plus VAT"
          values={{ price }}
        />
      ) : (
        <FormattedMessage
          id="shop.price.perServer"
          defaultMessage="{price} per server per year, plus VAT"
          values={{ price }}
        />
      )}
    </p>
  );
}
