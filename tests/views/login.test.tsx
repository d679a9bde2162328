import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { me } from '../../src/api/auth';
import { apiUrl } from '../../src/api/client';
import { readSession } from '../../src/lib/browser-session';
import type { Language } from '../../src/domain/constants';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { renderApp } from '../support/render-app';

/** Whole pages on two shared cores: more than the default 5 s. */
const journey = { timeout: 15_000 };

const words = {
  en: {
    title: 'Log in',
    email: 'Email address',
    password: /^Password/,
    submit: 'Log in',
    required: 'Please fill in this field.',
    emailInvalid: 'Please enter a valid email address, like name@example.com.',
    notActive: 'Please wait until your account is activated within 2 to 3 business days (notification by email)',
    failed: 'Username and password do not match or the account has not yet been activated',
    general: 'An error has occurred!',
    network: 'The server cannot be reached. Please check your connection and try again.',
    invalidAnswer: 'The server sent an answer the portal does not understand. Please try again later.',
    changed: 'Your password has been changed.',
    tooMany: 'Too many attempts in a short time. Please wait a minute and try again.',
    tooMany20: 'Too many attempts in a short time. Please wait 20 seconds and try again.',
    logoutUnconfirmed:
      'You are logged out in this browser. The server did not confirm the logout; if this is a shared computer, close the browser.',
  },
  de: {
    title: 'Anmelden',
    email: 'E-Mail-Adresse',
    password: /^Passwort/,
    submit: 'Anmelden',
    required: 'Bitte füllen Sie dieses Feld aus.',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z.\u00a0B. name@example.com.',
    notActive:
      'Ihr Konto ist noch nicht freigeschaltet. Das dauert 2 bis 3 Werktage; wir benachrichtigen Sie per E-Mail.',
    failed: 'E-Mail-Adresse und Passwort passen nicht zusammen, oder Ihr Konto ist noch nicht freigeschaltet.',
    general: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    invalidAnswer: 'Die Antwort des Servers konnte nicht verarbeitet werden. Bitte versuchen Sie es später erneut.',
    changed: 'Ihr Passwort wurde geändert.',
    tooMany: 'Zu viele Versuche in kurzer Zeit. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    tooMany20: 'Zu viele Versuche in kurzer Zeit. Bitte warten Sie 20 Sekunden und versuchen Sie es dann erneut.',
    logoutUnconfirmed:
      'Sie sind in diesem Browser abgemeldet. Der Server hat die Abmeldung nicht bestätigt; wenn dies ein gemeinsam genutzter Computer ist, schließen Sie den Browser.',
  },
} as const;

async function openLogin(language: Language, path = '/login') {
  const view = renderApp(path, { language });
  await screen.findByRole('heading', { level: 1, name: words[language].title });
  const email = screen.getByRole('textbox', { name: words[language].email });
  const password = screen.getByLabelText(words[language].password);
  const submit = screen.getByRole('button', { name: words[language].submit });
  /** Fills both fields as a password manager fills them, and presses the button. */
  const logIn = async (address: string, secret: string) => {
    fireEvent.change(email, { target: { value: address } });
    fireEvent.change(password, { target: { value: secret } });
    await view.user.click(submit);
  };
  return { ...view, email, password, submit, logIn };
}

describe.each(['en', 'de'] as const)('the login page in %s', journey, (language) => {
  const text = words[language];

  it('shows the logout notice at /login/logout-unconfirmed (decision 044)', async () => {
    await openLogin(language, '/login/logout-unconfirmed');
    expect(screen.getByRole('status')).toHaveTextContent(text.logoutUnconfirmed);
  });

  it('shows field errors beside their fields and focuses the first one', async () => {
    const { user, submit, email, password } = await openLogin(language);
    await user.click(submit);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(text.required);
    expect(password).toHaveAccessibleDescription(text.required);
    expect(email).toHaveFocus();
    await user.type(email, 'demo@');
    expect(email).toHaveAccessibleDescription(text.emailInvalid);
  });

  it('shows the password-changed notice at /login/changed', async () => {
    await openLogin(language, '/login/changed');
    expect(screen.getByRole('status')).toHaveTextContent(text.changed);
  });
});

describe('the login page in English', journey, () => {
  const language: Language = 'en';
  const text = words[language];

  it('logs an active customer in and shows /dashboard without any message', async () => {
    const customer = createCustomer();
    const { logIn, currentPath } = await openLogin(language);
    await logIn(customer.email, customer.password);
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(readSession().loggedIn).toBe(true);
    // The original portal showed the generic message even after success (SPEC §4); not here.
    expect(screen.queryByText(text.failed)).not.toBeInTheDocument();
    // The login carried the page's language (SPEC §7); the mock keeps it on the account.
    expect((await me()).language).toBe(language);
  });

  it('shows the activation notice when the server answers 401', async () => {
    const customer = createCustomer();
    mock.fault('POST /login', 'http401', { times: 1 });
    const { logIn } = await openLogin(language);
    await logIn(customer.email, customer.password);
    expect(await screen.findByText(text.notActive)).toBeInTheDocument();
  });

  it('shows the general message when the server fails, and the malformed-answer message', async () => {
    const customer = createCustomer();
    mock.fault('POST /login', 'http500', { times: 1 });
    mock.fault('POST /login', 'malformed', { times: 1 });
    const { logIn, user, submit } = await openLogin(language);
    await logIn(customer.email, customer.password);
    expect(await screen.findByText(text.general)).toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText(text.invalidAnswer)).toBeInTheDocument();
    expect(screen.queryByText(text.general)).not.toBeInTheDocument();
  });

  it("shows the general message when the server's text of a 5xx is only markup", async () => {
    const customer = createCustomer();
    server.use(
      http.post(apiUrl('/login'), () => HttpResponse.json({ status: 'error', reason: ' <br> ' }, { status: 503 }), {
        once: true,
      }),
    );
    const { logIn } = await openLogin(language);
    await logIn(customer.email, customer.password);
    expect(await screen.findByText(text.general)).toBeInTheDocument();
  });

  it("says to wait a minute when the proxy's rate limit answers 429, and keeps what was typed (decision 031)", async () => {
    const customer = createCustomer();
    // nginx's own page for limit_req: HTML, no reason of the API's.
    server.use(
      http.post(
        apiUrl('/login'),
        () =>
          new HttpResponse('<html><head><title>429 Too Many Requests</title></head></html>', {
            status: 429,
            headers: { 'Content-Type': 'text/html' },
          }),
        { once: true },
      ),
    );
    const { logIn, email } = await openLogin(language);
    await logIn(customer.email, customer.password);
    expect(await screen.findByText(text.tooMany)).toHaveAttribute('role', 'alert');
    expect(email).toHaveValue(customer.email);
  });
});

