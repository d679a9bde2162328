import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'encryption.title', defaultMessage: 'Encryption' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function EncryptionPage() {
  return <PageHeading message={messages.title} />;
}
