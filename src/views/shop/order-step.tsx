import { useSelector } from '@xstate/react';
import { Suspense, useState, type ComponentProps } from 'react';
import { config } from '../../config';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Licence } from '../../domain/entities';
import { useLoggedIn, useSessionActor, useUser } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import { orderPrefillMachine } from '../../machines/order-prefill.machine';
import { selectIsLoadingUser } from '../../machines/session.machine';
import { PageLoading } from '../shared/page-loading';
import { LicenceFeatureList } from './licence-feature-list';
import { LicencePrice } from './licence-price';
import type { OrderForm as OrderFormComponent } from './order-form';
import { typeMessages } from './shop-messages';
import { preloadable } from '../../lib/preloadable';

// The order form is a chunk of its own: the catalogue (/shop, the first visit) needs none of it.
const OrderForm = preloadable<ComponentProps<typeof OrderFormComponent>>(() =>
  import('./order-form').then((module) => ({ default: module.OrderForm })),
);

/** Loads what the account knows (prefilled for a logged-in customer, decision 010), then the form. */
function PrefilledOrderForm({ licence }: { licence: Licence }) {
  const prefill = usePortalActor(orderPrefillMachine);
  const ready = useSelector(prefill, (snapshot) => snapshot.status === 'done');
  const values = useSelector(prefill, (snapshot) => snapshot.context.values);
  const error = useSelector(prefill, (snapshot) => snapshot.context.error);
  if (!ready) return <PageLoading />;
  return <OrderForm licence={licence} prefill={values} companyError={error} />;
}

/**
 * SPEC §2 step 1: a summary of the chosen licence and the order form. `onBack` runs when the
 * customer follows the link back to the list.
 */
export function OrderStep({ licence, listPath, onBack }: { licence: Licence; listPath: string; onBack: () => void }) {
  const intl = useIntl();
  // The form chosen when the step opened stays: a session that ends while the customer orders
  // (a 401) must not swap the form for an empty visitor's one and lose what was typed.
  const [asCustomer] = useState(useLoggedIn());
  const user = useUser();
  const session = useSessionActor();
  // Only the first load of the user holds the form back; a later reload keeps what is typed.
  const userPending = useSelector(session, selectIsLoadingUser) && user === null;

  return (
    <section className="order-step" aria-labelledby="order-step-heading">
      <h2 id="order-step-heading">
        <FormattedMessage id="shop.order.heading" defaultMessage="Order {name}" values={{ name: licence.name }} />
      </h2>
      <p>
        <Link href={listPath} onClick={onBack}>
          <FormattedMessage id="shop.order.back" defaultMessage="Back to all licences" />
        </Link>
      </p>
      <div className="order-layout">
        <section className="card order-summary" aria-labelledby="order-summary-heading">
          <h3 id="order-summary-heading">
            <FormattedMessage id="shop.order.summaryHeading" defaultMessage="Your licence" />
          </h3>
          <p className="order-summary-name">
            <strong>{licence.name}</strong>
            <br />
            {intl.formatMessage(typeMessages[licence.product_type])}
          </p>
          <LicencePrice licence={licence} />
          <LicenceFeatureList id={licence.id} name={licence.name} />
          <p className="field-hint">
            <FormattedMessage
              id="shop.order.terms"
              defaultMessage="Term: one year. The licence renews automatically for another year unless you cancel it at least {days, plural, one {# day} other {# days}} before the year ends; an email to {email} is enough. Payment in advance by bank transfer, with PayPal or on invoice with a payment term of 10 days. We send you the licence key by email once your payment has arrived, or at once when you pay on invoice."
              values={{
                days: config.licenceNoticeDays,
                email: <a href={`mailto:${config.salesEmail}`}>{config.salesEmail}</a>,
              }}
            />
          </p>
        </section>
        <Suspense fallback={<PageLoading />}>
          {!asCustomer && <OrderForm key={licence.id} licence={licence} prefill={{}} companyError={null} />}
          {asCustomer && (userPending ? <PageLoading /> : <PrefilledOrderForm key={licence.id} licence={licence} />)}
        </Suspense>
      </div>
    </section>
  );
}
