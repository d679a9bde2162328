/**
 * The second step of a login (issue 44, decision 058) with the mock's real handlers: an account
 * protected by an authenticator app is asked for its code after the password, on the login page
 * and in the login in place; wrong codes are counted in the server's words, a recovery code is an
 * answer too, and a ticket that is over sends the customer back to the password with it kept.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import type { Language } from '../../src/domain/constants';
import { readSession } from '../../src/lib/browser-session';
import { mock, server } from '../../src/mocks/node';
import { codeAt } from '../../src/mocks/v1-1/totp';
import { createCustomer } from '../support/customers';
import { renderApp, renderAppAs } from '../support/render-app';

// A login and its second step through jsdom, key by key: more than the default 5 s on two shared cores.
const journey = { timeout: 15_000 };

const words = {
  en: {
    email: /^Email address/,
    password: /^Password/,
    logIn: 'Log in',
    step: 'Confirm that it is you',
    code: /^Code from your authenticator app/,
    confirm: 'Confirm',
    required: 'Please fill in this field.',
    notSix: 'Please enter the six digits your authenticator app shows.',
    wrong: 'The code is wrong or has expired. 4 attempts left.',
    useRecovery: 'Use a recovery code',
    recovery: /^Recovery code/,
    back: 'Back to the password',
    expired: 'Your sign-in has expired. Please log in again with your password.',
  },
  de: {
    email: /^E-Mail-Adresse/,
    password: /^Passwort/,
    logIn: 'Anmelden',
    step: 'Bestätigen Sie, dass Sie es sind',
    code: /^Code aus Ihrer Authenticator-App/,
    confirm: 'Bestätigen',
    required: 'Bitte füllen Sie dieses Feld aus.',
    notSix: 'Bitte geben Sie die sechs Ziffern ein, die Ihre Authenticator-App anzeigt.',
    wrong: 'Der Code ist falsch oder abgelaufen. Noch 4 Versuche.',
    useRecovery: 'Einen Wiederherstellungscode verwenden',
    recovery: /^Wiederherstellungscode/,
    back: 'Zurück zum Passwort',
    expired: 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut mit Ihrem Passwort an.',
  },
} as const;

async function protectedCustomer() {
  const customer = createCustomer();
  return { ...customer, ...(await mock.protectWithAuthenticator(customer.email)) };
}

/** The login page after the password of a protected account: its second step. */
async function atSecondStep(language: Language = 'en') {
  const text = words[language];
  const customer = await protectedCustomer();
  const view = renderApp('/login', { language });
  await view.user.type(await screen.findByLabelText(text.email), customer.email);
  await view.user.type(screen.getByLabelText(text.password), customer.password);
  await view.user.click(screen.getByRole('button', { name: text.logIn }));
  const step = await screen.findByRole('form', { name: text.step });
  return { ...view, customer, step: within(step), text };
}

describe.each(['en', 'de'] as const)('the second step of a login in %s', journey, (language) => {
  it('asks a protected account for its code after the password, checks it inline, and logs in with it', async () => {
    const { user, step, text, customer, currentPath } = await atSecondStep(language);
    // The password alone opened no session.
    expect(readSession().loggedIn).toBe(false);
    const code = step.getByLabelText(text.code);
    // The step's effect moves the focus after the commit that shows it (passive effects run later).
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(step.getByRole('button', { name: text.confirm }));
    expect(code).toHaveAccessibleDescription(text.required);
    await user.type(code, '12345');
    expect(code).toHaveAccessibleDescription(text.notSix);
    await user.clear(code);
    await user.type(code, codeAt(customer.secret, Date.now()));
    await user.click(step.getByRole('button', { name: text.confirm }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(readSession().loggedIn).toBe(true);
  });

  it('counts a wrong code down in the server words and keeps the customer in the step', async () => {
    const { user, step, text } = await atSecondStep(language);
    await user.type(step.getByLabelText(text.code), '000000');
    await user.click(step.getByRole('button', { name: text.confirm }));
    expect(await step.findByText(text.wrong)).toBeInTheDocument();
    expect(step.getByLabelText(text.code)).toHaveValue('000000');
  });
});

describe('the second step of a login', journey, () => {
  const text = words.en;

  it('takes a recovery code instead of the app code', async () => {
    const { user, step, customer, currentPath } = await atSecondStep();
    await user.click(step.getByRole('button', { name: text.useRecovery }));
    const recovery = step.getByLabelText(text.recovery);
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.type(recovery, customer.recoveryCodes[0] ?? '');
    await user.click(step.getByRole('button', { name: text.confirm }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('goes back to the password with what was typed', async () => {
    const { user, step, customer } = await atSecondStep();
    await user.click(step.getByRole('button', { name: text.back }));
    expect(await screen.findByLabelText(text.password)).toHaveValue(customer.password);
    expect(screen.getByLabelText(text.email)).toHaveValue(customer.email);
  });

  it('sends the customer back to the password with a notice when the ticket is over', async () => {
    const { user, step, customer } = await atSecondStep();
    mock.expireLoginTickets(customer.email);
    await user.type(step.getByLabelText(text.code), codeAt(customer.secret, Date.now()));
    await user.click(step.getByRole('button', { name: text.confirm }));
    expect(await screen.findByText(text.expired)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(text.password)).toHaveValue(customer.password);
    expect(readSession().loggedIn).toBe(false);
  });

  it('asks for the code in the login in place too, and keeps the page under it', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/contact', { as: customer });
    const message = await screen.findByRole('textbox', { name: /Your message/ });
    await view.user.type(message, 'My backup job fails since Tuesday.');
    // The account is protected meanwhile, and its session has ended.
    const { secret } = await mock.protectWithAuthenticator(customer.email);
    server.use(
      http.post(apiUrl('/contact'), () => HttpResponse.json({ reason: 'Not logged in' }, { status: 401 }), {
        once: true,
      }),
    );
    await view.user.click(screen.getByRole('button', { name: 'Send message' }));
    const box = within(await screen.findByRole('dialog', { name: 'Your session has ended' }));
    await view.user.type(box.getByLabelText(text.password), customer.password);
    await view.user.click(box.getByRole('button', { name: 'Log in again' }));
    const step = within(await box.findByRole('form', { name: text.step }));
    expect(step.getByRole('heading', { level: 3, name: text.step })).toBeInTheDocument();
    const code = codeAt(secret, Date.now());
    await view.user.type(step.getByLabelText(text.code), code);
    // Whole before it is sent: once on CI (strict mock) the field held one digit of six here.
    expect(step.getByLabelText(text.code)).toHaveValue(code);
    await view.user.click(step.getByRole('button', { name: text.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.currentPath()).toBe('/contact');
    expect(message).toHaveValue('My backup job fails since Tuesday.');
  });
});

describe('a server that answers the login with a second step the portal cannot read', journey, () => {
  it('reads a ticket without methods as an answer it does not understand', async () => {
    server.use(
      http.post(apiUrl('/login'), () => HttpResponse.json({ is_active: true, second_factor: { ticket: 'x' } })),
    );
    const view = renderApp('/login');
    // The server's answer is this test's own: any address and password reach it.
    await view.user.type(await screen.findByLabelText(words.en.email), 'someone@example.com');
    await view.user.type(screen.getByLabelText(words.en.password), 'Any-Password-2026');
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('The server sent an answer the portal does not understand. Please try again later.'),
    ).toBeInTheDocument();
  });
});
