import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mock } from '../../src/mocks/node';
import { loginAs, renderApp } from '../support/render-app';

async function openDashboard(language: 'en' | 'de' = 'en') {
  await loginAs('demo@example.com');
  const view = renderApp('/dashboard', { loggedIn: true, language });
  await screen.findByRole('article', { name: 'backup' });
  return view;
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('cancelling a datastore', () => {
  it('asks for confirmation and keeps the datastore when the customer changes their mind', async () => {
    const { user } = await openDashboard();
    const remove = card('backup').getByRole('button', { name: 'Delete datastore' });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the datastore “backup”?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/deleted together with all backups/);
    expect(within(dialog).getByRole('button', { name: 'Keep datastore' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep datastore' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(card('backup').queryByText('Deletion scheduled:')).not.toBeInTheDocument();
    expect(mock.outbox().filter((mail) => mail.subject.startsWith('Cancellation'))).toEqual([]);
  });

  it('closes the confirmation with Escape and keeps focus inside it with Tab', async () => {
    const { user } = await openDashboard();
    await user.click(card('media').getByRole('button', { name: 'Delete datastore' }));
    const dialog = await screen.findByRole('alertdialog');
    const keep = within(dialog).getByRole('button', { name: 'Keep datastore' });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, delete datastore' });
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(card('media').getByRole('button', { name: 'Delete datastore' })).toHaveFocus();
  });

  it('cancels after confirmation, then shows the scheduled deletion and disables delete', async () => {
    const { user } = await openDashboard();
    await user.click(card('archive').getByRole('button', { name: 'Delete datastore' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete datastore' }),
    );
    expect(await card('archive').findByText('Deletion scheduled:')).toBeInTheDocument();
    expect(card('archive').getByRole('button', { name: 'Delete datastore' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'archive' })).toHaveFocus());
    expect(mock.outbox().at(-1)?.subject).toBe('Cancellation of datastore archive');
  });

  it('shows why a cancellation failed on the card and keeps the datastore as it was', async () => {
    mock.fault('GET /datastore/cancel/{name}', 'http500', { times: 1 });
    const { user } = await openDashboard();
    await user.click(card('backup').getByRole('button', { name: 'Delete datastore' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete datastore' }),
    );
    expect(await card('backup').findByRole('alert')).toHaveTextContent('An error has occurred!');
    expect(card('backup').getByRole('button', { name: 'Delete datastore' })).toBeEnabled();
    expect(card('backup').queryByText('Deletion scheduled:')).not.toBeInTheDocument();
  });

  it('asks in German on a German page', async () => {
    const { user } = await openDashboard('de');
    await user.click(card('backup').getByRole('button', { name: 'Datastore löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Den Datastore „backup“ löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Datastore löschen' }));
    expect(await card('backup').findByText('Löschung geplant:')).toBeInTheDocument();
  });
});
