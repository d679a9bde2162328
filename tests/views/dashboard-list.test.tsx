import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Datastore } from '../../src/domain/entities';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

/**
 * The dashboard of a reseller (decision 024): a customer whose 8 datastores the mock generates,
 * in this order: web1, db2, mx3, fs4, erp5, crm6, vm7 and git8; git8 alone has unencrypted files,
 * vm7 uses the most space (4.01 TB), none is almost full or cancelled. The mock spreads them over
 * its hosts: a test reads a datastore's host and name from `reseller`.
 */
async function openDashboard(
  options: { count?: number; language?: 'en' | 'de'; path?: (reseller: Customer) => string } = {},
) {
  const reseller = createCustomer({ generatedDatastores: options.count ?? 8 });
  const view = await renderAppAs(options.path?.(reseller) ?? '/dashboard', {
    as: reseller,
    language: options.language ?? 'en',
  });
  await screen.findAllByRole('article');
  /** The names on the server of the datastores with these identifiers, in this order. */
  const names = (...identifiers: string[]) => identifiers.map((identifier) => reseller.datastore(identifier).datastore);
  return { ...view, reseller, names };
}

/** A datastore's host as a search finds it: 'pbs2' of 'pbs2.backup.example.com'. */
const hostOf = (datastore: Datastore) => datastore.hostname.split('.')[0] ?? '';

/** The names of the reseller's datastores on the host of `datastore`, in the order of purchase. */
const namesOnTheHostOf = (reseller: Customer, datastore: Datastore) =>
  reseller.datastores.filter((other) => hostOf(other) === hostOf(datastore)).map((other) => other.datastore);

/** The datastores of the cards in the page, in their order. */
const cardNames = () =>
  screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby')?.replace('datastore-', ''));

/** The summary's live line: how many datastores the list shows. */
const shownLine = () => within(screen.getByRole('region', { name: /Summary|Zusammenfassung/ })).getByRole('status');

describe('the dashboard of an ordinary customer', () => {
  it('shows up to five datastores as before: no summary, no search, no filters', async () => {
    const customer = createCustomer({
      datastores: [aDatastore('backup'), aDatastore('archive'), aDatastore('old'), aDatastore('media')],
    });
    await loginAs(customer);
    renderApp('/dashboard', { loggedIn: true, language: 'en' });
    expect(await screen.findAllByRole('article')).toHaveLength(customer.datastores.length);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    expect(screen.queryByRole('feed')).toBeNull();
  });
});

