import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mock } from '../../src/mocks/node';
import { cancellationEndDate } from '../../src/mocks/rules';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

/** A customer with a running datastore, `backup`, and a cancelled one, `old`, bought in this order. */
function aCustomerWithDatastores() {
  return createCustomer({
    datastores: [aDatastore('backup'), aDatastore('old', { contract_end_date: cancellationEndDate() })],
  });
}

describe('the tutorial', () => {
  it("shows both parts with the customer's real connection data", async () => {
    const customer = aCustomerWithDatastores();
    await loginAs(customer);
    const first = customer.datastore('backup');
    const repository = first.repository ?? '';
    renderApp('/tutorial', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorial' })).toBeInTheDocument();
    const data = screen.getByRole('region', { name: 'Your connection data' });
    expect(await within(data).findByText(first.hostname)).toBeInTheDocument();
    expect(within(data).getByText(`${first.username}@pbs`)).toBeInTheDocument();
    const storage = screen.getByRole('region', { name: 'Part 1: Set up the storage in Proxmox VE' });
    expect(within(storage).getByText(first.hostname)).toBeInTheDocument();
    expect(within(storage).getByText(`${first.username}@pbs`)).toBeInTheDocument();
    expect(within(storage).getByText(first.datastore)).toBeInTheDocument();
    expect(within(storage).getByText('8007')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Part 2: Set up a backup job' })).toBeInTheDocument();
    const client = screen.getByRole('region', { name: 'Without Proxmox VE: back up a Linux host' });
    expect(within(client).getByText(new RegExp(repository.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(within(storage).getByRole('link', { name: 'Encryption' })).toHaveAttribute('href', '/encryption');
  });

  it('lets the customer pick the datastore the steps use', async () => {
    const customer = aCustomerWithDatastores();
    const old = customer.datastore('old');
    const { user } = await renderAppAs('/tutorial', { as: customer });
    const picker = await screen.findByRole('combobox', { name: 'Datastore for this tutorial' });
    await user.selectOptions(picker, old.datastore);
    const storage = screen.getByRole('region', { name: 'Part 1: Set up the storage in Proxmox VE' });
    expect(within(storage).getByText(`${old.username}@pbs`)).toBeInTheDocument();
    expect(screen.getByText(/This datastore is cancelled and will be deleted after/)).toBeInTheDocument();
  });

  it('shows the English illustrations with text alternatives', async () => {
    await loginAs(aCustomerWithDatastores());
    renderApp('/tutorial', { loggedIn: true });
    const storage = await screen.findByRole('img', {
      name: /Illustration of the Proxmox VE dialog “Add: Proxmox Backup Server”/,
    });
    expect(storage.getAttribute('src')).toMatch(/storage-en\.svg/);
    expect(screen.getByRole('img', { name: /“Create: Backup Job”/ }).getAttribute('src')).toMatch(/job-en\.svg/);
  });

  it('speaks German with the German illustrations', async () => {
    const customer = aCustomerWithDatastores();
    await loginAs(customer);
    renderApp('/tutorial', { loggedIn: true, language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anleitung' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Teil 1: Den Storage in Proxmox VE einrichten' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /„Hinzufügen: Proxmox Backup Server“/ }).getAttribute('src')).toMatch(
      /storage-de\.svg/,
    );
    expect(screen.getByRole('img', { name: /„Erstellen: Backup-Job“/ }).getAttribute('src')).toMatch(/job-de\.svg/);
    expect(
      await screen.findByText(`${customer.datastore('backup').username}@pbs`, { selector: '.tutorial-values code' }),
    ).toBeInTheDocument();
  });

  it('shows placeholders and a way to the dashboard to a customer without a datastore', async () => {
    await loginAs(createCustomer({ company: null }));
    renderApp('/tutorial', { loggedIn: true });
    expect(await screen.findByText(/You have no datastore yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'portal’s dashboard' })).toHaveAttribute('href', '/dashboard');
    const storage = screen.getByRole('region', { name: 'Part 1: Set up the storage in Proxmox VE' });
    expect(within(storage).getByText('your server (see the portal’s dashboard)')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Datastore for this tutorial' })).not.toBeInTheDocument();
  });

  it('explains a failed load, keeps the steps and loads again on retry', async () => {
    await loginAs(aCustomerWithDatastores());
    mock.fault('GET /status', 'http500', { times: 1 });
    const { user } = renderApp('/tutorial', { loggedIn: true });
    expect(await screen.findByText(/Your connection data could not be loaded/)).toBeInTheDocument();
    expect(screen.getByText('An error has occurred!')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Part 2: Set up a backup job' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Datastore for this tutorial' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });
});
