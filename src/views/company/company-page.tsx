import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'company.title', defaultMessage: 'Account and settings' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function CompanyPage() {
  return <PageHeading message={messages.title} />;
}
