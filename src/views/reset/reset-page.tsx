import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'reset.title', defaultMessage: 'Forgot your password?' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function ResetPage() {
  return <PageHeading message={messages.title} />;
}
