/**
 * A datastore's page (issue 45) with the mock's real handlers: its space and cost, its usage over
 * a chosen range as a chart and a table, its backup health, what needs attention; the card's way
 * there; and nothing of it on a v1 server.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer, type Customer } from '../support/customers';
import { setClock } from '../support/mock-api';
import { renderAppAs } from '../support/render-app';

/** A customer with a 2 TB datastore at 40 % and a dynamic one, both a year old. */
function customerWithDatastores(): { customer: Customer; fixed: string; dynamic: string } {
  const customer = createCustomer({
    datastores: [aDatastore('web', { volume: 2, space_used_text: '800 GB' }), aDatastore('mail', { volume: 0 })],
  });
  const names = customer.datastores.map((datastore) => datastore.datastore);
  for (const name of names) {
    db.datastore.updateMany({
      where: { datastore: { equals: name } },
      data: { created: Date.now() - 365 * 86_400_000 },
    });
  }
  return { customer, fixed: names[0] ?? '', dynamic: names[1] ?? '' };
}

afterEach(() => vi.useRealTimers());

describe('the datastore page', () => {
  it('shows the fixed volume and its price, the full date, the month’s usage and the backups', async () => {
    setClock('2026-11-25T12:00:00Z');
    const { customer, fixed } = customerWithDatastores();
    await renderAppAs(`/datastore/${fixed}`, { as: customer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Datastore web' })).toBeInTheDocument();
    expect(document.title).toBe('Datastore web · Cloud Backup Portal');
    const space = within(await screen.findByRole('region', { name: 'Space and cost' }));
    expect(space.getByText('Fixed volume of 2 TB, €40.00 a month')).toBeInTheDocument();
    expect(
      await space.findByText(/^[A-Z][a-z]+ \d{1,2}, 20\d\d, if the space keeps growing as it did this month/),
    ).toBeInTheDocument();

    const usage = within(screen.getByRole('region', { name: 'Space over time' }));
    expect(usage.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(usage.getByRole('img', { name: /^Chart of the space used over the last month: from .* of 2\u00a0TB\./ }));
    const table = within(usage.getByRole('region', { name: 'The values as a table' }));
    // The month's 60 steps and the header.
    expect(table.getAllByRole('row')).toHaveLength(61);

    const backups = within(screen.getByRole('region', { name: 'Backups' }));
    expect(backups.getByText('Last backup').nextElementSibling).toHaveTextContent(/^Nov 25, 2026, 1:00 AM$/);
    expect(backups.getByText('Passed on Nov 21, 2026, 5:00 AM')).toBeInTheDocument();
    expect(backups.getByText(/^Passed on Nov 22, 2026, 3:00 AM, gave back \d/)).toBeInTheDocument();
    expect(backups.getByText('22 snapshots')).toBeInTheDocument();
    const tasks = within(backups.getByRole('region', { name: 'Recent tasks' }));
    expect(tasks.getAllByRole('row')[1]).toHaveTextContent(/^BackupNov 25, 2026, 1:00 AM/);
    expect(screen.queryByText('Needs your attention')).not.toBeInTheDocument();
  });

  it('reads another range when it is chosen, and shows a range read before at once', async () => {
    const { customer, fixed } = customerWithDatastores();
    const { user } = await renderAppAs(`/datastore/${fixed}`, { as: customer });
    const usage = within(await screen.findByRole('region', { name: 'Space over time' }));
    await usage.findByRole('img', { name: /over the last month/ });
    await user.click(usage.getByRole('button', { name: 'Week' }));
    expect(await usage.findByRole('img', { name: /over the last week/ })).toBeInTheDocument();
    expect(usage.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(usage.getByRole('region', { name: 'The values as a table' })).getAllByRole('row')).toHaveLength(85);
    await user.click(usage.getByRole('button', { name: 'Month' }));
    expect(usage.getByRole('img', { name: /over the last month/ })).toBeInTheDocument();
  });

  it('gives the dynamic rate’s cost so far and by the month’s end instead of a full date', async () => {
    const { customer, dynamic } = customerWithDatastores();
    await renderAppAs(`/datastore/${dynamic}`, { as: customer });
    const space = within(await screen.findByRole('region', { name: 'Space and cost' }));
    expect(space.getByText('Dynamic rate: €0.02 per GB and month, without a size limit')).toBeInTheDocument();
    expect(await space.findByText(/^€\d+\.\d\d so far; €\d+\.\d\d by the end of the month/)).toBeInTheDocument();
    expect(space.queryByText('Full on')).not.toBeInTheDocument();
  });

  it('says what needs attention after a failed verification and two nights without a backup', async () => {
    const { customer, fixed } = customerWithDatastores();
    mock.failVerification(fixed);
    mock.skipBackups(fixed);
    await renderAppAs(`/datastore/${fixed}`, { as: customer });
    const notice = within(
      await screen
        .findByRole('heading', { level: 2, name: 'Needs your attention' })
        .then((heading) => heading.parentElement ?? heading),
    );
    expect(notice.getByText('The last backup is more than a day old.')).toBeInTheDocument();
    expect(notice.getByText('A verification failed.')).toBeInTheDocument();
    const backups = within(screen.getByRole('region', { name: 'Backups' }));
    expect(backups.getByText(/^Failed on /)).toBeInTheDocument();
    expect(backups.getByText(/: more than a day ago\. Please check your backup jobs\.$/)).toBeInTheDocument();
  });

  it('keeps the backups shown when the usage fails, and reads the usage again on its retry', async () => {
    const { customer, fixed } = customerWithDatastores();
    mock.fault('v1.1 GET /datastores/{name}/usage', 'http500', { times: 1 });
    const { user } = await renderAppAs(`/datastore/${fixed}`, { as: customer });
    const usage = within(await screen.findByRole('region', { name: 'Space over time' }));
    const alert = await usage.findByRole('alert');
    expect(screen.getByRole('region', { name: 'Backups' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await usage.findByRole('img', { name: /over the last month/ })).toBeInTheDocument();
    expect(usage.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so for a name the account has no datastore of', async () => {
    const { customer } = customerWithDatastores();
    await renderAppAs('/datastore/k99999_none', { as: customer });
    expect(await screen.findByText(/Your account has no datastore of this name/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('speaks German on a German page', async () => {
    const { customer, fixed } = customerWithDatastores();
    await renderAppAs(`/datastore/${fixed}`, { as: customer, language: 'de' });
    expect(await screen.findByRole('region', { name: 'Speicherplatz und Kosten' })).toBeInTheDocument();
    expect(screen.getByText('Festes Volumen von 2 TB, 40,00 € im Monat')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Zeitraum' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Backups' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Datastore .+ · Cloud-Backup-Portal$/);
  });
});

describe('the way to a datastore’s page', () => {
  it('is a link on each card where the server tells usage or health', async () => {
    const { customer, fixed } = customerWithDatastores();
    const view = await renderAppAs('/dashboard', { as: customer });
    const card = within(await screen.findByRole('article', { name: 'web' }));
    await view.user.click(await card.findByRole('link', { name: /^Usage and backups\s*of web$/ }));
    await waitFor(() => expect(view.currentPath()).toBe(`/datastore/${fixed}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Datastore web' })).toBeInTheDocument();
  });

  it('is not there on a v1 server, whose page says that it is not offered', async () => {
    mock.setApiVersion('v1');
    const { customer, fixed } = customerWithDatastores();
    await renderAppAs('/dashboard', { as: customer });
    const card = within(await screen.findByRole('article', { name: 'web' }));
    expect(card.getByRole('button', { name: 'Cancel the datastore' })).toBeInTheDocument();
    expect(card.queryByRole('link', { name: /Usage and backups/ })).not.toBeInTheDocument();
    await renderAppAs(`/datastore/${fixed}`, { as: customer });
    expect(await screen.findByText(/are not offered yet/)).toBeInTheDocument();
  });
});

describe('what needs attention on the dashboard', () => {
  it('marks a card whose verification failed and whose backups stopped, and no other', async () => {
    const { customer, fixed } = customerWithDatastores();
    mock.failVerification(fixed);
    mock.skipBackups(fixed);
    await renderAppAs('/dashboard', { as: customer });
    const web = within(await screen.findByRole('article', { name: 'web' }));
    expect(await web.findByText('Needs attention')).toBeInTheDocument();
    const reasons = within(web.getByRole('list', { name: 'Needs attention' }));
    expect(reasons.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'No backup for more than a day',
      'A verification failed',
    ]);
    const mail = within(screen.getByRole('article', { name: 'mail' }));
    expect(mail.queryByText('Needs attention')).not.toBeInTheDocument();
  });

  it('marks nothing on a server that knows only v1, whatever the backups', async () => {
    mock.setApiVersion('v1');
    const { customer, fixed } = customerWithDatastores();
    mock.failVerification(fixed);
    await renderAppAs('/dashboard', { as: customer });
    const web = within(await screen.findByRole('article', { name: 'web' }));
    await waitFor(() => expect(web.getByRole('button', { name: 'Cancel the datastore' })).toBeEnabled());
    expect(web.queryByText('Needs attention')).not.toBeInTheDocument();
  });

  it('narrows a reseller’s list to what needs attention, and counts it in the summary', async () => {
    const customer = createCustomer({ generatedDatastores: 60 });
    const [first] = mock.datastores(customer.email);
    mock.failVerification(first?.name ?? '');
    const view = await renderAppAs('/dashboard', { as: customer });
    const summary = within(await screen.findByRole('region', { name: /summary|Summary/ }));
    const marked = await summary.findByRole('button', { name: /marked “Needs attention”/ });
    const count = Number((marked.textContent ?? '').match(/\d+/)?.[0]);
    expect(count).toBeGreaterThanOrEqual(1);
    await view.user.click(screen.getByRole('checkbox', { name: 'Needs attention' }));
    await waitFor(() => expect(view.currentPath()).toMatch(/show=attention/));
    expect(await screen.findByText(new RegExp(`^Showing ${count} of 60 datastores\\.`))).toBeInTheDocument();
  });
});