describe('the login page in German', journey, () => {
  const language: Language = 'de';
  const text = words[language];

  it('shows the activation notice to a customer whose account is not yet active', async () => {
    const registered = createCustomer({ active: false });
    const { logIn, currentPath, email } = await openLogin(language);
    await logIn(registered.email, registered.password);
    expect(await screen.findByText(text.notActive)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(readSession().loggedIn).toBe(false);
    expect(email).toHaveValue(registered.email);
  });

  it('shows the generic message for a wrong password and keeps what was typed', async () => {
    const customer = createCustomer();
    const { logIn, email, password } = await openLogin(language);
    await logIn(customer.email, 'Wrong-Password-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent(text.failed);
    expect(email).toHaveValue(customer.email);
    expect(password).toHaveValue('Wrong-Password-2026');
  });

  it('shows the text of a server that explains its failure, as plain text and as the server wrote it', async () => {
    const customer = createCustomer();
    // SPEC §8 "Server errors are shown from the reason or message field" (docs/decisions/017).
    server.use(
      http.post(
        apiUrl('/login'),
        () => HttpResponse.json({ status: 'error', message: '<b>Wartungsarbeiten</b> bis\n14 Uhr' }, { status: 503 }),
        { once: true },
      ),
    );
    const { logIn, email, password } = await openLogin(language);
    await logIn(customer.email, customer.password);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(/^Wartungsarbeiten bis 14 Uhr$/));
    expect(alert.querySelector('b')).toBeNull();
    expect(screen.queryByText(text.general)).not.toBeInTheDocument();
    expect(email).toHaveValue(customer.email);
    expect(password).toHaveValue(customer.password);
  });

  it('shows the network message when the server cannot be reached', async () => {
    const customer = createCustomer();
    mock.fault('POST /login', 'network', { times: 1 });
    const { logIn } = await openLogin(language);
    await logIn(customer.email, customer.password);
    expect(await screen.findByText(text.network)).toBeInTheDocument();
  });

  it('says how long to wait when a 429 sends Retry-After, and sends nothing on a second press before then (decision 044)', async () => {
    const customer = createCustomer();
    let calls = 0;
    server.use(
      http.post(apiUrl('/login'), () => {
        calls += 1;
        return HttpResponse.json(
          { status: 'error', reason: 'Rate limit exceeded' },
          { status: 429, headers: { 'Retry-After': '20' } },
        );
      }),
    );
    const { logIn, submit, user } = await openLogin(language);
    await logIn(customer.email, customer.password);
    expect(await screen.findByText(text.tooMany20)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Rate limit exceeded')).not.toBeInTheDocument();
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);
    await user.keyboard('{Enter}');
    expect(calls).toBe(1);
    expect(screen.getByText(text.tooMany20)).toBeInTheDocument();
  });
});

describe('the login page', journey, () => {
  it('marks both fields as required', async () => {
    const { email, password } = await openLogin('en');
    expect(email).toBeRequired();
    expect(password).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows nothing for an unknown message parameter, and never its text', async () => {
    const crafted = await openLogin('en', '/login/%3Cb%3EYou%20won%3C%2Fb%3E');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/You won/)).not.toBeInTheDocument();
    crafted.unmount();
    // Names of Object.prototype are not message keys either.
    await openLogin('en', '/login/toString');
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('shows the server text for a refusal the catalogue has no message for', async () => {
    const customer = createCustomer();
    server.use(
      http.post(apiUrl('/login'), () =>
        HttpResponse.json({ status: 'error', reason: 'This account is locked, please call us' }, { status: 423 }),
      ),
    );
    const { logIn } = await openLogin('en');
    await logIn(customer.email, customer.password);
    expect(await screen.findByText('This account is locked, please call us')).toBeInTheDocument();
  });

  it('sends the form once while busy, with a disabled button', async () => {
    const customer = createCustomer();
    let calls = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Counts the calls and holds them; the mock's own handler answers afterwards.
    server.use(
      http.post(apiUrl('/login'), async () => {
        calls += 1;
        await gate;
      }),
    );
    const { logIn, submit, user, currentPath } = await openLogin('en');
    await logIn(customer.email, customer.password);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await user.click(submit);
    release();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(calls).toBe(1);
  });

  it('offers the ways to a new password and to a new account', async () => {
    await openLogin('en');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset');
    expect(within(main).getByRole('link', { name: 'Create a company account' })).toHaveAttribute('href', '/register');
  });
});
