import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'newPassword.title', defaultMessage: 'Set a new password' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function NewPasswordPage() {
  return <PageHeading message={messages.title} />;
}
