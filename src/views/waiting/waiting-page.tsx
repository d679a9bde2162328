import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'waiting.title', defaultMessage: 'Your account awaits activation' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function WaitingPage() {
  return <PageHeading message={messages.title} />;
}
