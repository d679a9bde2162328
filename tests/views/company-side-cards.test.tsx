import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { me } from '../../src/api/auth';
import { cancelContract, getCompany } from '../../src/api/company';
import type { Language } from '../../src/config';
import { mock } from '../../src/mocks/node';
import { loginAs, renderApp } from '../support/render-app';

async function openCompany(email = 'demo@example.com', language: Language = 'en') {
  await loginAs(email);
  const view = renderApp('/company', { loggedIn: true, language });
  await screen.findByRole('region', { name: language === 'de' ? 'Firmendaten' : 'Company data' });
  return view;
}

const card = async (name: string) => within(await screen.findByRole('region', { name }));

describe('the notifications card', () => {
  it('switches notifications off and then links to the page that explains it', async () => {
    const { user, currentPath } = await openCompany();
    const notifications = await card('Notifications');
    const checkbox = notifications.getByRole('checkbox', { name: 'Send me notifications by email' });
    expect(checkbox).toBeChecked();
    expect(notifications.queryByRole('link', { name: 'What this means' })).not.toBeInTheDocument();
    await user.click(checkbox);
    expect(checkbox).not.toBeChecked();
    const link = await notifications.findByRole('link', { name: 'What this means' });
    await waitFor(async () => expect((await me()).notifications).toBe(false));
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications are switched off' })).toBeInTheDocument();
    expect(currentPath()).toBe('/notifications');
  });

  it.each<[Language, string, string]>([
    ['en', 'Send me notifications by email', 'The notification setting could not be saved. Please try again.'],
    ['de', 'Benachrichtigungen per E-Mail erhalten', 'Die Benachrichtigungseinstellung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.'],
  ])('returns the checkbox to its old value and shows an error when the call answers 500 (%s)', async (language, label, message) => {
    mock.fault('GET /notifications/{true|false}', 'http500');
    const { user } = await openCompany('demo@example.com', language);
    const notifications = await card(language === 'de' ? 'Benachrichtigungen' : 'Notifications');
    const checkbox = notifications.getByRole('checkbox', { name: label });
    await user.click(checkbox);
    await waitFor(() => expect(notifications.getByRole('alert')).toHaveTextContent(message));
    expect(checkbox).toBeChecked();
    await expect(me()).resolves.toMatchObject({ notifications: true });
  });
});

describe('the cancellation card', () => {
  it('is disabled, and says why, when the company has no products', async () => {
    mock.activate('pending@example.com');
    await openCompany('pending@example.com');
    const cancellation = await card('Cancel the contract');
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toBeDisabled();
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toHaveAccessibleDescription(
      'You have no running products, so there is nothing to cancel.',
    );
  });

  it('is disabled without products in German too', async () => {
    mock.activate('pending@example.com');
    await openCompany('pending@example.com', 'de');
    const cancellation = await card('Vertrag kündigen');
    expect(cancellation.getByRole('button', { name: 'Vertrag kündigen…' })).toBeDisabled();
    expect(cancellation.getByText('Sie haben keine laufenden Produkte, daher gibt es nichts zu kündigen.')).toBeInTheDocument();
  });

  it('states the consequences first and cancels nothing when the customer keeps the contract', async () => {
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    expect(cancellation.getByText('Do you really want to cancel your contract?')).toHaveFocus();
    for (const consequence of [
      /four weeks to the billing date/,
      'After the end, your datastores are read-only.',
      'Your login is deleted 30 days after the end.',
    ]) expect(cancellation.getByText(consequence)).toBeInTheDocument();
    await user.click(cancellation.getByRole('button', { name: 'No, keep the contract' }));
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toHaveFocus();
    await expect(getCompany()).resolves.toMatchObject({ contract_end_date: null });
  });

  it('cancels after the confirmation and shows the end date, also in the product list', async () => {
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    expect(await cancellation.findByText('Your contract has been cancelled.')).toBeInTheDocument();
    expect(await cancellation.findByText(/^Your contract is cancelled and ends on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/)).toBeInTheDocument();
    expect(cancellation.queryByRole('button', { name: /Cancel the contract/ })).not.toBeInTheDocument();
    const products = await card('Your products');
    await waitFor(() => expect(products.queryByText('running')).not.toBeInTheDocument());
    const { contract_end_date: end } = await getCompany();
    expect(end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows why the cancellation failed and keeps the contract', async () => {
    mock.fault('GET /contract/cancel', 'http500');
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    await waitFor(() => expect(cancellation.getByRole('alert')).toHaveTextContent('An error has occurred!'));
    expect(cancellation.getByRole('button', { name: 'Cancel the contract…' })).toHaveFocus();
  });

  it('does not claim success when the answer had no effect, and checks again on request', async () => {
    mock.fault('GET /contract/cancel', 'malformed', { times: 1 });
    const { user } = await openCompany();
    const cancellation = await card('Cancel the contract');
    await user.click(cancellation.getByRole('button', { name: 'Cancel the contract…' }));
    await user.click(cancellation.getByRole('button', { name: 'Yes, cancel the contract' }));
    expect(await cancellation.findByText(/shows no end date for your contract yet/)).toBeInTheDocument();
    expect(cancellation.queryByText('Your contract has been cancelled.')).not.toBeInTheDocument();
    await expect(getCompany()).resolves.toMatchObject({ contract_end_date: null });
    await user.click(cancellation.getByRole('button', { name: 'Check again' }));
    expect(await cancellation.findByText(/shows no end date/)).toBeInTheDocument();
    // Once the server has the cancellation (here: a second, working call), checking shows it.
    await cancelContract();
    await user.click(cancellation.getByRole('button', { name: 'Check again' }));
    expect(await cancellation.findByText('Your contract has been cancelled.')).toBeInTheDocument();
    expect(cancellation.getByText(/^Your contract is cancelled and ends on /)).toBeInTheDocument();
  });
});

describe('the language card', () => {
  it('switches the page to German at once', async () => {
    const { user } = await openCompany();
    const language = await card('Language');
    await user.selectOptions(language.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto und Einstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Firmendaten' })).toBeInTheDocument();
  });
});
