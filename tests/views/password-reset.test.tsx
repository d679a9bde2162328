import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { forgotPassword } from '../../src/api/auth';
import { login } from '../../src/api/login';
import { apiUrl } from '../../src/api/client';
import { resetLinkFrom, takeResetLink } from '../../src/lib/reset-link';
import type { Language } from '../../src/domain/constants';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { renderApp } from '../support/render-app';

// The pages' code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await Promise.all([
    import('../../src/views/reset/reset-page'),
    import('../../src/views/new-password/new-password-page'),
    import('../../src/views/login/login-page'),
  ]);
});

/** Whole pages on two shared cores: more than the default 5 s. */
const journey = { timeout: 15_000 };

const newSecret = 'Brand-New-Password-2027';

const words = {
  en: {
    resetTitle: 'Forgot your password?',
    email: 'Email address',
    send: 'Send link',
    sent: 'You will receive an email to set a new password.',
    again: 'Send the link again',
    required: 'Please fill in this field.',
    emailInvalid: 'Please enter a valid email address, like name@example.com.',
    network: 'The server cannot be reached. Please check your connection and try again.',
    sessionEnded: 'Your session has ended. Please log in again.',
    newTitle: 'Set a new password',
    password: /^New password/,
    confirmation: /^Repeat the new password/,
    save: 'Save new password',
    mismatch: 'Passwords do not match.',
    policy:
      'The password must be longer than 15 characters and contain lower and upper case letters and at least one digit.',
    changed: 'Your password has been changed.',
    loginTitle: 'Log in',
    missing:
      'This link is incomplete: it lacks the email address or the security code. Please open the full link from the email.',
    refused: 'This link can no longer be used: it is invalid, has expired or has already been used.',
    reason: 'The server said: This link is invalid or has expired',
    requestNew: 'Request a new link',
    general: 'An error has occurred!',
  },
  de: {
    resetTitle: 'Passwort vergessen?',
    email: 'E-Mail-Adresse',
    send: 'Link senden',
    sent: 'Sie erhalten eine E-Mail, um ein neues Passwort festzulegen.',
    again: 'Link erneut senden',
    required: 'Bitte füllen Sie dieses Feld aus.',
    emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z.\u00a0B. name@example.com.',
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    sessionEnded: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    newTitle: 'Neues Passwort festlegen',
    password: /^Neues Passwort$|^Neues Passwort \*/,
    confirmation: /^Neues Passwort wiederholen/,
    save: 'Neues Passwort speichern',
    mismatch: 'Die Passwörter stimmen nicht überein.',
    policy:
      'Das Passwort muss mehr als 15 Zeichen lang sein und Klein- und Großbuchstaben sowie mindestens eine Ziffer enthalten.',
    changed: 'Ihr Passwort wurde geändert.',
    loginTitle: 'Anmelden',
    missing:
      'Dieser Link ist unvollständig: Es fehlt die E-Mail-Adresse oder der Sicherheitscode. Bitte öffnen Sie den vollständigen Link aus der E-Mail.',
    refused: 'Dieser Link kann nicht mehr verwendet werden: Er ist ungültig, abgelaufen oder wurde bereits benutzt.',
    // The server answers in the page's language (decision 039).
    reason: 'Antwort des Servers: Dieser Link ist ungültig oder abgelaufen',
    requestNew: 'Neuen Link anfordern',
    general: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  },
} as const;

async function openReset(language: Language) {
  const view = renderApp('/reset', { language });
  await screen.findByRole('heading', { level: 1, name: words[language].resetTitle });
  const email = screen.getByRole('textbox', { name: words[language].email });
  const send = screen.getByRole('button', { name: words[language].send });
  return { ...view, email, send };
}

/** The link of the newest mail to `email`, as the mock's outbox holds it. */
async function resetLink(email: string) {
  await forgotPassword({ email });
  const link = mock.outbox().at(-1)?.link;
  if (!link) throw new Error('no reset link in the outbox');
  return link;
}

async function openNewPassword(language: Language, path: string) {
  const view = renderApp(path, { language });
  await screen.findByRole('heading', { level: 1, name: words[language].newTitle });
  return view;
}

function passwordFields(language: Language) {
  return {
    password: screen.getByLabelText(words[language].password),
    confirmation: screen.getByLabelText(words[language].confirmation),
    save: screen.getByRole('button', { name: words[language].save }),
  };
}

