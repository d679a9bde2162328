import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import LandingPage from '../views/landing/landing-page';
import { PublicLayout } from '../views/layout/public-layout';
import { PageLoading } from '../views/shared/page-loading';
import { preloadable, type Preloadable } from './preloadable';
import { useLoggedIn } from './session';

// Every page but the landing page is its own chunk, loaded when first needed; so is the
// logged-in layout, which the landing page never shows.
const LoginPage = preloadable(() => import('../views/login/login-page'));
const RegisterPage = preloadable(() => import('../views/register/register-page'));
const ResetPage = preloadable(() => import('../views/reset/reset-page'));
const NewPasswordPage = preloadable(() => import('../views/new-password/new-password-page'));
const WaitingPage = preloadable(() => import('../views/waiting/waiting-page'));
const DashboardPage = preloadable(() => import('../views/dashboard/dashboard-page'));
const CompanyPage = preloadable(() => import('../views/company/company-page'));
const TutorialPage = preloadable(() => import('../views/tutorial/tutorial-page'));
const EncryptionPage = preloadable(() => import('../views/encryption/encryption-page'));
const NotificationsPage = preloadable(() => import('../views/notifications/notifications-page'));
const ContactPage = preloadable(() => import('../views/contact/contact-page'));
const ShopPage = preloadable(() => import('../views/shop/shop-page'));
const OrderDonePage = preloadable(() => import('../views/order-done/order-done-page'));
const PortalLayout = preloadable<{ children: ReactNode }>(() =>
  import('../views/layout/portal-layout').then((module) => ({ default: module.PortalLayout })));

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
export async function preloadRoute(path: string, loggedIn: boolean): Promise<void> {
  const route = routes.find((candidate) => candidate.pattern.test(path));
  if (!route) return;
  const portal = route.access === 'loggedIn' ? loggedIn : route.access === 'either' && loggedIn;
  await Promise.all([route.page.preload(), portal ? PortalLayout.preload() : Promise.resolve()]);
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

function Public({ page: Component }: { page: ComponentType }) {
  return <PublicLayout><Page><Component /></Page></PublicLayout>;
}

/** SPEC §2: pages that need a login redirect when the login is missing. */
function LoggedIn({ page: Component }: { page: ComponentType }) {
  const loggedIn = useLoggedIn();
  if (!loggedIn) return <Redirect to="/login" replace />;
  return <Page><PortalLayout><Page><Component /></Page></PortalLayout></Page>;
}

/** Pages open to everyone that look like the portal when the customer is logged in. */
function Either({ page }: { page: ComponentType }) {
  const loggedIn = useLoggedIn();
  return loggedIn ? <LoggedIn page={page} /> : <Public page={page} />;
}

const layouts: Record<Access, ComponentType<{ page: ComponentType }>> = { public: Public, loggedIn: LoggedIn, either: Either };

export function AppRoutes() {
  return (
    <Switch>
      {routes.map(({ path, page, access }) => {
        const Layout = layouts[access];
        return <Route key={path} path={path}><Layout page={page} /></Route>;
      })}
      <Route><Public page={LandingPage} /></Route>
    </Switch>
  );
}
