import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { config } from '../../config';
import { paths } from '../../domain/routes';
import { ExternalLink } from './external-link';
import { LanguagePicker } from './language-picker';

/** SPEC §2 link bar: login, create account, forgot password, privacy and imprint, VAT notice, language. */
export function LinkBar() {
  const intl = useIntl();
  return (
    <nav className="link-bar" aria-label={intl.formatMessage({ id: 'nav.linkBar', defaultMessage: 'Portal links' })}>
      <ul>
        <li>
          <Link href={paths.login()}>
            <FormattedMessage id="nav.login" defaultMessage="Log in" />
          </Link>
        </li>
        <li>
          <Link href={paths.register()}>
            <FormattedMessage id="nav.register" defaultMessage="Create account" />
          </Link>
        </li>
        <li>
          <Link href={paths.reset()}>
            <FormattedMessage id="nav.reset" defaultMessage="Forgot password" />
          </Link>
        </li>
        <li>
          <ExternalLink href={config.privacyUrl}>
            <FormattedMessage id="nav.privacy" defaultMessage="Privacy" />
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={config.imprintUrl}>
            <FormattedMessage id="nav.imprint" defaultMessage="Imprint" />
          </ExternalLink>
        </li>
        <li>
          <ExternalLink href={config.termsUrl}>
            <FormattedMessage id="nav.terms" defaultMessage="Terms and conditions" />
          </ExternalLink>
        </li>
      </ul>
      <p className="vat-notice">
        <FormattedMessage id="nav.vatNotice" defaultMessage="All prices plus VAT." />
      </p>
      <LanguagePicker />
    </nav>
  );
}
