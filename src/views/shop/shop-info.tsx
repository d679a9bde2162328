import { FormattedMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import { config } from '../../config';

const faq = defineMessages({
  openSourceQuestion: { id: 'shop.faq.openSource.question', defaultMessage: 'Is the software open source?' },
  openSourceAnswer: {
    id: 'shop.faq.openSource.answer',
    defaultMessage:
      'Yes. Proxmox VE, Proxmox Backup Server and Proxmox Mail Gateway are free open-source software under the GNU AGPLv3; you may use them without a licence. A licence (called “Subscription” in Proxmox’s web interface) adds the enterprise repository with tested, stable updates and, depending on the level, support.',
  },
  durationQuestion: { id: 'shop.faq.duration.question', defaultMessage: 'How long does a licence run?' },
  durationAnswer: {
    id: 'shop.faq.duration.answer',
    defaultMessage: 'One year from the order.',
  },
  billingQuestion: { id: 'shop.faq.billing.question', defaultMessage: 'How is a licence billed?' },
  billingAnswer: {
    id: 'shop.faq.billing.answer',
    defaultMessage:
      'Once a year in advance: Proxmox VE per CPU socket, Backup Server and Mail Gateway per server. All prices plus VAT.',
  },
  paymentQuestion: { id: 'shop.faq.payment.question', defaultMessage: 'How can I pay?' },
  paymentAnswer: {
    id: 'shop.faq.payment.answer',
    defaultMessage: 'In advance by bank transfer, with PayPal or on invoice with a payment term of 10 days.',
  },
  yearsQuestion: { id: 'shop.faq.years.question', defaultMessage: 'Can I pay for several years at once?' },
  yearsAnswer: {
    id: 'shop.faq.years.answer',
    defaultMessage:
      'Each licence is paid for one year at a time and renews automatically, so you never need to order it again. For an offer over several years, write to {email}.',
  },
});

const questions: [MessageDescriptor, MessageDescriptor][] = [
  [faq.openSourceQuestion, faq.openSourceAnswer],
  [faq.durationQuestion, faq.durationAnswer],
  [faq.billingQuestion, faq.billingAnswer],
  [faq.paymentQuestion, faq.paymentAnswer],
  [faq.yearsQuestion, faq.yearsAnswer],
];

/**
 * How a subscription's automatic renewal ends (decision 032): the notice period is the provider's
 * setting (`VITE_LICENCE_NOTICE_DAYS`), and an email to the sales address is enough.
 */
function RenewalTerms() {
  const email = <a href={`mailto:${config.salesEmail}`}>{config.salesEmail}</a>;
  return (
    <FormattedMessage
      id="shop.renewal"
      defaultMessage="It renews automatically for another year unless you cancel it at least {days, plural, one {# day} other {# days}} before the year ends; an email to {email} is enough."
      values={{ days: config.licenceNoticeDays, email }}
    />
  );
}

/** SPEC §2 step 0: the FAQ (open source, duration, billing, payment, paying years). */
export function ShopFaq() {
  const email = <a href={`mailto:${config.salesEmail}`}>{config.salesEmail}</a>;
  return (
    <section className="shop-faq" aria-labelledby="shop-faq-heading">
      <h2 id="shop-faq-heading">
        <FormattedMessage id="shop.faq.heading" defaultMessage="Frequently asked questions" />
      </h2>
      {questions.map(([question, answer]) => (
        <details key={question.id}>
          <summary>
            <FormattedMessage {...question} />
          </summary>
          <p>
            <FormattedMessage {...answer} values={{ email }} />
          </p>
          {answer === faq.durationAnswer && (
            <p>
              <RenewalTerms />
            </p>
          )}
        </details>
      ))}
    </section>
  );
}

/** SPEC §2 step 0 footer and SPEC §9: per year and CPU plus VAT, one year, renewal, payment. */
export function ShopTerms() {
  return (
    <footer className="shop-terms">
      <ul>
        <li>
          <FormattedMessage
            id="shop.terms.prices"
            defaultMessage="All prices are per year, plus VAT: Proxmox VE per CPU socket, Backup Server and Mail Gateway per server."
          />
        </li>
        <li>
          <FormattedMessage id="shop.terms.validity" defaultMessage="A licence is valid for one year." />{' '}
          <RenewalTerms />
        </li>
        <li>
          <FormattedMessage
            id="shop.terms.payment"
            defaultMessage="Payment in advance, by PayPal or on invoice with a payment term of 10 days."
          />
        </li>
      </ul>
    </footer>
  );
}
