import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useSessionActor, useUser } from '../../app/session';
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

/** SPEC §2: top bar, sidebar and profile block around the pages of a logged-in customer. */
export default function PortalLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const session = useSessionActor();
  const user = useUser();
  const loggingOut = useSelector(session, selectIsLoggingOut);
  const userFailed = useSelector(session, selectUserFailed);

  return (
    <div className="portal-layout">
      <SkipLink />
      <header className="top-bar">
        <Link href={paths.dashboard()} className="brand">
          <Logo size={32} />
          <span className="brand-name">
            <FormattedMessage id="app.name" defaultMessage="Cloud Backup Portal" />
          </span>
        </Link>
        <div className="top-bar-user">
          {user && <span className="top-bar-email">{user.email}</span>}
          <Link
            href={paths.company()}
            className="profile-link"
            aria-label={intl.formatMessage({ id: 'nav.profile', defaultMessage: 'Account and settings' })}
          >
            <ProfileIcon />
          </Link>
        </div>
      </header>
      <nav className="sidebar" aria-label={intl.formatMessage({ id: 'nav.sidebar', defaultMessage: 'Main menu' })}>
        {user && (
          <section
            className="profile-block"
            aria-label={intl.formatMessage({ id: 'nav.profileBlock', defaultMessage: 'Your profile' })}
          >
            <p className="profile-email">{user.email}</p>
            {user.company_number && (
              <p className="profile-number">
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
        {children}
      </main>
    </div>
  );
}
