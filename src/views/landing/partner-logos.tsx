import { defineMessages, FormattedMessage } from 'react-intl';
import type { Partner } from '../../domain/partners';

const messages = defineMessages({
  heading: { id: 'landing.partners', defaultMessage: 'Trusted by IT service partners' },
  samples: {
    id: 'landing.partners.samples',
    defaultMessage: 'Samples for the demo: these firms are invented, not partners.',
    description: 'Shown above the partner list of the demo bundle, whose partners are placeholders',
  },
  sample: { id: 'landing.partners.sample', defaultMessage: 'Sample', description: 'Badge on an invented partner' },
});

/**
 * SPEC §2: the partners the provider configured (`VITE_PARTNERS`, README "Partner logos"). None
 * configured, no section: an endorsement the provider cannot stand behind is worse than none.
 */
export function PartnerLogos({ partners }: { partners: readonly Partner[] }) {
  if (partners.length === 0) return null;
  return (
    <section className="partners" aria-labelledby="partners-heading">
      <h2 id="partners-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      {partners.some((partner) => partner.sample) && (
        <p className="partners-samples">
          <FormattedMessage {...messages.samples} />
        </p>
      )}
      <ul className="partner-list">
        {partners.map((partner) => {
          const mark = (
            <>
              {partner.logo && <img src={partner.logo} alt="" height={32} />}
              <span>{partner.name}</span>
              {partner.sample && (
                <span className="partner-sample">
                  <FormattedMessage {...messages.sample} />
                </span>
              )}
            </>
          );
          return (
            <li key={partner.name} className="partner">
              {partner.url ? (
                <a href={partner.url} target="_blank" rel="noopener noreferrer">
                  {mark}
                </a>
              ) : (
                mark
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
