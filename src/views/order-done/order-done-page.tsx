import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'orderDone.title', defaultMessage: 'Thank you for your order' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function OrderDonePage() {
  return <PageHeading message={messages.title} />;
}
