/**
 * The legal texts a German business-to-business portal shows (decision 032): that the offer is for
 * businesses only, the terms and privacy notice a customer accepts where a contract is made, a
 * privacy notice where a message is sent, VAT beside prices, and the reverse-charge note. The
 * pages and addresses are the provider's settings (src/config.ts).
 */
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { config } from '../../config';
import type { FieldErrorCode } from '../../domain/fields';
import { CheckboxField } from './form-fields';

const messages = defineMessages({
  businessOnly: {
    id: 'legal.businessOnly',
    defaultMessage:
      'Our offer is for businesses only: entrepreneurs within the meaning of section 14 of the German Civil Code (BGB).',
    description: 'Shown at registration, in the licence shop and on the order form (decision 032)',
  },
  terms: {
    id: 'legal.terms',
    defaultMessage:
      'I accept the <terms>terms and conditions</terms> and have read the <privacy>privacy notice</privacy>.',
    description: 'The required checkbox where a contract is made: registration and licence order',
  },
  plusVat: { id: 'legal.plusVat', defaultMessage: 'plus VAT', description: 'Beside a net price' },
  reverseCharge: {
    id: 'legal.reverseCharge',
    defaultMessage:
      'For a company in France or Luxembourg with a VAT id we charge no German VAT: the VAT is owed by you as the recipient (reverse charge).',
  },
});

/** A link to one of the provider's pages, opened in a new tab (the form stays as it is). */
function externalLink(href: string) {
  return function Link(chunks: ReactNode[]) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {chunks}
      </a>
    );
  };
}

/** "For businesses only" (§ 14 BGB): registration, the licence shop and its order form. */
export function BusinessOnly() {
  return (
    <p className="business-only">
      <FormattedMessage {...messages.businessOnly} />
    </p>
  );
}

/** The terms and privacy notice a customer accepts where a contract is made; required. */
export function TermsCheckbox({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: FieldErrorCode | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <CheckboxField
      name="terms"
      label={messages.terms}
      labelValues={{ terms: externalLink(config.termsUrl), privacy: externalLink(config.privacyUrl) }}
      required
      checked={checked}
      error={error}
      onChange={onChange}
    />
  );
}

/** What happens with a message's data, beside the form that sends it. */
export function ContactPrivacyNotice() {
  return (
    <p className="privacy-notice">
      <FormattedMessage
        id="legal.contactPrivacy"
        defaultMessage="We use what you send us only to answer your message. More in our <privacy>privacy notice</privacy>."
        values={{ privacy: externalLink(config.privacyUrl) }}
      />
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

/** The reverse-charge note, for a company in FR or LUX with a VAT id. */
export function ReverseChargeNote() {
  return (
    <p className="reverse-charge">
      <FormattedMessage {...messages.reverseCharge} />
    </p>
  );
}
