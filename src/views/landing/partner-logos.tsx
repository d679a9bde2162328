import { FormattedMessage } from 'react-intl';

/** Our own artwork for partner marks: simple geometric signs with the partner's name as text. */
const partners = [
  { name: 'Systemhaus Nord', shape: <circle cx="16" cy="16" r="12" /> },
  { name: 'Datenwerk Süd', shape: <rect x="5" y="5" width="22" height="22" rx="4" /> },
  { name: 'IT-Partner West', shape: <path d="M16 3 29 27H3z" /> },
  { name: 'Netzhaus Ost', shape: <path d="M16 3 29 16 16 29 3 16z" /> },
];

export function PartnerLogos() {
  return (
    <section className="partners" aria-labelledby="partners-heading">
      <h2 id="partners-heading">
        <FormattedMessage id="landing.partners" defaultMessage="Trusted by IT service partners" />
      </h2>
      <ul className="partner-list">
        {partners.map((partner) => (
          <li key={partner.name} className="partner">
            <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false" fill="#4a5560">
              {partner.shape}
            </svg>
            <span>{partner.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
