/**
 * The alerts (issue 45) with the mock's real handlers: the top bar's bell and its count, the list
 * on /alerts with each alert leading to its datastore, the rules form, the way from the
 * notification switch, and nothing of it on a v1 server.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { renderAppAs } from '../support/render-app';

/** A customer with a 2 TB datastore at 40 %, a year old. */
function customerWithDatastore() {
  const customer = createCustomer({ datastores: [aDatastore('web', { volume: 2, space_used_text: '800 GB' })] });
  const name = customer.datastores[0]?.datastore ?? '';
  db.datastore.updateMany({ where: { datastore: { equals: name } }, data: { created: Date.now() - 365 * 86_400_000 } });
  return { customer, name };
}

describe('the alerts', () => {
  it('count in the top bar what was raised while the page is open, and list it on their page, where the count ends', async () => {
    const { customer, name } = customerWithDatastore();
    const user = userEvent.setup();
    await renderAppAs('/dashboard', { as: customer });
    const bell = await screen.findByRole('link', { name: 'Alerts' });
    mock.fillDatastore(name, 85);
    mock.failVerification(name);
    await waitFor(() => expect(bell).toHaveAccessibleName('Alerts, 2 new'), { timeout: 4_000 });
    await user.click(bell);
    const list = within(await screen.findByRole('region', { name: 'Recent alerts' }));
    expect(await list.findByRole('link', { name: `Datastore ${name} is 85\u00a0% full.` })).toHaveAttribute(
      'href',
      `/datastore/${name}`,
    );
    expect(list.getByRole('link', { name: `A verification of datastore ${name} failed.` })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page'));
  });

  it('say so when nothing was raised, and in German on a German page', async () => {
    const { customer } = customerWithDatastore();
    await renderAppAs('/alerts', { as: customer, language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hinweise' })).toBeInTheDocument();
    expect(await screen.findByText('Keine Hinweise in den letzten 30 Tagen.')).toBeInTheDocument();
  });

  it('are not there on a v1 server, whose alerts page says that they are not offered', async () => {
    mock.setApiVersion('v1');
    const { customer } = customerWithDatastore();
    await renderAppAs('/alerts', { as: customer });
    expect(await screen.findByText('Alerts are not offered yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
  });
});

describe('the alert rules', () => {
  it('start as the server keeps them, and are saved with a lower threshold, another hour and a recipient', async () => {
    const { customer } = customerWithDatastore();
    const user = userEvent.setup();
    await renderAppAs('/alerts', { as: customer });
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const percent = await rules.findByRole('textbox', { name: 'Share of the volume in percent' });
    expect(percent).toHaveValue('80');
    await user.clear(percent);
    await user.type(percent, '90');
    await user.click(rules.getByRole('checkbox', { name: 'When a garbage collection fails' }));
    await user.type(rules.getByRole('textbox', { name: 'Email addresses for alerts' }), 'ops@example.com');
    await user.click(rules.getByRole('button', { name: 'Save the rules' }));
    expect(await rules.findByRole('status')).toHaveTextContent('Your alert rules are saved.');
    expect(mock.alertRules(customer.email)).toEqual({
      space_percent: 90,
      backup_hours: 24,
      verification: true,
      collection: false,
      recipients: ['ops@example.com'],
    });
  });

  it('say beside each field what is wrong, and send nothing', async () => {
    const { customer } = customerWithDatastore();
    const user = userEvent.setup();
    await renderAppAs('/alerts', { as: customer });
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const percent = await rules.findByRole('textbox', { name: 'Share of the volume in percent' });
    await user.clear(percent);
    await user.type(percent, '40');
    await user.type(
      rules.getByRole('textbox', { name: 'Email addresses for alerts' }),
      'a@example.com, b@example.com, c@example.com, d@example.com, e@example.com, f@example.com',
    );
    await user.click(rules.getByRole('button', { name: 'Save the rules' }));
    expect(percent).toHaveAccessibleDescription('Please enter a whole number from 50 to 99.');
    expect(rules.getByRole('textbox', { name: 'Email addresses for alerts' })).toHaveAccessibleDescription(
      /Please enter at most 5 addresses\.$/,
    );
    expect(mock.alertRules(customer.email).space_percent).toBe(80);
  });

  it('keep what was typed when the server fails, and say why', async () => {
    const { customer } = customerWithDatastore();
    const user = userEvent.setup();
    await renderAppAs('/alerts', { as: customer });
    const rules = within(await screen.findByRole('region', { name: 'Alert rules' }));
    const hours = await rules.findByRole('textbox', { name: 'Hours without a backup' });
    await user.clear(hours);
    await user.type(hours, '48');
    mock.fault('v1.1 PUT /alert-rules', 'http500');
    await user.click(rules.getByRole('button', { name: 'Save the rules' }));
    expect(await rules.findByRole('alert')).toBeInTheDocument();
    expect(hours).toHaveValue('48');
    expect(mock.alertRules(customer.email).backup_hours).toBe(24);
  });

  it('are a way from the notification switch on the account page', async () => {
    const { customer } = customerWithDatastore();
    await renderAppAs('/company', { as: customer });
    const card = within(await screen.findByRole('region', { name: 'Notifications' }));
    expect(await card.findByRole('link', { name: 'set the alert rules' })).toHaveAttribute('href', '/alerts#rules');
  });
});
