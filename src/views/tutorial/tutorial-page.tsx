import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'tutorial.title', defaultMessage: 'Tutorial' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function TutorialPage() {
  return <PageHeading message={messages.title} />;
}
