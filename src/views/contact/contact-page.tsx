import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'contact.title', defaultMessage: 'Contact support' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function ContactPage() {
  return <PageHeading message={messages.title} />;
}
