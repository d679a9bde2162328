import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mock } from '../../src/mocks/node';
import { cancellationEndDate } from '../../src/mocks/rules';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { renderAppAs } from '../support/render-app';

/**
 * A customer with a datastore of every kind, bought in this order: `backup` on the dynamic rate,
 * `archive` 85 % full, `old` cancelled, and `media` with unencrypted files.
 */
function aCustomerWithDatastores() {
  return createCustomer({
    datastores: [
      aDatastore('backup', { volume: 0, space_used_text: '734 GB' }),
      aDatastore('archive', { volume: 5, space_used_text: '4.25 TB' }),
      aDatastore('old', { volume: 1, space_used_text: '310 GB', contract_end_date: cancellationEndDate() }),
      aDatastore('media', { volume: 2, space_used_text: '120 GB', unencrypted_files: true }),
    ],
  });
}

async function openDashboard(language: 'en' | 'de' = 'en', customer: Customer = aCustomerWithDatastores()) {
  return { ...(await renderAppAs('/dashboard', { as: customer, language })), customer };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a text that is `text` and nothing else. */
const exactly = (text: string) => new RegExp(`^${escaped(text)}$`);
/** Matches a text that begins with `text`. */
const startingWith = (text: string) => new RegExp(`^${escaped(text)}`);

async function card(name: string) {
  return within(await screen.findByRole('article', { name }));
}

/** The value beside a label in a card's list of access data. */
function fact(scope: ReturnType<typeof within>, label: string) {
  const term = scope.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

const endDate = () =>
  new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${cancellationEndDate()}T00:00:00Z`),
  );

describe('the datastore cards', () => {
  it('shows every datastore of the account with its access data', async () => {
    const { customer } = await openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your datastores' })).toBeInTheDocument();
    const names = (await screen.findAllByRole('article')).map((article) => article.getAttribute('aria-labelledby'));
    expect(names).toEqual(customer.datastores.map((datastore) => `datastore-${datastore.datastore}`));
    const archive = await card('archive');
    const bought = customer.datastore('archive');
    expect(fact(archive, 'Hostname')).toHaveTextContent(/^pbs\d\.backup\.example\.com$/);
    expect(fact(archive, 'Hostname')).toHaveTextContent(exactly(bought.hostname));
    expect(fact(archive, 'Port')).toHaveTextContent('8007');
    expect(fact(archive, 'Datastore')).toHaveTextContent(bought.datastore);
    expect(fact(archive, 'Username')).toHaveTextContent(bought.username);
    expect(fact(archive, 'Repository')).toHaveTextContent(startingWith(bought.repository ?? ''));
    expect(bought.repository).toBe(`${bought.username}@pbs@${bought.hostname}:8007:${bought.datastore}`);
    expect(fact(archive, 'Realm')).toHaveTextContent('Proxmox Backup authentication server');
    expect(fact(archive, 'Password')).toHaveTextContent(
      'Empty: for security reasons, the password is shown only during the first 5 minutes after the purchase.',
    );
    const host = fact(archive, 'Hostname').textContent;
    const link = archive.getByRole('link', { name: /Open on host/ });
    expect(link).toHaveAttribute('href', `https://${host}:8007/`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the dynamic rate without a fill level', async () => {
    await openDashboard();
    const backup = await card('backup');
    expect(fact(backup, 'Rate')).toHaveTextContent('Dynamic rate');
    expect(fact(backup, 'Used')).toHaveTextContent('734 GB');
    expect(screen.getByRole('article', { name: 'backup' }).querySelector('.space-bar')).toBeNull();
    expect(backup.getByRole('button', { name: 'Cancel the datastore' })).toBeEnabled();
  });

  it('shows a fixed volume at 85 % in warning colour and says so in words', async () => {
    await openDashboard();
    const archive = await card('archive');
    expect(fact(archive, 'Rate')).toHaveTextContent('5 TB');
    expect(fact(archive, 'Used')).toHaveTextContent('4.25 TB of 5 TB (85%)');
    expect(archive.getByText('Almost full: more than 80% of the volume is used.')).toBeInTheDocument();
    const bar = screen.getByRole('article', { name: 'archive' }).querySelector('.space-bar');
    expect(bar).toHaveClass('space-bar-warn');
    expect(bar?.querySelector('.space-fill')).toHaveStyle({ width: '85%' });
    const media = await card('media');
    expect(fact(media, 'Used')).toHaveTextContent('120 GB of 2 TB (6%)');
    expect(media.queryByText(/Almost full/)).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'media' }).querySelector('.space-bar')).not.toHaveClass(
      'space-bar-warn',
    );
  });

  it('warns of the scheduled deletion of a cancelled datastore and disables its delete button', async () => {
    await openDashboard();
    const old = await card('old');
    expect(
      old.getByText(
        `this datastore is cancelled. It ends on ${endDate()} and is then deleted with all backups in it.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(old.getByText('Deletion scheduled:')).toBeInTheDocument();
    expect(old.getByRole('button', { name: 'Cancel the datastore' })).toBeDisabled();
  });

  it('warns of unencrypted files with the key-rotation note', async () => {
    await openDashboard();
    const media = await card('media');
    expect(media.getByText('Unencrypted backups:')).toBeInTheDocument();
    expect(media.getByText(/Key rotation: a new client key applies to future backups only/)).toBeInTheDocument();
    expect(media.getByRole('link', { name: 'How to encrypt backups' })).toHaveAttribute('href', '/encryption');
    expect((await card('archive')).queryByText('Unencrypted backups:')).not.toBeInTheDocument();
  });

  it('speaks German, with German dates and numbers', async () => {
    const { customer } = await openDashboard('de');
    const archive = await card('archive');
    expect(fact(archive, 'Benutzername')).toHaveTextContent(customer.datastore('archive').username);
    expect(fact(archive, 'Belegt')).toHaveTextContent('4,25 TB von 5 TB (85 %)');
    expect(archive.getByText('Fast voll: Mehr als 80 % des Volumens sind belegt.')).toBeInTheDocument();
    const germanDate = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${cancellationEndDate()}T00:00:00Z`),
    );
    expect(
      (await card('old')).getByText(
        `Dieser Datastore ist gekündigt. Er endet am ${germanDate} und wird danach mit allen darin gespeicherten Backups gelöscht.`,
        { exact: false },
      ),
    ).toBeInTheDocument();
    expect(fact(await card('backup'), 'Tarif')).toHaveTextContent('Dynamischer Tarif');
  });

  it('copies the repository and confirms it', async () => {
    const { user } = await openDashboard();
    const archive = await card('archive');
    await user.click(archive.getByRole('button', { name: 'Copy repository' }));
    expect(await archive.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(fact(archive, 'Repository').querySelector('code')?.textContent);
  });

  it('offers the text for manual copying when the browser refuses the clipboard', async () => {
    const { user } = await openDashboard();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const archive = await card('archive');
    const repository = fact(archive, 'Repository').querySelector('code')?.textContent;
    await user.click(archive.getByRole('button', { name: 'Copy repository' }));
    expect(await archive.findByText(/Copying is not possible in this browser/)).toBeInTheDocument();
    const manual = archive.getByRole('textbox', { name: 'Copy repository' });
    expect(manual).toHaveValue(repository);
    expect(manual).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(archive.queryByRole('textbox')).not.toBeInTheDocument();
    expect(archive.getByRole('button', { name: 'Copy repository' })).toHaveFocus();
  });

  it('tells a customer without datastores how to get one', async () => {
    await openDashboard('en', createCustomer({ company: null }));
    expect(
      await screen.findByText('You have no datastores yet. Choose a rate below to buy your first one.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Once you have bought a datastore, its connection data appears here.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('loading the status', () => {
  it('shows a clear message with a retry when the status fails, never a blank page', async () => {
    mock.fault('GET /status', 'http500', { times: 1 });
    const { user } = await openDashboard();
    const alert = await screen.findByText('Your datastores could not be loaded.', { exact: false });
    expect(alert).toHaveTextContent('An error has occurred!');
    expect(screen.getByRole('heading', { name: 'Buy backup storage' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'archive' })).toBeInTheDocument();
    expect(screen.queryByText('Your datastores could not be loaded.', { exact: false })).not.toBeInTheDocument();
  });

  it('says when the answer cannot be understood', async () => {
    mock.fault('GET /status', 'malformed', { times: 1 });
    await openDashboard();
    expect(await screen.findByText(/The server sent an answer the portal does not understand/)).toBeInTheDocument();
  });

  it('logs out silently when the status answers 401, with a login that leads back to /dashboard', async () => {
    mock.fault('GET /status', 'http401');
    const view = await openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login?next=%2Fdashboard');
    expect(screen.queryByText('Your datastores could not be loaded.', { exact: false })).not.toBeInTheDocument();
  });
});

describe('the configuration guide', () => {
  it('shows the first datastore as Proxmox VE wants it, beside our illustrations', async () => {
    const { customer } = await openDashboard();
    const guide = within(await screen.findByRole('region', { name: 'Configuration guide' }));
    const backup = await card('backup');
    const host = fact(backup, 'Hostname').textContent;
    const values = guide.getAllByRole('listitem').map((item) => item.textContent);
    expect(values).toEqual([
      `Server${host}:8007`,
      `Username${customer.datastore('backup').username}@pbs`,
      expect.stringMatching(/^Password/),
      `Datastore${customer.datastore('backup').datastore}`,
    ]);
    expect(guide.getByRole('img', { name: 'Where to add the storage in Proxmox VE' })).toBeInTheDocument();
    expect(
      guide.getByRole('img', { name: /The fields of the “Add: Proxmox Backup Server” dialog/ }),
    ).toBeInTheDocument();
    expect(guide.getByRole('link', { name: 'tutorial' })).toHaveAttribute('href', '/tutorial');
  });

  it('draws the illustrations with German words for a German page', async () => {
    await openDashboard('de');
    const guide = within(await screen.findByRole('region', { name: 'Konfigurationsanleitung' }));
    const form = guide.getByRole('img', { name: /Die Felder des Dialogs/ });
    expect(within(form).getByText('Benutzername:')).toBeInTheDocument();
    expect(
      within(guide.getByRole('img', { name: 'Wo Sie den Storage in Proxmox VE hinzufügen' })).getByText(
        'Rechenzentrum',
      ),
    ).toBeInTheDocument();
  });
});
