import { memo, useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { Licence } from '../../domain/entities';
import { LicenceFeatureList } from './licence-feature-list';
import { LicencePrice } from './licence-price';

/** SPEC §2: name, price for 1 CPU, features, the recommendation line and a buy button. */
export const LicenceCard = memo(function LicenceCard({ licence, buyPath }: { licence: Licence; buyPath: string }) {
  const headingId = useId();
  return (
    <article
      className={`card licence-card${licence.highlight ? ' licence-card-highlight' : ''}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>{licence.name}</h3>
      {licence.highlight && (
        <p className="licence-recommendation">
          <span aria-hidden="true">★ </span>
          <FormattedMessage id="shop.card.recommendation" defaultMessage="Our recommendation for production systems" />
        </p>
      )}
      <LicencePrice licence={licence} />
      <LicenceFeatureList id={licence.id} name={licence.name} />
      <Link href={`${buyPath}/${licence.id}`} className="button button-primary licence-buy">
        <FormattedMessage
          id="shop.card.buy"
          defaultMessage="Buy <hidden>{name}</hidden>"
          description="The visible text is Buy; screen readers hear the licence name too"
          values={{ name: licence.name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }}
        />
      </Link>
    </article>
  );
});
