/**
 * The fresh sign-in before a risky change (issue 44, decision 058, point 4) with the mock's real
 * handlers: a server that answers the contract's cancellation `reauth-required` opens one dialog
 * over the page; confirmed, the same cancellation is made; given up, nothing is cancelled.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, findAccountByEmail, findCompany } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

async function askCancellation(view: ReturnType<typeof renderApp>) {
  const card = within(await screen.findByRole('region', { name: 'Cancel the contract' }));
  await view.user.click(await card.findByRole('button', { name: 'Cancel the contract…' }));
  await view.user.click(card.getByRole('button', { name: 'Yes, cancel the contract' }));
  return screen.findByRole('dialog', { name: 'Confirm that it is you' });
}

/** A customer with a datastore under contract: there is something to cancel. */
const aCustomer = () => createCustomer({ datastores: [aDatastore('backup')] });

function contractEnd(email: string): string | null | undefined {
  const account = db.account.findFirst({ where: { email: { equals: email } } });
  return account ? findCompany(account.id)?.contract_end_date : undefined;
}

describe('the fresh sign-in before a risky change', () => {
  it('asks for the password once the sign-in is old, refuses a wrong one, and then cancels the contract', async () => {
    const customer = aCustomer();
    const view = await renderAppAs('/company', { as: customer });
    mock.staleSignIns(customer.email);
    const dialog = within(await askCancellation(view));
    const password = await dialog.findByLabelText(/^Your password/);
    await waitFor(() => expect(password).toHaveFocus());
    await view.user.type(password, 'not-the-password');
    await view.user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('The password is wrong.')).toBeInTheDocument();
    expect(contractEnd(customer.email)).toBeFalsy();

    await view.user.clear(password);
    await view.user.type(password, customer.password);
    await view.user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Your contract has been cancelled\./)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Confirm that it is you' })).not.toBeInTheDocument();
    expect(contractEnd(customer.email)).toBeTruthy();
  });

  it('leaves the contract as it was when the customer cancels the dialog, and says why', async () => {
    const customer = aCustomer();
    const view = await renderAppAs('/company', { as: customer });
    mock.staleSignIns(customer.email);
    const dialog = within(await askCancellation(view));
    await view.user.click(await dialog.findByRole('button', { name: 'Cancel the change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = within(screen.getByRole('region', { name: 'Cancel the contract' }));
    expect(
      await card.findByText('For this change, confirm it is you with your password or a second factor.'),
    ).toBeInTheDocument();
    expect(contractEnd(customer.email)).toBeFalsy();
  });

  it('offers the authenticator app of a protected account, and takes its code', async () => {
    const customer = aCustomer();
    await loginAs(customer);
    const { secret } = await mock.protectWithAuthenticator(customer.email);
    const view = renderApp('/company', { loggedIn: true });
    mock.staleSignIns(customer.email);
    const dialog = within(await askCancellation(view));
    const others = within(await dialog.findByRole('region', { name: 'Other ways to confirm' }));
    expect(others.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
    await view.user.click(others.getByRole('button', { name: 'Use a code from my authenticator app' }));
    await view.user.type(dialog.getByLabelText(/^Code from your authenticator app/), codeAt(secret, Date.now()));
    await view.user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/^Your contract has been cancelled\./)).toBeInTheDocument();
  });

  it('asks nothing of a sign-in that is still fresh', async () => {
    const customer = aCustomer();
    const view = await renderAppAs('/company', { as: customer });
    const card = within(await screen.findByRole('region', { name: 'Cancel the contract' }));
    await view.user.click(await card.findByRole('button', { name: 'Cancel the contract…' }));
    await view.user.click(card.getByRole('button', { name: 'Yes, cancel the contract' }));
    expect(await screen.findByText(/^Your contract has been cancelled\./)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a change of the payment method, and saves the edit as it was typed', async () => {
    const customer = createCustomer({ company: { payment_type: 'direct_debit', iban: 'DE89370400440532013000' } });
    const view = await renderAppAs('/company', { as: customer });
    mock.staleSignIns(customer.email);
    const edit = await screen.findByRole('button', { name: /^(Edit|Enter company data)$/ });
    await waitFor(() => expect(edit).toBeEnabled());
    await view.user.click(edit);
    const form = within(await screen.findByRole('form', { name: 'Edit company data' }));
    await view.user.selectOptions(form.getByRole('combobox', { name: /Payment method/ }), 'Invoice / bank transfer');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm that it is you' }));
    const password = await dialog.findByLabelText(/^Your password/);
    // The dialog's effect moves the focus after the commit that shows the field: typed before, the
    // focus would land in the middle of the password.
    await waitFor(() => expect(password).toHaveFocus());
    await view.user.type(password, customer.password);
    await view.user.click(dialog.getByRole('button', { name: 'Confirm' }));
    const data = within(await screen.findByRole('region', { name: 'Company data' }));
    expect(await data.findByText('Invoice / bank transfer')).toBeInTheDocument();
    const account = findAccountByEmail(customer.email);
    expect(account ? findCompany(account.id)?.payment_type : undefined).toBe('bill');
  });

  it('asks nothing of an edit that leaves the payment as it was', async () => {
    const customer = aCustomer();
    const view = await renderAppAs('/company', { as: customer });
    mock.staleSignIns(customer.email);
    const edit = await screen.findByRole('button', { name: /^(Edit|Enter company data)$/ });
    await waitFor(() => expect(edit).toBeEnabled());
    await view.user.click(edit);
    const form = within(await screen.findByRole('form', { name: 'Edit company data' }));
    await view.user.type(form.getByRole('textbox', { name: 'Phone' }), '-1');
    await view.user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit company data' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