describe('the dashboard of a reseller', () => {
  it('sums up the datastores above the list: count, used space and what needs attention', async () => {
    await openDashboard();
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByRole('button', { name: '8 datastores' })).toHaveAttribute('aria-pressed', 'true');
    expect(summary.getByRole('button', { name: '21.96\u00a0TB used' })).toHaveAttribute('aria-pressed', 'false');
    expect(summary.getByText('Need attention:')).toBeInTheDocument();
    expect(summary.getByRole('button', { name: '1 with unencrypted backups' })).toBeInTheDocument();
    expect(summary.queryByRole('button', { name: /almost full/ })).toBeNull();
  });

  it('lists the datastores as a feed whose cards say where they stand in it', async () => {
    await openDashboard();
    const feed = screen.getByRole('feed', { name: 'Datastores' });
    const first = within(feed).getAllByRole('article')[0];
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(first).toHaveAttribute('aria-setsize', '8');
    expect(first).toHaveAccessibleDescription('Datastore 1 of 8');
    expect(first).toHaveAttribute('tabindex', '0');
  });

  it('narrows the list as the customer types, by name or host, and says how many it shows', async () => {
    const { user, currentPath, reseller, names } = await openDashboard();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'web');
    expect(cardNames()).toEqual(names('web1'));
    expect(shownLine()).toHaveTextContent('Showing 1 of 8 datastores.');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    const mx3 = reseller.datastore('mx3');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), hostOf(mx3));
    const onTheHost = namesOnTheHostOf(reseller, mx3);
    expect(onTheHost).toContain(mx3.datastore);
    expect(onTheHost.length).toBeLessThan(8);
    expect(cardNames()).toEqual(onTheHost);
    await vi.waitFor(() => expect(currentPath()).toBe(`/dashboard?q=${hostOf(mx3)}`));
  });

  it('offers every datastore again when nothing matches', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('checkbox', { name: 'Almost full' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No datastore matches your search and filters.')).toBeInTheDocument();
    expect(shownLine()).toHaveTextContent('Showing 0 of 8 datastores.');
    const showAll = screen.getAllByRole('button', { name: 'Show all datastores' });
    await user.click(showAll[showAll.length - 1] as HTMLElement);
    expect(screen.getAllByRole('article').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'Almost full' })).not.toBeChecked();
  });

  it('narrows the list to what a figure of the summary counts, and shows all again on a second click', async () => {
    const { user, names } = await openDashboard();
    const figure = screen.getByRole('button', { name: '1 with unencrypted backups' });
    await user.click(figure);
    expect(cardNames()).toEqual(names('git8'));
    expect(figure).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: 'Unencrypted backups' })).toBeChecked();
    await user.click(figure);
    expect(cardNames()[0]).toBe(names('web1')[0]);
    expect(figure).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows one rate only', async () => {
    const { user, names } = await openDashboard();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rate' }), 'Fixed volume');
    expect(cardNames()).toEqual(names('db2', 'mx3', 'vm7'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rate' }), 'Dynamic rate');
    expect(cardNames()).not.toContain(names('db2')[0]);
    expect(shownLine()).toHaveTextContent('Showing 5 of 8 datastores.');
  });

  it('sorts by used space from the toolbar or from the summary, and by name', async () => {
    const { user, currentPath, names } = await openDashboard();
    await user.click(screen.getByRole('button', { name: /TB used/ }));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('used');
    expect(cardNames().slice(0, 3)).toEqual(names('vm7', 'mx3', 'crm6'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name');
    expect(cardNames().slice(0, 3)).toEqual(names('crm6', 'db2', 'erp5'));
    await vi.waitFor(() => expect(currentPath()).toBe('/dashboard?sort=name'));
  });

  it('opens with the search and filters of a shared address', async () => {
    const { reseller } = await openDashboard({
      path: (reseller) => `/dashboard?q=${hostOf(reseller.datastore('git8'))}&rate=dynamic&sort=name`,
    });
    const git8 = reseller.datastore('git8');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(hostOf(git8));
    expect(screen.getByRole('combobox', { name: 'Rate' })).toHaveValue('dynamic');
    const dynamicOnTheHost = namesOnTheHostOf(reseller, git8)
      .filter((name) => reseller.datastores.find((datastore) => datastore.datastore === name)?.volume === 0)
      .sort();
    expect(dynamicOnTheHost).toContain(git8.datastore);
    expect(cardNames()).toEqual(dynamicOnTheHost);
  });

  it('follows the address when it changes from outside, as with the back button', async () => {
    const { navigate, names } = await openDashboard({ path: () => '/dashboard?show=unencrypted' });
    expect(cardNames()).toEqual(names('git8'));
    act(() => navigate('/dashboard?q=db'));
    expect(await screen.findByRole('searchbox', { name: 'Search' })).toHaveValue('db');
    expect(cardNames()).toEqual(names('db2'));
    expect(screen.getByRole('checkbox', { name: 'Unencrypted backups' })).not.toBeChecked();
  });

  it('speaks German throughout', async () => {
    const { user } = await openDashboard({ language: 'de' });
    const summary = within(screen.getByRole('region', { name: 'Zusammenfassung' }));
    expect(summary.getByRole('button', { name: '8 Datastores' })).toBeInTheDocument();
    expect(summary.getByRole('button', { name: '21,96\u00a0TB belegt' })).toBeInTheDocument();
    expect(summary.getByText('Zu beachten:')).toBeInTheDocument();
    expect(screen.getByRole('feed', { name: 'Datastores' }).querySelector('article')).toHaveAccessibleDescription(
      'Datastore 1 von 8',
    );
    expect(screen.getByRole('group', { name: 'Nur anzeigen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tarif' })).toHaveValue('all');
    await user.type(screen.getByRole('searchbox', { name: 'Suchen' }), 'zzz');
    expect(screen.getByText('Kein Datastore passt zu Ihrer Suche und Ihren Filtern.')).toBeInTheDocument();
    expect(shownLine()).toHaveTextContent('0 von 8 Datastores angezeigt.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sortieren nach' }), 'Füllstand, höchster zuerst');
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue('fill');
  });
});
