import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { loginPathFor } from '../domain/return-target';
import { firstReadsAt, routeMatcher, routeNames, routes, type Access, type RouteName } from '../domain/routes';
import { startEarlyReads } from '../api/transport';
import { accountSwitches } from '../machines/app.machine';
import type { MessageStore } from '../i18n/message-store';
import { PublicLayout } from '../views/layout/public-layout';
import { PageLoading } from '../views/shared/page-loading';
import { preloadable, type Preloadable } from '../lib/preloadable';
import { useAppActor } from '../lib/app-actor';
import { useAsksForLogin, useShowsPortal } from '../lib/session';
import { useMessageStore } from '../lib/i18n-provider';

// Every page is its own chunk, loaded when first needed, so that no page loads another's code
// (issue 41); so is the logged-in layout, which the public pages never show. Each loads its own
// part of the messages, named after its directory (vite.config.ts checks the names, docs/decisions/020).
const LandingPage = preloadable(() => import('../views/landing/landing-page'), 'landing');
const LoginPage = preloadable(() => import('../views/login/login-page'), 'login');
const RegisterPage = preloadable(() => import('../views/register/register-page'), 'register');
const ResetPage = preloadable(() => import('../views/reset/reset-page'), 'reset');
const NewPasswordPage = preloadable(() => import('../views/new-password/new-password-page'), 'new-password');
const WaitingPage = preloadable(() => import('../views/waiting/waiting-page'), 'waiting');
const DashboardPage = preloadable(() => import('../views/dashboard/dashboard-page'), 'dashboard');
const CompanyPage = preloadable(() => import('../views/company/company-page'), 'company');
const TutorialPage = preloadable(() => import('../views/tutorial/tutorial-page'), 'tutorial');
const EncryptionPage = preloadable(() => import('../views/encryption/encryption-page'), 'encryption');
const NotificationsPage = preloadable(() => import('../views/notifications/notifications-page'), 'notifications');
const ContactPage = preloadable(() => import('../views/contact/contact-page'), 'contact');
const SecurityPage = preloadable(() => import('../views/company/security-page'), 'company');
const DatastorePage = preloadable(() => import('../views/datastore/datastore-page'), 'datastore');
const AlertsPage = preloadable(() => import('../views/alerts/alerts-page'), 'alerts');
const ShopPage = preloadable(() => import('../views/shop/shop-page'), 'shop');
const OrderDonePage = preloadable(() => import('../views/order-done/order-done-page'), 'order-done');
// Loaded when a login is first asked for in place (docs/decisions/027): most visits never need it.
const ReloginDialog = preloadable(() => import('../views/layout/relogin-dialog'), 'layout');
const PortalLayout = preloadable<{ children: ReactNode }>(() => import('../views/layout/portal-layout'), 'layout');

/** SPEC §2 route table: the page of each route of src/domain/routes.ts; unknown paths show the landing page. */
const pages: Record<RouteName, Preloadable<object>> = {
  login: LoginPage,
  register: RegisterPage,
  reset: ResetPage,
  newPassword: NewPasswordPage,
  waiting: WaitingPage,
  dashboard: DashboardPage,
  company: CompanyPage,
  tutorial: TutorialPage,
  encryption: EncryptionPage,
  notifications: NotificationsPage,
  contact: ContactPage,
  security: SecurityPage,
  datastore: DatastorePage,
  alerts: AlertsPage,
  shop: ShopPage,
  ishop: ShopPage,
  orderDone: OrderDonePage,
};

const table = routeNames.map((name) => ({
  path: routes[name].pattern,
  pattern: routeMatcher(name),
  page: pages[name],
  access: routes[name].access,
}));

/**
 * Loads the code of the page at `path` (and the logged-in layout where it needs it) before
 * the first render, so that the first paint is the page itself.
 */
export async function preloadRoute(path: string, loggedIn: boolean, messageStore?: MessageStore): Promise<void> {
  const route = table.find((candidate) => candidate.pattern.test(path));
  // Any other path shows the landing page.
  if (!route) {
    await LandingPage.preload(messageStore);
    return;
  }
  const portal = route.access === 'loggedIn' ? loggedIn : route.access === 'either' && loggedIn;
  await Promise.all([
    route.page.preload(messageStore),
    portal ? PortalLayout.preload(messageStore) : Promise.resolve(),
  ]);
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

function Public({ page: Component }: { page: ComponentType }) {
  return (
    <PublicLayout>
      <Page>
        <Component />
      </Page>
    </PublicLayout>
  );
}

/**
 * SPEC §2: pages that need a login redirect when the login is missing, to the login page, which
 * leads back to them (docs/decisions/027). While the login is asked for in place, the page stays.
 * Another account's login in place starts the pages afresh (their key).
 */
function LoggedIn({ page: Component }: { page: ComponentType }) {
  const shown = useShowsPortal();
  const [location] = useLocation();
  const key = useSelector(useAppActor(), accountSwitches);
  if (!shown) return <Redirect to={loginPathFor(location)} replace />;
  return (
    <Page>
      <PortalLayout key={key}>
        <Page>
          <Component />
        </Page>
      </PortalLayout>
    </Page>
  );
}

/** Pages open to everyone that look like the portal when the customer is logged in. */
function Either({ page }: { page: ComponentType }) {
  const shown = useShowsPortal();
  return shown ? <LoggedIn page={page} /> : <Public page={page} />;
}

const layouts: Record<Access, ComponentType<{ page: ComponentType }>> = {
  public: Public,
  loggedIn: LoggedIn,
  either: Either,
};

/**
 * The login in place over whatever page the 401 met (docs/decisions/027): the logged-in pages, and
 * the public shop, where a logged-in customer may order too.
 */
function LoginInPlace() {
  const asks = useAsksForLogin();
  if (!asks) return null;
  return (
    <Suspense fallback={null}>
      <ReloginDialog />
    </Suspense>
  );
}

/**
 * A page opened within the app asks for all of its code at once and starts its first reads as soon
 * as the address changes (issue 41): the logged-in layout and the page inside it would otherwise
 * load one after the other, as each suspends in turn, and the reads only once the page has run. A
 * page whose machines have already asked is not asked for again (src/api/transport.ts). The first
 * page's code and reads were asked for by src/main.tsx.
 */
function useRouteAhead() {
  const [location] = useLocation();
  const loggedIn = useShowsPortal();
  const messageStore = useMessageStore();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A chunk that fails here fails again where the page renders, which shows it.
    preloadRoute(location, loggedIn, messageStore).catch(() => undefined);
    startEarlyReads(firstReadsAt(location, loggedIn));
    // Only a new address starts reads; the login's state is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location]);
}

export function AppRoutes() {
  useRouteAhead();
  return (
    <>
      <Switch>
        {table.map(({ path, page, access }) => {
          const Layout = layouts[access];
          return (
            <Route key={path} path={path}>
              <Layout page={page} />
            </Route>
          );
        })}
        <Route>
          <Public page={LandingPage} />
        </Route>
      </Switch>
      <LoginInPlace />
    </>
  );
}
