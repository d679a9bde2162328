import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Log in' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function LoginPage() {
  return <PageHeading message={messages.title} />;
}
