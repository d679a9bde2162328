import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { paths } from '../../domain/routes';

const messages = defineMessages({
  heading: { id: 'company.security.heading', defaultMessage: 'Sign-in protection' },
  text: {
    id: 'company.security.text',
    defaultMessage: 'Protect the account with an authenticator app or a passkey, and see where it is signed in.',
  },
  link: { id: 'company.security.link', defaultMessage: 'Sign-in protection and open sessions' },
});

/**
 * The way to the security page (issue 44), shown by the company page where the server offers
 * second factors (the company machine's `secondFactorOffered`); nothing of it on a v1 server.
 */
export function SecurityCard() {
  return (
    <section className="card company-card" aria-labelledby="company-security-heading">
      <h2 id="company-security-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      <p>
        <FormattedMessage {...messages.text} />
      </p>
      <Link href={paths.security()}>
        <FormattedMessage {...messages.link} />
      </Link>
    </section>
  );
}
