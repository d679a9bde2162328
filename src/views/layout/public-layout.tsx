import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { Logo } from '../shared/logo';
import { LinkBar } from './link-bar';
import { SkipLink } from './skip-link';

/** SPEC §2: the cover panel with logo and the link bar around the anonymous pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="public-layout">
      <SkipLink />
      <header className="cover">
        <Link href="/" className="brand">
          <Logo size={48} />
          <span className="brand-name">
            <FormattedMessage id="app.name" defaultMessage="Cloud Backup Portal" />
          </span>
        </Link>
        <p className="cover-claim">
          <FormattedMessage id="cover.claim" defaultMessage="Backup storage for Proxmox, hosted in Germany." />
        </p>
        <LinkBar />
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
