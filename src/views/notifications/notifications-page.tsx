import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'notifications.title', defaultMessage: 'Notifications are switched off' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function NotificationsPage() {
  return <PageHeading message={messages.title} />;
}
