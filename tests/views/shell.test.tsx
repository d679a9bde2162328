import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../src/lib/browser-session';
import { detectLanguage } from '../../src/i18n/language';
import { mock } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

const englishTitle = 'Cloud backup storage for Proxmox, hosted in Germany';
const germanTitle = 'Cloud-Backup-Speicher für Proxmox, gehostet in Deutschland';

describe('routing', () => {
  it('shows the landing page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: englishTitle })).toBeInTheDocument();
    // The title is set in an effect after the page's first commit.
    await waitFor(() => expect(document.title).toBe(`${englishTitle} · Cloud Backup Portal`));
  });

  it('shows the landing page for an unknown path', async () => {
    renderApp('/this/does/not/exist');
    expect(await screen.findByRole('heading', { level: 1, name: englishTitle })).toBeInTheDocument();
  });

  it('sends a visitor without a login from a guarded page to /login, which leads back to that page', async () => {
    for (const path of [
      '/dashboard',
      '/company',
      '/tutorial',
      '/encryption',
      '/notifications',
      '/contact',
      '/ishop',
      '/ishop/3',
    ]) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
      expect(view.currentPath()).toBe(`/login?next=${encodeURIComponent(path)}`);
      view.unmount();
    }
  });

  it('opens the public pages without a login', async () => {
    const pages: [string, string][] = [
      ['/login', 'Log in'],
      ['/login/changed', 'Log in'],
      ['/register', 'Create a company account'],
      ['/reset', 'Forgot your password?'],
      ['/newpassword?email=a%40b.de&token=x', 'Set a new password'],
      ['/waiting', 'Your account awaits activation'],
      ['/shop', 'Licence shop'],
      ['/shop/2', 'Licence shop'],
      ['/order_done', 'Thank you for your order'],
    ];
    for (const [path, heading] of pages) {
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      // The reset link leaves the address once read (decision 031).
      expect(view.currentPath()).toBe(path.startsWith('/newpassword') ? '/newpassword' : path);
      view.unmount();
    }
  });

  it('sets the canonical link to the current address without its query string', async () => {
    renderApp('/newpassword?email=a%40b.de&token=secret');
    await screen.findByRole('heading', { level: 1, name: 'Set a new password' });
    await waitFor(() =>
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${window.location.origin}/newpassword`,
      ),
    );
  });

  it('updates the canonical link after a navigation', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: englishTitle });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Portal links' })).getByRole('link', { name: 'Create account' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Create a company account' });
    // Set in effects after the commit that shows the page.
    await waitFor(() =>
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${window.location.origin}/register`,
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('main')));
  });
});

