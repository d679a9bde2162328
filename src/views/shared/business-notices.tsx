/**
 * The two notices beside the portal's prices (decision 032): that the offer is for businesses only,
 * and that prices are net. Apart from the form notices (legal-notices.tsx), so that the landing page
 * shows them without loading the form fields.
 */
import { defineMessages, FormattedMessage } from 'react-intl';

const messages = defineMessages({
  businessOnly: {
    id: 'legal.businessOnly',
    defaultMessage:
      'Our offer is for businesses only: entrepreneurs within the meaning of section 14 of the German Civil Code (BGB).',
    description: 'Shown on the landing page, at registration, in the licence shop and on the order form (decision 032)',
  },
  plusVat: { id: 'legal.plusVat', defaultMessage: 'plus VAT', description: 'Beside a net price' },
});

/** "For businesses only" (§ 14 BGB): the landing page, registration, the licence shop and its order form. */
export function BusinessOnly() {
  return (
    <p className="business-only">
      <FormattedMessage {...messages.businessOnly} />
    </p>
  );
}

/** "plus VAT", beside a net price. */
export function PlusVat() {
  return (
    <span className="plus-vat">
      {' '}
      <FormattedMessage {...messages.plusVat} />
    </span>
  );
}