describe.each(['en', 'de'] as const)('the forgotten password in %s', journey, (language) => {
  const text = words[language];

  it('shows errors beside the email field', async () => {
    const { email, send, user } = await openReset(language);
    await user.click(send);
    expect(email).toHaveAccessibleDescription(text.required);
    fireEvent.change(email, { target: { value: 'demo@' } });
    expect(email).toHaveAccessibleDescription(text.emailInvalid);
    expect(mock.outbox()).toHaveLength(0);
  });
});

describe('the forgotten password in English', journey, () => {
  const language: Language = 'en';
  const text = words[language];

  it('sends the link and says so, without the form', async () => {
    const customer = createCustomer();
    const { email, send, user } = await openReset(language);
    fireEvent.change(email, { target: { value: customer.email } });
    await user.click(send);
    // The status region is always in the page (so that it is announced): wait for its text.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(text.sent));
    expect(screen.queryByRole('textbox', { name: text.email })).not.toBeInTheDocument();
    expect(mock.outbox().at(-1)).toMatchObject({
      to: customer.email,
      link: expect.stringMatching(/^\/newpassword\?email=/),
    });
    await user.click(screen.getByRole('button', { name: text.again }));
    expect(screen.getByRole('textbox', { name: text.email })).toHaveValue(customer.email);
  });

  it('says an error has occurred, not that a session ended, when the public call answers 401', async () => {
    const customer = createCustomer();
    mock.fault('POST /forgotpassword', 'http401', { times: 1 });
    const { email, send, user } = await openReset(language);
    fireEvent.change(email, { target: { value: customer.email } });
    await user.click(send);
    expect(await screen.findByText(text.general)).toBeInTheDocument();
    expect(screen.queryByText(text.sessionEnded)).not.toBeInTheDocument();
    expect(email).toHaveValue(customer.email);
  });
});

describe('the forgotten password in German', journey, () => {
  const language: Language = 'de';
  const text = words[language];

  it('keeps the address and explains a failed call', async () => {
    const customer = createCustomer();
    mock.fault('POST /forgotpassword', 'network', { times: 1 });
    const { email, send, user } = await openReset(language);
    fireEvent.change(email, { target: { value: customer.email } });
    await user.click(send);
    expect(await screen.findByText(text.network)).toBeInTheDocument();
    expect(email).toHaveValue(customer.email);
  });
});

describe.each(['en', 'de'] as const)('the new password in %s', journey, (language) => {
  const text = words[language];

  it('refuses a weak password beside its field', async () => {
    const customer = createCustomer();
    const view = await openNewPassword(language, await resetLink(customer.email));
    const { password, confirmation, save } = passwordFields(language);
    fireEvent.change(password, { target: { value: 'weak' } });
    fireEvent.change(confirmation, { target: { value: 'weak' } });
    await view.user.click(save);
    expect(password).toHaveAccessibleDescription(expect.stringContaining(text.policy));
  });
});

