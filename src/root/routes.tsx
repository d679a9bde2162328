import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { loginPathFor } from '../domain/return-target';
import { accountSwitches } from '../machines/app.machine';
import type { Catalogue } from '../i18n/catalogue';
import LandingPage from '../views/landing/landing-page';
import { PublicLayout } from '../views/layout/public-layout';
import { PageLoading } from '../views/shared/page-loading';
import { preloadable, type Preloadable } from '../app/preloadable';
import { useAppActor } from '../app/app-actor';
import { useAsksForLogin, useShowsPortal } from '../app/session';

// Every page but the landing page is its own chunk, loaded when first needed; so is the
// logged-in layout, which the landing page never shows. Each loads its own part of the messages,
// named after its directory (vite.config.ts checks the names, docs/decisions/020).
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
const ShopPage = preloadable(() => import('../views/shop/shop-page'), 'shop');
const OrderDonePage = preloadable(() => import('../views/order-done/order-done-page'), 'order-done');
// Loaded when a login is first asked for in place (docs/decisions/027): most visits never need it.
const ReloginDialog = preloadable(() => import('../views/layout/relogin-dialog'), 'layout');
const PortalLayout = preloadable<{ children: ReactNode }>(() => import('../views/layout/portal-layout'), 'layout');

type Access = 'public' | 'loggedIn' | 'either';

/** SPEC §2 route table; unknown paths show the landing page. */
const routes: { path: string; pattern: RegExp; page: Preloadable<object>; access: Access }[] = [
  { path: '/login/:message?', pattern: /^\/login(\/[^/]+)?\/?$/, page: LoginPage, access: 'public' },
  { path: '/register', pattern: /^\/register\/?$/, page: RegisterPage, access: 'public' },
  { path: '/reset', pattern: /^\/reset\/?$/, page: ResetPage, access: 'public' },
  { path: '/newpassword', pattern: /^\/newpassword\/?$/, page: NewPasswordPage, access: 'public' },
  { path: '/waiting', pattern: /^\/waiting\/?$/, page: WaitingPage, access: 'public' },
  { path: '/dashboard', pattern: /^\/dashboard\/?$/, page: DashboardPage, access: 'loggedIn' },
  { path: '/company', pattern: /^\/company\/?$/, page: CompanyPage, access: 'loggedIn' },
  { path: '/tutorial', pattern: /^\/tutorial\/?$/, page: TutorialPage, access: 'loggedIn' },
  { path: '/encryption', pattern: /^\/encryption\/?$/, page: EncryptionPage, access: 'loggedIn' },
  { path: '/notifications', pattern: /^\/notifications\/?$/, page: NotificationsPage, access: 'loggedIn' },
  { path: '/contact', pattern: /^\/contact\/?$/, page: ContactPage, access: 'loggedIn' },
  { path: '/shop/:id?', pattern: /^\/shop(\/[^/]+)?\/?$/, page: ShopPage, access: 'public' },
  { path: '/ishop/:id?', pattern: /^\/ishop(\/[^/]+)?\/?$/, page: ShopPage, access: 'loggedIn' },
  { path: '/order_done', pattern: /^\/order_done\/?$/, page: OrderDonePage, access: 'either' },
];

/**
 * Loads the code of the page at `path` (and the logged-in layout where it needs it) before
 * the first render, so that the first paint is the page itself.
 */
export async function preloadRoute(path: string, loggedIn: boolean, catalogue?: Catalogue): Promise<void> {
  const route = routes.find((candidate) => candidate.pattern.test(path));
  if (!route) return;
  const portal = route.access === 'loggedIn' ? loggedIn : route.access === 'either' && loggedIn;
  await Promise.all([route.page.preload(catalogue), portal ? PortalLayout.preload(catalogue) : Promise.resolve()]);
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

export function AppRoutes() {
  return (
    <>
      <Switch>
        {routes.map(({ path, page, access }) => {
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
