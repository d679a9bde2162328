import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { forgotPassword } from '../../src/api/auth';
import { db } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { OperatorPanel } from '../../src/mocks/operator-panel';
import { seedEmails } from '../support/mock-api';

async function openPanel() {
  const user = userEvent.setup({ delay: null });
  render(<OperatorPanel controls={mock} />);
  const toggle = screen.getByRole('button', { name: 'Mock API' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return { user, toggle, panel: screen.getByRole('region', { name: 'Mock API operator' }) };
}

describe('the operator panel', () => {
  it('opens from a floating toggle and closes with Escape, returning focus to the toggle', async () => {
    const { user, toggle, panel } = await openPanel();
    expect(within(panel).getByRole('heading', { level: 3, name: 'Pending accounts' })).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Reset data' }));
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Mock API operator' })).not.toBeInTheDocument();
  });

  it('activates a pending account and shows the mail it sent', async () => {
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: `Activate ${seedEmails.pending}` }));
    expect(within(panel).getByText('No account awaits activation.')).toBeVisible();
    expect(within(panel).getByText('Your account has been activated')).toBeVisible();
    expect(within(panel).getByRole('status')).toHaveTextContent(`${seedEmails.pending} is active.`);
  });

  it('shows a reset mail that arrives while it is open, with a relative link to the app', async () => {
    const { panel } = await openPanel();
    await act(() => forgotPassword({ email: seedEmails.demo }));
    const link = within(panel).getByRole('link', { name: /^\/newpassword\?email=demo%40example\.com&token=/ });
    expect(link.getAttribute('href')).toMatch(/^\/newpassword\?/);
  });

  it('adds faults for a call and clears them', async () => {
    const { user, panel } = await openPanel();
    await user.selectOptions(within(panel).getByLabelText('Call'), 'GET /me');
    await user.selectOptions(within(panel).getByLabelText('Kind'), 'timeout');
    await user.type(within(panel).getByLabelText('Times (empty: until cleared)'), '2');
    await user.click(within(panel).getByRole('button', { name: 'Add fault' }));
    expect(mock.faults()).toEqual([{ call: 'GET /me', kind: 'timeout', remaining: 2 }]);
    expect(within(panel).getByRole('list', { name: 'Active faults' })).toHaveTextContent('GET /me: timeout (2 more)');
    await user.click(within(panel).getByRole('button', { name: 'Clear faults' }));
    expect(mock.faults()).toEqual([]);
    expect(within(panel).getByText('No faults.')).toBeVisible();
  });

  it('offers the calls of v1.1 for a fault too', async () => {
    const { user, panel } = await openPanel();
    await user.selectOptions(within(panel).getByLabelText('Call'), 'v1.1 POST /datastores');
    await user.selectOptions(within(panel).getByLabelText('Kind'), 'http500');
    await user.click(within(panel).getByRole('button', { name: 'Add fault' }));
    expect(mock.faults()).toEqual([{ call: 'v1.1 POST /datastores', kind: 'http500', remaining: null }]);
  });

  it('switches the API the mock speaks between v1 only and v1.1', async () => {
    const { user, panel } = await openPanel();
    const choice = within(panel).getByRole('combobox', { name: 'The mock speaks' });
    expect(choice).toHaveValue('v1.1');
    await user.selectOptions(choice, 'v1');
    expect(mock.apiVersion()).toBe('v1');
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'The mock speaks v1 only (every v1.1 path answers 404).',
    );
    await user.selectOptions(choice, 'v1.1');
    expect(mock.apiVersion()).toBe('v1.1');
    expect(within(panel).getByRole('status')).toHaveTextContent('The mock speaks v1 and v1.1.');
  });

  it('sets the latency', async () => {
    const { user, panel } = await openPanel();
    const input = within(panel).getByLabelText('Latency in ms');
    await user.clear(input);
    await user.type(input, '250');
    await user.click(within(panel).getByRole('button', { name: 'Set latency' }));
    expect(mock.latency()).toBe(250);
    expect(within(panel).getByText('Now: 250 ms')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Realistic latency' }));
    expect(mock.latency()).toEqual({ min: 200, max: 600 });
  });
});

describe('the operator panel: a reseller account', () => {
  it('gives the demo account the number of datastores asked for, and refuses what it cannot give', async () => {
    const { user, panel } = await openPanel();
    const field = within(panel).getByLabelText('Datastores of the demo account');
    await user.clear(field);
    await user.type(field, '25');
    await user.click(within(panel).getByRole('button', { name: 'Give datastores' }));
    expect(within(panel).getByRole('status')).toHaveTextContent(
      'The demo account has 25 datastores now. Reload the dashboard to see them.',
    );
    await user.clear(field);
    await user.type(field, '10001');
    await user.click(within(panel).getByRole('button', { name: 'Give datastores' }));
    // The browser's own check keeps the form from being sent.
    expect(field).toBeInvalid();
    expect(within(panel).getByRole('status')).toHaveTextContent('The demo account has 25 datastores now.');
    await user.clear(field);
    await user.click(within(panel).getByRole('button', { name: 'Give datastores' }));
    expect(within(panel).getByRole('status')).toHaveTextContent('Datastores must be a whole number from 0 to 10000.');
  });

  it('fills a datastore to 85 %, fails its verification and skips two nights, and says why a dynamic one cannot be filled', async () => {
    const { user, panel } = await openPanel();
    const names = Object.fromEntries(mock.datastores().map(({ identifier, name }) => [identifier, name]));
    const media = names['media'] ?? '';
    await user.selectOptions(within(panel).getByLabelText('Datastore'), media);
    await user.click(within(panel).getByRole('button', { name: 'Fill to 85 %' }));
    expect(within(panel).getByRole('status')).toHaveTextContent(`${media} is 85 % full now.`);
    await user.click(within(panel).getByRole('button', { name: 'Fail a verification' }));
    expect(within(panel).getByRole('status')).toHaveTextContent(`A verification of ${media} failed.`);
    await user.click(within(panel).getByRole('button', { name: 'Skip two nights of backups' }));
    expect(within(panel).getByRole('status')).toHaveTextContent(`${media} had no backup in the last two nights.`);
    expect(db.scheduleChange.findMany({}).map((change) => change.kind)).toEqual([
      'fill',
      'failed-verification',
      'skipped-backups',
    ]);
    await user.click(within(panel).getByRole('button', { name: 'Drop the event streams' }));
    expect(within(panel).getByRole('status')).toHaveTextContent('0 event streams dropped.');
    await user.selectOptions(within(panel).getByLabelText('Datastore'), names['backup'] ?? '');
    await user.click(within(panel).getByRole('button', { name: 'Fill to 85 %' }));
    expect(within(panel).getByRole('status')).toHaveTextContent(/is on the dynamic rate: it has no volume to fill/);
  });
});