describe('the logged-in layout', () => {
  it('shows the email, the customer number and the menu of a logged-in customer', async () => {
    const customer = createCustomer();
    await loginAs(customer);
    renderApp('/tutorial', { loggedIn: true });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByText(customer.email)).toBeInTheDocument();
    expect(within(menu).getByText(/Customer number K-/)).toHaveTextContent(`Customer number ${customer.companyNumber}`);
    // Personal data is marked once, so that a bug report's screenshot hides it (decision 044).
    for (const element of screen.getAllByText(customer.email)) expect(element).toHaveAttribute('data-pii');
    expect(within(menu).getByText(/Customer number K-/)).toHaveAttribute('data-pii');
    for (const name of [
      'Dashboard',
      'Account and settings',
      'Tutorial',
      'Encryption',
      'Licence shop',
      'Support',
      'Service status',
      'Privacy',
      'Imprint',
    ]) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(menu).getByRole('link', { name: 'Tutorial' })).toHaveAttribute('aria-current', 'page');
    // The menu's entry and the profile link of the top bar lead to the same page by the same name.
    for (const link of screen.getAllByRole('link', { name: 'Account and settings' }))
      expect(link).toHaveAttribute('href', '/company');
  });

  it('logs out through the menu and shows /login', async () => {
    const view = await renderAppAs('/dashboard', { as: createCustomer() });
    await view.user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login');
    expect(readSession().loggedIn).toBe(false);
  });

  it('says honestly that the logout is only in this browser when the server does not confirm it (decision 044)', async () => {
    mock.fault('v1.1 POST /logout', 'network', { times: 1 });
    const view = await renderAppAs('/dashboard', { as: createCustomer() });
    await view.user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login/logout-unconfirmed');
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are logged out in this browser. The server did not confirm the logout; if this is a shared computer, close the browser.',
    );
    // The portal holds nothing of the session any more.
    expect(readSession().loggedIn).toBe(false);
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('says nothing of the kind after a logout the server confirmed', async () => {
    const view = await renderAppAs('/dashboard', { as: createCustomer() });
    await view.user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('logs out silently when the stored login is no longer valid on the server', async () => {
    const view = renderApp('/dashboard', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login?next=%2Fdashboard');
    expect(screen.queryByRole('alert', { name: /error/i })).not.toBeInTheDocument();
  });
});

describe('languages', () => {
  it('chooses German only for a browser language starting with de', () => {
    expect(detectLanguage(['de-DE', 'en'])).toBe('de');
    expect(detectLanguage(['de'])).toBe('de');
    expect(detectLanguage(['DE-at'])).toBe('de');
    expect(detectLanguage(['en-US', 'de-DE'])).toBe('en');
    expect(detectLanguage(['fr-FR'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
    expect(detectLanguage(undefined)).toBe('en');
  });

  it('speaks German when the session says so', async () => {
    renderApp('/', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: germanTitle })).toBeInTheDocument();
    expect(screen.getByText('0,02 €')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
  });

  it('switches at once with the picker and remembers the choice for the session', async () => {
    const { user } = renderApp('/', { language: 'en' });
    await screen.findByRole('heading', { level: 1, name: englishTitle });
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByRole('heading', { level: 1, name: germanTitle })).toBeInTheDocument();
    expect(readSession().language).toBe('de');
    expect(sessionStorage.length).toBe(2);
  });

  it('tells the server the new language when logged in', async () => {
    const { user } = await renderAppAs('/tutorial', { language: 'de', as: createCustomer() });
    await screen.findByRole('heading', { level: 1, name: 'Anleitung' });
    const [picker] = screen.getAllByLabelText('Sprache');
    if (!picker) throw new Error('no language picker');
    await user.selectOptions(picker, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorial' })).toBeInTheDocument();
    const { me } = await import('../../src/api/auth');
    await waitFor(async () => expect((await me()).language).toBe('en'));
  });

  it('shows prices in German formatting in English too', async () => {
    renderApp('/');
    expect(await screen.findByText('0,02 €')).toBeInTheDocument();
    expect(screen.getByText('20,00 €')).toBeInTheDocument();
  });
});

describe('a page restored from the back/forward cache (decision 044)', () => {
  const restoring = () => document.documentElement.hasAttribute('data-restoring');

  it('hides a logged-in page as it goes into the cache, and shows the login when the session ended meanwhile', async () => {
    const view = await renderAppAs('/dashboard', { as: createCustomer() });
    await screen.findByRole('button', { name: 'Log out' });
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(restoring()).toBe(true);
    // Meanwhile the session ended on the server (a logout elsewhere, an expiry).
    mock.fault('GET /me', 'http401', { times: 1 });
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(restoring()).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(restoring()).toBe(false));
    expect(view.currentPath()).toBe('/login?next=%2Fdashboard');
    expect(readSession().loggedIn).toBe(false);
  });

  it('shows the page again once the session is confirmed', async () => {
    const view = await renderAppAs('/dashboard', { as: createCustomer() });
    await screen.findByRole('button', { name: 'Log out' });
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(restoring()).toBe(true);
    await waitFor(() => expect(restoring()).toBe(false));
    expect(view.currentPath()).toBe('/dashboard');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('leaves a page that was not restored from the cache, or shows no login, as it is', async () => {
    renderApp('/');
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    expect(restoring()).toBe(false);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(restoring()).toBe(false);
  });
});
