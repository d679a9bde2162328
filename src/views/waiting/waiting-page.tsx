import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { config } from '../../config';
import { paths } from '../../domain/routes';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'waiting.title', defaultMessage: 'Your account awaits activation' },
});

/**
 * Shown after a registration (SPEC §4 "Register: status done leads to /waiting"): what happens
 * next. Activation takes 2 to 3 business days (SPEC §1, §9).
 */
export default function WaitingPage() {
  return (
    <div className="account-page">
      <PageHeading message={messages.title} />
      <section className="card waiting-card" aria-labelledby="waiting-next">
        <p>
          <FormattedMessage id="waiting.thanks" defaultMessage="Thank you for your registration." />
        </p>
        <h2 id="waiting-next">
          <FormattedMessage id="waiting.next" defaultMessage="What happens next" />
        </h2>
        <ol className="waiting-steps">
          <li>
            <FormattedMessage id="waiting.step.check" defaultMessage="We check your details by hand." />
          </li>
          <li>
            <FormattedMessage
              id="waiting.step.activate"
              defaultMessage="We activate your account within 2 to 3 business days."
            />
          </li>
          <li>
            <FormattedMessage
              id="waiting.step.mail"
              defaultMessage="You will be notified by email as soon as your account is active."
            />
          </li>
          <li>
            <FormattedMessage
              id="waiting.step.login"
              defaultMessage="Then log in with your email address and password."
            />
          </li>
        </ol>
        <p>
          <Link href={paths.login()} className="button button-primary">
            <FormattedMessage id="waiting.login" defaultMessage="Go to login" />
          </Link>
        </p>
        <p className="field-hint">
          <FormattedMessage
            id="waiting.questions"
            defaultMessage="Questions? Write to {email}."
            values={{ email: <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> }}
          />
        </p>
      </section>
    </div>
  );
}
