import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useUser } from '../../lib/session';
import { paths } from '../../domain/routes';
import { PageHeading } from '../shared/page-heading';
import { PageLoading } from '../shared/page-loading';

const messages = defineMessages({
  loading: { id: 'notifications.heading', defaultMessage: 'Notifications' },
  title: { id: 'notifications.title', defaultMessage: 'Notifications are switched off' },
  titleOn: { id: 'notifications.titleOn', defaultMessage: 'Notifications are switched on' },
  explanation: {
    id: 'notifications.explanation',
    defaultMessage: 'You have switched off our notifications by email, so notices about our service do not reach you.',
  },
  contract: {
    id: 'notifications.contract',
    defaultMessage:
      'Emails about your contract, such as the confirmation of a purchase or a cancellation, still reach you.',
  },
  enable: {
    id: 'notifications.enable',
    defaultMessage: 'You can switch notifications on again at any time under “Account and settings”.',
  },
  link: { id: 'notifications.link', defaultMessage: 'Go to “Account and settings”' },
  on: {
    id: 'notifications.on',
    defaultMessage: 'You receive our notifications by email. You can switch them off under “Account and settings”.',
  },
});

/**
 * /notifications (SPEC §2): shown when notifications are disabled; it explains that and leads
 * to the company page, where the checkbox switches them on again. When they are on already
 * (the page was bookmarked), it says so instead; when GET /me did not say, it claims neither and
 * only leads to the company page. When the portal links here: docs/decisions/008.
 */
export default function NotificationsPage() {
  const user = useUser();
  if (!user) {
    return (
      <>
        <PageHeading message={messages.loading} />
        <PageLoading />
      </>
    );
  }
  if (user.notifications == null) {
    return (
      <>
        <PageHeading message={messages.loading} />
        <p>
          <FormattedMessage {...messages.contract} />
        </p>
        <p>
          <Link href={paths.company()} className="button-primary">
            <FormattedMessage {...messages.link} />
          </Link>
        </p>
      </>
    );
  }
  if (user.notifications) {
    return (
      <>
        <PageHeading message={messages.titleOn} />
        <p>
          <FormattedMessage {...messages.on} />
        </p>
        <p>
          <Link href={paths.company()}>
            <FormattedMessage {...messages.link} />
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeading message={messages.title} />
      <div className="notice notice-info">
        <p>
          <FormattedMessage {...messages.explanation} />
        </p>
        <p>
          <FormattedMessage {...messages.contract} />
        </p>
      </div>
      <p>
        <FormattedMessage {...messages.enable} />
      </p>
      <p>
        <Link href={paths.company()} className="button-primary">
          <FormattedMessage {...messages.link} />
        </Link>
      </p>
    </>
  );
}
