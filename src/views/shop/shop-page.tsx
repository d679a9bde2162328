import { defineMessages } from 'react-intl';
import { PageHeading } from '../shared/page-heading';

const messages = defineMessages({
  title: { id: 'shop.title', defaultMessage: 'Licence shop' },
});

/** Built out by its own issue; until then the route shows its heading. */
export default function ShopPage() {
  return <PageHeading message={messages.title} />;
}
