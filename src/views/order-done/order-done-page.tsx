import { useState } from 'react';
import { FormattedMessage, defineMessages } from 'react-intl';
import { Link } from 'wouter';
import { useAppActor } from '../../lib/app-actor';
import { useLoggedIn } from '../../lib/session';
import { config } from '../../config';
import { isSoldPerCpu } from '../../domain/licence-features';
import { licenceOrderSummary } from '../../domain/licence-order';
import { selectLastOrder } from '../../machines/app.machine';
import { formatEur } from '../../domain/prices';
import { paths } from '../../domain/routes';
import { PageHeading } from '../shared/page-heading';
import './order-done.css';

const messages = defineMessages({
  title: { id: 'orderDone.title', defaultMessage: 'Thank you for your order' },
});

/**
 * SPEC §2 /order_done: thanks and delivery information after a licence order. Straight after an
 * order it repeats what was ordered; opened on its own it shows the generic thanks (decision 010).
 */
export default function OrderDonePage() {
  const app = useAppActor();
  // Read once: what the page was opened with stays, as the page's own.
  const [order] = useState(() => {
    const last = selectLastOrder(app.getSnapshot());
    return last && licenceOrderSummary(last.catalogue, last.order);
  });
  const loggedIn = useLoggedIn();
  const email = order ? <strong data-pii="">{order.email}</strong> : null;
  const salesEmail = <a href={`mailto:${config.salesEmail}`}>{config.salesEmail}</a>;

  return (
    <div className="order-done">
      <PageHeading message={messages.title} />
      {order ? (
        <p className="notice notice-ok" role="status">
          <FormattedMessage
            id="orderDone.summary"
            defaultMessage="We have received your order of “{licence}” for {perServer, select, yes {one server} other {{count, plural, one {# CPU socket} other {# CPU sockets}}}} at {price} per year plus VAT."
            values={{
              licence: <strong>{order.licenceName}</strong>,
              perServer: isSoldPerCpu(order.productType) ? 'no' : 'yes',
              count: order.cpuCount,
              price: <strong>{formatEur(order.totalNetEur)}</strong>,
            }}
          />
        </p>
      ) : (
        <p className="notice notice-ok" role="status">
          <FormattedMessage id="orderDone.generic" defaultMessage="We have received your licence order." />
        </p>
      )}
      <section aria-labelledby="order-done-next">
        <h2 id="order-done-next">
          <FormattedMessage id="orderDone.nextHeading" defaultMessage="What happens next" />
        </h2>
        <ol className="order-done-steps">
          <li>
            {order ? (
              <FormattedMessage
                id="orderDone.step.confirmationTo"
                defaultMessage="You will receive a confirmation of your order by email at {email}."
                values={{ email }}
              />
            ) : (
              <FormattedMessage
                id="orderDone.step.confirmation"
                defaultMessage="You will receive a confirmation of your order by email."
              />
            )}
          </li>
          <li>
            <FormattedMessage
              id="orderDone.step.payment"
              defaultMessage="It also tells you how to pay: in advance by bank transfer, with PayPal or on invoice within 10 days."
            />
          </li>
          <li>
            <FormattedMessage
              id="orderDone.step.key"
              defaultMessage="We send you the licence key by email once your payment has arrived, or at once when you pay on invoice."
            />
          </li>
          <li>
            <FormattedMessage
              id="orderDone.step.activate"
              defaultMessage="In the web interface of your server, open the node’s “Subscription” panel, click “Upload Subscription Key” and paste the licence key."
            />
          </li>
          <li>
            <FormattedMessage
              id="orderDone.step.renewal"
              defaultMessage="The licence runs for one year and renews automatically for another year unless you cancel it at least {days, plural, one {# day} other {# days}} before the year ends; an email to {email} is enough."
              values={{ days: config.licenceNoticeDays, email: salesEmail }}
            />
          </li>
        </ol>
        <p>
          <FormattedMessage
            id="orderDone.questions"
            defaultMessage="Questions about your order? Write to {email}."
            values={{ email: salesEmail }}
          />
        </p>
      </section>
      <p className="order-done-links">
        <Link href={loggedIn ? paths.ishop() : paths.shop()} className="button button-secondary">
          <FormattedMessage id="orderDone.backToShop" defaultMessage="Back to the licence shop" />
        </Link>
        {loggedIn && (
          <Link href={paths.dashboard()} className="button button-secondary">
            <FormattedMessage id="orderDone.dashboard" defaultMessage="To the dashboard" />
          </Link>
        )}
      </p>
    </div>
  );
}
