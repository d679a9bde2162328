import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'register.title', defaultMessage: 'Create a company account' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function RegisterPage() {
  return <PageHeading message={messages.title} />;
}
