import { FormattedMessage } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { useLoggedIn } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import { parseLicenceId } from '../../domain/licence-features';
import { shopTabMachine } from '../../machines/shop-tab.machine';
import type { UserError } from '../../machines/user-error';
import { paths } from '../../domain/routes';
import { useErrorText } from '../shared/error-line';
import { PageHeading } from '../shared/page-heading';
import { PageLoading } from '../shared/page-loading';
import { findLicence } from '../../domain/licence-order';
import { useCatalogue } from './catalogue-store';
import { LicenceTabs } from './licence-tabs';
import { OrderStep } from './order-step';
import { ShopFaq, ShopTerms } from './shop-info';
import { shopMessages } from './shop-messages';
import { BusinessOnly } from '../shared/business-notices';

function CatalogueFailed({ error, retry }: { error: UserError | null; retry: () => void }) {
  const errorText = useErrorText();
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <FormattedMessage id="shop.catalogue.failed" defaultMessage="The licences could not be loaded." />{' '}
        {error && errorText(error)}
      </p>
      <button type="button" className="button-secondary" onClick={retry}>
        <FormattedMessage id="shop.catalogue.retry" defaultMessage="Load the licences again" />
      </button>
    </div>
  );
}

/**
 * SPEC §2 "Licence shop" at /shop/:id? and, in the logged-in layout, /ishop/:id?. The step
 * follows the route: no id is the list (step 0), an id is the order form (step 1), so the
 * browser's back and forward move between them.
 */
export default function ShopPage() {
  const { id: routeId } = useParams<{ id?: string }>();
  const [location] = useLocation();
  const loggedIn = useLoggedIn();
  const catalogue = useCatalogue();
  const tabs = usePortalActor(shopTabMachine);
  const listPath = location.startsWith(paths.ishop()) ? paths.ishop() : paths.shop();
  // SPEC §2: the buy button goes to /ishop/{id} when logged in, else to /shop/{id}.
  const buyPath = loggedIn ? paths.ishop() : paths.shop();
  const id = parseLicenceId(routeId);
  const licence = id !== undefined && catalogue.catalogue ? findLicence(catalogue.catalogue, id) : undefined;
  const step = routeId === undefined ? 0 : 1;

  const showList = step === 0 || (catalogue.status === 'loaded' && !licence);
  return (
    <div className="shop">
      <PageHeading message={shopMessages.title} />
      {/* The order form of step 1 says it beside the order. */}
      {step === 0 && <BusinessOnly />}
      {catalogue.status === 'loading' && <PageLoading />}
      {catalogue.status === 'failed' && <CatalogueFailed error={catalogue.error} retry={catalogue.retry} />}
      {licence && (
        // Back from a licence's form, the list opens on that licence's tab (the browser's back
        // finds the tab it left, which is the licence's).
        <OrderStep
          licence={licence}
          listPath={listPath}
          onBack={() => tabs.send({ type: 'tab.select', productType: licence.product_type })}
        />
      )}
      {step === 1 && catalogue.status === 'loaded' && !licence && (
        <p className="notice notice-warn" role="alert">
          <FormattedMessage
            id="shop.unknownLicence"
            defaultMessage="There is no licence “{id}”. Please choose one from the list."
            values={{ id: routeId }}
          />
        </p>
      )}
      {showList && catalogue.catalogue && <LicenceTabs tabs={tabs} catalogue={catalogue.catalogue} buyPath={buyPath} />}
      {/* Below the catalogue, and only once it has arrived: appearing later above them, the
          licences would push them down (a layout shift on every first visit). */}
      {showList && catalogue.status !== 'loading' && (
        <>
          <ShopFaq />
          <ShopTerms />
        </>
      )}
    </div>
  );
}
