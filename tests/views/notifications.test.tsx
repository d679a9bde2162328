import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setNotifications } from '../../src/api/settings';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

describe('the notifications page', () => {
  it('explains that notifications are off and leads to the company page to switch them on', async () => {
    await loginAs(createCustomer({ user: { notifications: true } }));
    await setNotifications(false);
    const { user, currentPath } = renderApp('/notifications', { loggedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notifications are switched off' }),
    ).toBeInTheDocument();
    // The title is set in an effect after the page's first commit.
    await waitFor(() => expect(document.title).toBe('Notifications are switched off · Cloud Backup Portal'));
    expect(screen.getByText(/You have switched off our notifications by email/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to “Account and settings”' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account and settings' })).toBeInTheDocument();
    expect(currentPath()).toBe('/company');
    expect(await screen.findByRole('checkbox', { name: 'Send me notifications by email' })).not.toBeChecked();
  });

  it('speaks German', async () => {
    await loginAs(createCustomer({ user: { notifications: true } }));
    await setNotifications(false);
    renderApp('/notifications', { loggedIn: true, language: 'de' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Benachrichtigungen sind ausgeschaltet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Sie haben unsere Benachrichtigungen per E-Mail ausgeschaltet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu „Konto und Einstellungen“' })).toHaveAttribute('href', '/company');
  });

  it('says so when notifications are on', async () => {
    await loginAs(createCustomer({ user: { notifications: true } }));
    renderApp('/notifications', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications are switched on' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to “Account and settings”' })).toHaveAttribute('href', '/company');
  });
});
