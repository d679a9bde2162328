import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AlertsFeedContext } from '../../lib/contexts';
import type { AlertsActor } from '../../machines/alerts.machine';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useFreshSignInAsked } from '../../lib/fresh-sign-in';
import { preloadable } from '../../lib/preloadable';
import { useSessionActor, useUser } from '../../lib/session';
import { selectIsLoggingOut, selectUserFailed } from '../../machines/session.machine';
import { config } from '../../config';
import { paths } from '../../domain/routes';
import { Logo } from '../shared/logo';
import { ExternalLink } from './external-link';
import { LanguagePicker } from './language-picker';
import { SkipLink } from './skip-link';

function ProfileIcon() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="#dbe7f5" />
      <circle cx="16" cy="12.5" r="5.5" fill="#0b5cad" />
      <path d="M6.5 26.5c1.8-5 5.3-7.5 9.5-7.5s7.7 2.5 9.5 7.5" fill="#0b5cad" />
    </svg>
  );
}

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [location] = useLocation();
  const current = location === href || location.startsWith(`${href}/`);
  return (
    <Link href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M2 4.5h16M2 10h16M2 15.5h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The phone's menu (decision 036): the navigation behind a button below the breakpoint, open until
 * the button is pressed again, Escape (the focus goes back to the button), a press outside the
 * button and the navigation, or another page.
 */
function useMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const [location] = useLocation();
  const [shownAt, setShownAt] = useState(location);
  if (shownAt !== location) {
    // Another page: the menu closes (a link of it was followed).
    setShownAt(location);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An Escape a dialog over the menu has taken (src/views/shared/modal-dialog.tsx) is not the menu's.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (buttonRef.current?.contains(target) || navRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  return { open, toggle: () => setOpen((was) => !was), buttonRef, navRef };
}

// The alerts' bell and feed (issue 45): loaded after the page, shown only where the server raises alerts.
const AlertsLink = preloadable<{ account: string; onFeed: (feed: AlertsActor | null) => void }>(
  () => import('../alerts/alerts-link'),
  'alerts',
);

/** SPEC §2: top bar, sidebar and profile block around the pages of a logged-in customer. */
// Loaded when a server first asks for a fresh sign-in before a risky change (issue 44).
const FreshSignInDialog = preloadable(() => import('../sign-in/fresh-sign-in-dialog'), 'sign-in');

/**
 * The fresh sign-in over whatever logged-in page made the risky change (issue 44, decision 058):
 * shown while a change waits for it. The public pages make no such change, and load nothing of it.
 */
function FreshSignIn() {
  const asked = useFreshSignInAsked();
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <FreshSignInDialog />
    </Suspense>
  );
}

export default function PortalLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSessionActor();
  const user = useUser();
  const loggingOut = useSelector(session, selectIsLoggingOut);
  const userFailed = useSelector(session, selectUserFailed);
  const menu = useMenu();
  const navId = useId();
  const [alertsFeed, setAlertsFeed] = useState<AlertsActor | null>(null);

  return (
    <div className={menu.open ? 'portal-layout menu-open' : 'portal-layout'}>
      <SkipLink />
      <header className="top-bar">
        <Link href={paths.dashboard()} className="brand">
          <Logo size={32} />
          <span className="brand-name">
            <FormattedMessage id="app.name" defaultMessage="Cloud Backup Portal" />
          </span>
        </Link>
        <div className="top-bar-user">
          {user && (
            <Suspense fallback={null}>
              <AlertsLink account={user.email} onFeed={setAlertsFeed} />
            </Suspense>
          )}
          {user && (
            <span className="top-bar-email" data-pii="">
              {user.email}
            </span>
          )}
          <Link
            href={paths.company()}
            className="profile-link"
            aria-label={intl.formatMessage({ id: 'nav.profile', defaultMessage: 'Account and settings' })}
          >
            <ProfileIcon />
          </Link>
        </div>
        <button
          ref={menu.buttonRef}
          type="button"
          className="menu-button"
          aria-expanded={menu.open}
          aria-controls={navId}
          onClick={menu.toggle}
        >
          <MenuIcon />
          <FormattedMessage id="nav.menu" defaultMessage="Menu" />
        </button>
      </header>
      <nav
        ref={menu.navRef}
        id={navId}
        className="sidebar"
        aria-label={intl.formatMessage({ id: 'nav.sidebar', defaultMessage: 'Main menu' })}
      >
        {user && (
          <section
            className="profile-block"
            aria-label={intl.formatMessage({ id: 'nav.profileBlock', defaultMessage: 'Your profile' })}
          >
            <p className="profile-email" data-pii="">
              {user.email}
            </p>
            {user.company_number && (
              <p className="profile-number" data-pii="">
                <FormattedMessage
                  id="nav.customerNumber"
                  defaultMessage="Customer number {number}"
                  values={{ number: user.company_number }}
                />
              </p>
            )}
          </section>
        )}
        <ul>
          <li>
            <NavLink href={paths.dashboard()}>
              <FormattedMessage id="nav.dashboard" defaultMessage="Dashboard" />
            </NavLink>
          </li>
          <li>
            <NavLink href={paths.company()}>
              <FormattedMessage id="nav.account" defaultMessage="Account and settings" />
            </NavLink>
          </li>
          <li>
            <NavLink href={paths.tutorial()}>
              <FormattedMessage id="nav.tutorial" defaultMessage="Tutorial" />
            </NavLink>
          </li>
          <li>
            <NavLink href={paths.encryption()}>
              <FormattedMessage id="nav.encryption" defaultMessage="Encryption" />
            </NavLink>
          </li>
          <li>
            <NavLink href={paths.ishop()}>
              <FormattedMessage id="nav.shop" defaultMessage="Licence shop" />
            </NavLink>
          </li>
          <li>
            <NavLink href={paths.contact()}>
              <FormattedMessage id="nav.support" defaultMessage="Support" />
            </NavLink>
          </li>
          <li>
            <button
              type="button"
              className="link-button"
              onClick={() => session.send({ type: 'session.logout' })}
              disabled={loggingOut}
              aria-busy={loggingOut}
            >
              <FormattedMessage id="nav.logout" defaultMessage="Log out" />
            </button>
          </li>
        </ul>
        <ul className="sidebar-external">
          <li>
            <ExternalLink href={config.statusPageUrl}>
              <FormattedMessage id="nav.status" defaultMessage="Service status" />
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={config.privacyUrl}>
              <FormattedMessage id="nav.privacy" defaultMessage="Privacy" />
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={config.imprintUrl}>
              <FormattedMessage id="nav.imprint" defaultMessage="Imprint" />
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={config.termsUrl}>
              <FormattedMessage id="nav.terms" defaultMessage="Terms and conditions" />
            </ExternalLink>
          </li>
        </ul>
        <LanguagePicker />
      </nav>
      <main id="main" className="portal-main" tabIndex={-1}>
        {userFailed && (
          <div className="notice notice-error" role="alert">
            <FormattedMessage id="session.userFailed" defaultMessage="Your account data could not be loaded." />{' '}
            <button type="button" className="link-button" onClick={() => session.send({ type: 'user.retry' })}>
              <FormattedMessage id="action.retry" defaultMessage="Try again" />
            </button>
          </div>
        )}
        <AlertsFeedContext.Provider value={alertsFeed}>{children}</AlertsFeedContext.Provider>
      </main>
      <FreshSignIn />
    </div>
  );
}
