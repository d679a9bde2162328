import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Your datastores' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function DashboardPage() {
  return <PageHeading message={messages.title} />;
}