describe('the new password in English', journey, () => {
  const language: Language = 'en';
  const text = words[language];

  it('explains a link without token and offers a new one', async () => {
    const customer = createCustomer();
    await openNewPassword(language, `/newpassword?email=${encodeURIComponent(customer.email)}`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(text.missing);
    expect(within(alert).getByRole('link', { name: text.requestNew })).toHaveAttribute('href', '/reset');
    expect(screen.queryByRole('button', { name: text.save })).not.toBeInTheDocument();
  });

  it('keeps both fields and shows the general message when the server fails', async () => {
    const customer = createCustomer();
    mock.fault('POST /changepassword', 'http500', { times: 1 });
    const view = await openNewPassword(language, await resetLink(customer.email));
    const { password, confirmation, save } = passwordFields(language);
    fireEvent.change(password, { target: { value: newSecret } });
    fireEvent.change(confirmation, { target: { value: newSecret } });
    await view.user.click(save);
    expect(await screen.findByText(text.general)).toBeInTheDocument();
    expect(password).toHaveValue(newSecret);
    expect(confirmation).toHaveValue(newSecret);
    await view.user.click(save);
    await waitFor(() => expect(view.currentPath()).toBe('/login/changed'));
  });
});

describe('the new password in German', journey, () => {
  const language: Language = 'de';
  const text = words[language];

  it('sets a new password from the emailed link and shows /login with the notice', async () => {
    const customer = createCustomer();
    const view = await openNewPassword(language, await resetLink(customer.email));
    // Decision 031: read once, the link leaves the address; the machine keeps it.
    expect(view.currentPath()).toBe('/newpassword');
    expect(screen.getByRole('textbox', { name: text.email })).toHaveValue(customer.email);
    const { password, confirmation, save } = passwordFields(language);
    fireEvent.change(password, { target: { value: newSecret } });
    fireEvent.change(confirmation, { target: { value: `${newSecret}x` } });
    await view.user.click(save);
    expect(confirmation).toHaveAccessibleDescription(text.mismatch);
    expect(confirmation).toHaveFocus();
    await view.user.type(confirmation, '{Backspace}');
    expect(confirmation).not.toHaveAttribute('aria-invalid');
    await view.user.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: text.loginTitle })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login/changed');
    expect(screen.getByRole('status')).toHaveTextContent(text.changed);
    await expect(login({ email: customer.email, password: newSecret, language })).resolves.toEqual({
      is_active: true,
    });
    await expect(login({ email: customer.email, password: customer.password, language })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('explains a link the server refuses and offers a new one', async () => {
    const customer = createCustomer();
    const view = await openNewPassword(
      language,
      `/newpassword?email=${encodeURIComponent(customer.email)}&token=not-a-token`,
    );
    const { password, confirmation, save } = passwordFields(language);
    fireEvent.change(password, { target: { value: newSecret } });
    fireEvent.change(confirmation, { target: { value: newSecret } });
    await view.user.click(save);
    const alert = await screen.findByText(text.refused);
    const notice = alert.closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent(text.reason);
    expect(within(notice).getByRole('link', { name: text.requestNew })).toHaveAttribute('href', '/reset');
  });
});

describe('the new password', journey, () => {
  it('cannot be sent twice while busy', async () => {
    const customer = createCustomer();
    let calls = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Counts and holds the calls; answering nothing lets the mock's own handler answer afterwards.
    server.use(
      http.post(apiUrl('/changepassword'), async () => {
        calls += 1;
        await gate;
      }),
    );
    const view = await openNewPassword('en', await resetLink(customer.email));
    const { password, confirmation, save } = passwordFields('en');
    fireEvent.change(password, { target: { value: newSecret } });
    fireEvent.change(confirmation, { target: { value: newSecret } });
    await view.user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    await view.user.click(save);
    release();
    await waitFor(() => expect(view.currentPath()).toBe('/login/changed'));
    expect(calls).toBe(1);
    // A second call would have found the token used and sent the customer to the refusal.
    expect(screen.queryByText(words.en.refused)).not.toBeInTheDocument();
  });

  it('shows the policy checklist under the new password', async () => {
    const customer = createCustomer();
    await openNewPassword('en', await resetLink(customer.email));
    const { password } = passwordFields('en');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('more than 15 characters (missing)'));
  });
});

describe('the waiting page', journey, () => {
  it.each([
    ['en', 'Your account awaits activation', 'Go to login'],
    ['de', 'Ihr Konto ist noch nicht freigeschaltet', 'Zur Anmeldung'],
  ] as const)('tells what happens next in %s and links back to login', async (language, heading, link) => {
    renderApp('/waiting', { language });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: link })).toHaveAttribute('href', '/login');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
  });
});

describe('the reset link out of the address (decision 031)', () => {
  it('is read on /newpassword and the address replaced by the path alone, its history state and hash kept', () => {
    const replaceState = vi.fn();
    const link = takeResetLink(
      { pathname: '/newpassword', search: '?email=reader%40example.org&token=abc123', hash: '#form' },
      { state: { idx: 3 }, replaceState },
    );
    expect(link).toEqual({ email: 'reader@example.org', token: 'abc123' });
    expect(replaceState).toHaveBeenCalledExactlyOnceWith({ idx: 3 }, '', '/newpassword#form');
  });

  it.each([
    ['another page', '/login', '?email=a%40b.de&token=t'],
    ['/newpassword without a query', '/newpassword', ''],
    ['a path that only begins like it', '/newpasswords', '?token=t'],
  ])('leaves %s alone', (_name, pathname, search) => {
    const replaceState = vi.fn();
    expect(takeResetLink({ pathname, search, hash: '' }, { state: null, replaceState })).toBeNull();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('gives the page the link the boot took, with the address already plain', async () => {
    const customer = createCustomer();
    const link = await resetLink(customer.email);
    const view = renderApp('/newpassword', { resetLink: resetLinkFrom(new URL(link, 'http://portal').search) });
    await screen.findByRole('heading', { level: 1, name: words.en.newTitle });
    expect(screen.getByRole('textbox', { name: words.en.email })).toHaveValue(customer.email);
    const { password, confirmation, save } = passwordFields('en');
    fireEvent.change(password, { target: { value: newSecret } });
    fireEvent.change(confirmation, { target: { value: newSecret } });
    await view.user.click(save);
    expect(await screen.findByRole('heading', { level: 1, name: words.en.loginTitle })).toBeInTheDocument();
    expect(view.history.some((entry) => entry.includes('token'))).toBe(false);
  });
});
