import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PortalLayout } from '../views/layout/portal-layout';
import { PublicLayout } from '../views/layout/public-layout';
import { PageLoading } from '../views/shared/page-loading';
import LandingPage from '../views/landing/landing-page';
import { useLoggedIn } from './session';

// Every page but the landing page is its own chunk, loaded when first needed.
const LoginPage = lazy(() => import('../views/login/login-page'));
const RegisterPage = lazy(() => import('../views/register/register-page'));
const ResetPage = lazy(() => import('../views/reset/reset-page'));
const NewPasswordPage = lazy(() => import('../views/new-password/new-password-page'));
const WaitingPage = lazy(() => import('../views/waiting/waiting-page'));
const DashboardPage = lazy(() => import('../views/dashboard/dashboard-page'));
const CompanyPage = lazy(() => import('../views/company/company-page'));
const TutorialPage = lazy(() => import('../views/tutorial/tutorial-page'));
const EncryptionPage = lazy(() => import('../views/encryption/encryption-page'));
const NotificationsPage = lazy(() => import('../views/notifications/notifications-page'));
const ContactPage = lazy(() => import('../views/contact/contact-page'));
const ShopPage = lazy(() => import('../views/shop/shop-page'));
const OrderDonePage = lazy(() => import('../views/order-done/order-done-page'));

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
  return <PortalLayout><Page><Component /></Page></PortalLayout>;
}

/** Pages open to everyone that look like the portal when the customer is logged in. */
function Either({ page: Component }: { page: ComponentType }) {
  const loggedIn = useLoggedIn();
  const Layout = loggedIn ? PortalLayout : PublicLayout;
  return <Layout><Page><Component /></Page></Layout>;
}

/** SPEC §2 route table; unknown paths show the landing page. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login/:message?"><Public page={LoginPage} /></Route>
      <Route path="/register"><Public page={RegisterPage} /></Route>
      <Route path="/reset"><Public page={ResetPage} /></Route>
      <Route path="/newpassword"><Public page={NewPasswordPage} /></Route>
      <Route path="/waiting"><Public page={WaitingPage} /></Route>
      <Route path="/dashboard"><LoggedIn page={DashboardPage} /></Route>
      <Route path="/company"><LoggedIn page={CompanyPage} /></Route>
      <Route path="/tutorial"><LoggedIn page={TutorialPage} /></Route>
      <Route path="/encryption"><LoggedIn page={EncryptionPage} /></Route>
      <Route path="/notifications"><LoggedIn page={NotificationsPage} /></Route>
      <Route path="/contact"><LoggedIn page={ContactPage} /></Route>
      <Route path="/shop/:id?"><Public page={ShopPage} /></Route>
      <Route path="/ishop/:id?"><LoggedIn page={ShopPage} /></Route>
      <Route path="/order_done"><Either page={OrderDonePage} /></Route>
      <Route><Public page={LandingPage} /></Route>
    </Switch>
  );
}
