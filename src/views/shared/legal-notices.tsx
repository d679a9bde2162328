/**
 * The legal texts a German business-to-business portal shows (decision 032) where a form is: the terms and privacy notice a customer accepts where a contract is made, a
 * privacy notice where a message is sent, VAT beside prices, the reverse-charge note, and the data
 * processing agreement (decision 041). The pages and addresses are the provider's settings
 * (src/config.ts).
 */
import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { config } from '../../config';
import type { FieldErrorCode } from '../../domain/fields';
import { CheckboxField } from './form-fields';

const messages = defineMessages({
  terms: {
    id: 'legal.terms',
    defaultMessage:
      'I accept the <terms>terms and conditions</terms> and have read the <privacy>privacy notice</privacy>.',
    description: 'The required checkbox where a contract is made: registration and licence order',
  },
  reverseCharge: {
    id: 'legal.reverseCharge',
    defaultMessage:
      'For a company established in France or Luxembourg with a valid VAT ID we charge no German VAT: the VAT is owed by you as the recipient of the service (reverse charge).',
  },
});

/** A link to one of the provider's pages, opened in a new tab (the form stays as it is). */
export function externalLink(href: string) {
  return function Link(chunks: ReactNode[]) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {chunks}
      </a>
    );
  };
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

/**
 * The data processing agreement (AVV, Art. 28 GDPR) that a backup host concludes with its customers
 * (decision 041): a statement with the link, never a checkbox (the agreement is the provider's
 * document, and SPEC §7's payloads have no field for it).
 */
export function DataProcessingNotice() {
  return (
    <p className="data-processing-notice">
      <FormattedMessage
        id="legal.dataProcessing"
        defaultMessage="For the personal data in your backups we conclude a data processing agreement (DPA) with you under Art. 28 GDPR. <dpa>View the data processing agreement (DPA)</dpa>"
        description="At registration, on the purchase card and on the account page (decision 041); dpa links to the agreement, opened in a new tab"
        values={{ dpa: externalLink(config.dataProcessingAgreementUrl) }}
      />
    </p>
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
