import { FormattedMessage, defineMessages } from 'react-intl';
import { Link } from 'wouter';
import { config } from '../../config';
import { business } from '../../domain/constants';
import { readPartners } from '../../domain/partners';
import { formatEur } from '../../domain/prices';
import { paths } from '../../domain/routes';
import { BusinessOnly, PlusVat } from '../shared/business-notices';
import { PageHeading } from '../shared/page-heading';
import { PartnerLogos } from './partner-logos';

const messages = defineMessages({
  title: { id: 'landing.title', defaultMessage: 'Cloud backup storage for Proxmox, hosted in Germany' },
});

/** Checked by every build (scripts/build/production-settings.ts), so this never throws. */
const partners = readPartners(config.partners);

/** SPEC §2 landing page: both rates, six feature claims, partners, register and sales contact. */
export default function LandingPage() {
  return (
    <div className="landing">
      <section className="hero">
        <PageHeading message={messages.title} />
        <p className="lead">
          <FormattedMessage
            id="landing.lead"
            defaultMessage="Datastores on Proxmox Backup Server: once your account is activated, each one is ready in minutes. Pay as you go or book a fixed volume."
          />
        </p>
        <Link href={paths.register()} className="button button-primary">
          <FormattedMessage id="landing.register" defaultMessage="Create an account" />
        </Link>
      </section>

      <section className="rates" aria-labelledby="rates-heading">
        <h2 id="rates-heading">
          <FormattedMessage id="landing.rates" defaultMessage="Two rates" />
        </h2>
        <div className="rate-list">
          <article className="card rate">
            <h3>
              <FormattedMessage id="landing.dynamicRate" defaultMessage="Dynamic rate" />
            </h3>
            <p className="price">
              <FormattedMessage
                id="landing.dynamicPrice"
                defaultMessage="{price} per GB per month"
                values={{ price: <strong>{formatEur(business.dynamicPricePerGbEur)}</strong> }}
              />
              <PlusVat />
            </p>
            <p>
              <FormattedMessage
                id="landing.dynamicText"
                defaultMessage="You pay only for the space you use; billed monthly."
              />
            </p>
          </article>
          <article className="card rate">
            <h3>
              <FormattedMessage id="landing.volumeRate" defaultMessage="Fixed volume" />
            </h3>
            <p className="price">
              <FormattedMessage
                id="landing.volumePrice"
                defaultMessage="{price} per TB per month"
                values={{ price: <strong>{formatEur(business.volumePricePerTbEur)}</strong> }}
              />
              <PlusVat />
            </p>
            <p>
              <FormattedMessage
                id="landing.volumeText"
                defaultMessage={'A fixed booked volume from 1 to {max}\u00a0TB at a fixed price.'}
                values={{ max: business.maxVolumeTb }}
              />
            </p>
          </article>
        </div>
        <BusinessOnly />
      </section>

      <section className="features" aria-labelledby="features-heading">
        <h2 id="features-heading">
          <FormattedMessage id="landing.features" defaultMessage="What you get" />
        </h2>
        <ul className="feature-list">
          <li>
            <FormattedMessage id="landing.feature.location" defaultMessage="Server location Germany" />
          </li>
          <li>
            <FormattedMessage id="landing.feature.encryption" defaultMessage="AES-256 encryption" />
          </li>
          <li>
            <FormattedMessage id="landing.feature.access" defaultMessage="Backup server access" />
          </li>
          <li>
            <FormattedMessage
              id="landing.feature.reseller"
              defaultMessage="Many datastores in one account, for resellers too"
            />
          </li>
          <li>
            <FormattedMessage id="landing.feature.pull" defaultMessage="Pull jobs" />
          </li>
          <li>
            <FormattedMessage id="landing.feature.support" defaultMessage="Support via portal" />
          </li>
        </ul>
      </section>

      <PartnerLogos partners={partners} />

      <section className="sales" aria-labelledby="sales-heading">
        <h2 id="sales-heading">
          <FormattedMessage id="landing.salesHeading" defaultMessage="Questions before you start?" />
        </h2>
        <p>
          <FormattedMessage
            id="landing.sales"
            defaultMessage="Write to our sales team: {email}"
            values={{ email: <a href={`mailto:${config.salesEmail}`}>{config.salesEmail}</a> }}
          />
        </p>
      </section>
    </div>
  );
}
