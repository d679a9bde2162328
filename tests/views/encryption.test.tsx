import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

describe('the encryption page', () => {
  it('explains server-side and client-side encryption, keeping the key and key rotation', async () => {
    await loginAs(createCustomer());
    renderApp('/encryption', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Encryption' })).toBeInTheDocument();
    for (const name of ['Server-side encryption', 'Client-side encryption', 'Keep the key safe', 'Key rotation']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Create a client key' })).toBeInTheDocument();
    expect(screen.getByText(/Without the key, encrypted backups cannot be restored/)).toBeInTheDocument();
    expect(screen.getByText('proxmox-backup-client key create backup.key')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'tutorial' })).toHaveAttribute('href', '/tutorial');
    // The title is set in an effect after the page's first commit.
    await waitFor(() => expect(document.title).toBe('Encryption · Cloud Backup Portal'));
  });

  it('speaks German', async () => {
    await loginAs(createCustomer());
    renderApp('/encryption', { loggedIn: true, language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verschlüsselung' })).toBeInTheDocument();
    for (const name of [
      'Serverseitige Verschlüsselung',
      'Clientseitige Verschlüsselung',
      'Den Schlüssel sicher aufbewahren',
      'Schlüsselwechsel',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(
      screen.getByText(/Ohne den Schlüssel lassen sich verschlüsselte Backups nicht wiederherstellen/),
    ).toBeInTheDocument();
  });
});
