/**
 * The security page (issue 44) with the mock's real handlers: the factors and the open sessions
 * where the server offers second factors, the ending of another session, and nothing of it on a
 * v1 server.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, findAccountByEmail } from '../../src/mocks/db';
import { mock } from '../../src/mocks/node';
import { startSession } from '../../src/mocks/session';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp, renderAppAs } from '../support/render-app';

const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** Another browser's session of the customer, as a login there would start it. */
function anotherSession(email: string) {
  const account = findAccountByEmail(email);
  if (!account) throw new Error(`no account ${email}`);
  startSession(account.id, firefox);
  return () => db.session.count({ where: { accountId: { equals: account.id } } });
}

describe('the security page', () => {
  it('lists the factors and the open sessions, and ends another session', async () => {
    const customer = createCustomer();
    const sessionsLeft = anotherSession(customer.email);
    // Logged in first: once protected, the password alone opens no session.
    await loginAs(customer);
    await mock.protectWithAuthenticator(customer.email);
    const view = renderApp('/security', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in protection' })).toBeInTheDocument();
    const factors = within(await screen.findByRole('region', { name: 'Ways to confirm that it is you' }));
    expect(factors.getByText('Authenticator')).toBeInTheDocument();
    expect(factors.getByText('Authenticator app')).toBeInTheDocument();
    expect(factors.getByText('10 recovery codes left.')).toBeInTheDocument();

    const sessions = within(screen.getByRole('region', { name: 'Where your account is signed in' }));
    await waitFor(() => expect(sessions.getByText('Firefox on Windows')).toBeInTheDocument());
    expect(sessions.getByText('This browser')).toBeInTheDocument();
    expect(sessionsLeft()).toBe(2);
    await view.user.click(sessions.getByRole('button', { name: /^End the session of Firefox on Windows/ }));
    await waitFor(() => expect(sessions.queryByText('Firefox on Windows')).not.toBeInTheDocument());
    expect(sessionsLeft()).toBe(1);
    expect(sessions.queryByRole('button', { name: 'End all other sessions' })).not.toBeInTheDocument();
  });

  it('ends all other sessions at once, and says when the account has its password only', async () => {
    const customer = createCustomer();
    anotherSession(customer.email);
    const sessionsLeft = anotherSession(customer.email);
    const view = await renderAppAs('/security', { as: customer });
    const factors = within(await screen.findByRole('region', { name: 'Ways to confirm that it is you' }));
    expect(factors.getByText('Your account is protected by its password only.')).toBeInTheDocument();
    const sessions = within(screen.getByRole('region', { name: 'Where your account is signed in' }));
    expect(sessions.getAllByText('Firefox on Windows')).toHaveLength(2);
    expect(sessionsLeft()).toBe(3);
    await view.user.click(sessions.getByRole('button', { name: 'End all other sessions' }));
    await waitFor(() => expect(sessions.queryByText('Firefox on Windows')).not.toBeInTheDocument());
    expect(sessionsLeft()).toBe(1);
    expect(sessions.getByText('This browser')).toBeInTheDocument();
  });

  it('leads there from the company page where the server offers second factors', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/company', { as: customer });
    const card = within(await screen.findByRole('region', { name: 'Sign-in protection' }));
    await view.user.click(card.getByRole('link', { name: 'Sign-in protection and open sessions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in protection' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/security');
  });
});

describe('adding an authenticator app', () => {
  it('shows the QR code and the key, takes the first code, and shows the recovery codes once', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/security', { as: customer });
    const factors = within(await screen.findByRole('region', { name: 'Ways to confirm that it is you' }));
    await view.user.click(factors.getByRole('button', { name: 'Add an authenticator app' }));
    const adding = within(await screen.findByRole('region', { name: 'Add an authenticator app' }));
    expect(await adding.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    const key = adding.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent ?? '';
    const code = adding.getByLabelText(/^The code your app shows now/);
    await view.user.type(code, '12');
    await view.user.click(adding.getByRole('button', { name: 'Add the app' }));
    expect(code).toHaveAccessibleDescription('Please enter the six digits your app shows.');
    await view.user.clear(code);
    await view.user.type(code, codeAt(key.replace(/ /g, ''), Date.now()));
    await view.user.click(adding.getByRole('button', { name: 'Add the app' }));

    const codes = within(await screen.findByRole('region', { name: 'Your recovery codes' }));
    await waitFor(() => expect(codes.getByRole('heading', { name: 'Your recovery codes' })).toHaveFocus());
    expect(codes.getAllByRole('listitem')).toHaveLength(10);
    expect(codes.getByRole('button', { name: 'Download as a text file' })).toBeInTheDocument();
    await view.user.click(codes.getByRole('button', { name: 'I have kept them safe' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your recovery codes' })).not.toBeInTheDocument());
    expect(await factors.findByText('10 recovery codes left.')).toBeInTheDocument();
    // Its name, which the page gave it, and its kind.
    expect(factors.getAllByText('Authenticator app')).toHaveLength(2);
  });
});

/** A customer protected by an authenticator app, on the security page. */
async function protectedOnSecurityPage() {
  const customer = createCustomer();
  await loginAs(customer);
  const { recoveryCodes } = await mock.protectWithAuthenticator(customer.email);
  const view = renderApp('/security', { loggedIn: true });
  const factors = within(await screen.findByRole('region', { name: 'Ways to confirm that it is you' }));
  await factors.findByText('10 recovery codes left.');
  return { customer, view, factors, recoveryCodes };
}

describe('removing a factor and renewing the recovery codes', () => {
  it('removes a factor once the customer confirms it, and its recovery codes go with the last one', async () => {
    const { view, factors } = await protectedOnSecurityPage();
    await view.user.click(factors.getByRole('button', { name: 'Remove Authenticator' }));
    const asked = within(factors.getByRole('group', { name: 'Remove Authenticator' }));
    expect(asked.getByText(/^Remove Authenticator\? It will no longer confirm/)).toBeInTheDocument();
    await view.user.click(asked.getByRole('button', { name: 'Keep it' }));
    expect(factors.getByRole('button', { name: 'Remove Authenticator' })).toBeInTheDocument();

    await view.user.click(factors.getByRole('button', { name: 'Remove Authenticator' }));
    await view.user.click(
      within(factors.getByRole('group', { name: 'Remove Authenticator' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await factors.findByText('Your account is protected by its password only.')).toBeInTheDocument();
    expect(factors.queryByText(/recovery codes? left/)).not.toBeInTheDocument();
  });

  it('says why a factor the provider requires cannot be removed, and keeps it', async () => {
    const { customer, view, factors } = await protectedOnSecurityPage();
    mock.requireSecondFactor(customer.email);
    await view.user.click(factors.getByRole('button', { name: 'Remove Authenticator' }));
    await view.user.click(
      within(factors.getByRole('group', { name: 'Remove Authenticator' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await factors.findByText(/requires a second factor for this account: add another/)).toBeInTheDocument();
    expect(factors.getByText('Authenticator')).toBeInTheDocument();
  });

  it('gives ten new recovery codes once asked twice, and the ones before stop working', async () => {
    const { customer, view, factors, recoveryCodes } = await protectedOnSecurityPage();
    await view.user.click(factors.getByRole('button', { name: 'Get new recovery codes' }));
    expect(factors.getByText(/^Your current recovery codes stop working/)).toBeInTheDocument();
    await view.user.click(factors.getByRole('button', { name: 'Keep the current codes' }));
    await view.user.click(factors.getByRole('button', { name: 'Get new recovery codes' }));
    await view.user.click(factors.getByRole('button', { name: 'Yes, get new codes' }));
    const codes = within(await screen.findByRole('region', { name: 'Your recovery codes' }));
    const shown = codes.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(shown).toHaveLength(10);
    await view.user.click(codes.getByRole('button', { name: 'I have kept them safe' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your recovery codes' })).not.toBeInTheDocument());
    expect(await factors.findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(shown.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    // The account holds the ten new codes only.
    const accountId = findAccountByEmail(customer.email)?.id ?? '';
    expect(db.recoveryCode.count({ where: { accountId: { equals: accountId } } })).toBe(10);
  });

  it('asks for a fresh sign-in before the removal when the sign-in grew old, then removes', async () => {
    const { customer, view, factors } = await protectedOnSecurityPage();
    mock.staleSignIns(customer.email);
    await view.user.click(factors.getByRole('button', { name: 'Remove Authenticator' }));
    await view.user.click(
      within(factors.getByRole('group', { name: 'Remove Authenticator' })).getByRole('button', { name: 'Remove' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm that it is you' }));
    const password = await dialog.findByLabelText(/^Your password/);
    // The dialog's effect moves the focus after the commit that shows the field: typed before, the
    // focus would land in the middle of the password.
    await waitFor(() => expect(password).toHaveFocus());
    await view.user.type(password, customer.password);
    await view.user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await factors.findByText('Your account is protected by its password only.')).toBeInTheDocument();
  });
});

describe('a server that speaks v1 only', () => {
  it('has no way to the security page, and the address says that it is not offered', async () => {
    mock.setApiVersion('v1');
    const customer = createCustomer();
    const view = await renderAppAs('/company', { as: customer });
    await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('region', { name: 'Notifications' });
    view.navigate('/security');
    expect(await screen.findByText(/Sign-in protection is not offered for your account yet\./)).toBeInTheDocument();
    view.navigate('/company');
    await screen.findByRole('region', { name: 'Notifications' });
    expect(screen.queryByRole('region', { name: 'Sign-in protection' })).not.toBeInTheDocument();
  });
});
