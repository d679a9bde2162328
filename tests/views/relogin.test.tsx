/**
 * The login in place (issue 30 item 2, docs/decisions/027): a 401 on a form's call opens a login
 * dialog over the form, which keeps what was typed and its step; the same account then finds it as
 * it left it, another account starts afresh. A guarded page opened while logged out leads back to
 * itself after the login, and to nothing outside the portal.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { v11Url } from '../../src/api/v1-1/request';
import { server } from '../../src/mocks/node';
import { createCustomer, type Customer } from '../support/customers';
import { countCalls, renderApp, acceptTerms, renderAppAs } from '../support/render-app';

type View = ReturnType<typeof renderApp>;

// Whole journeys with a login, a 401 and a second login: more than the default 5 s on two shared cores.
const journey = { timeout: 20_000 };

/** The next call to `path` is answered 401, as when the server's session has ended meanwhile. */
function sessionEndsAt(method: 'get' | 'post', path: string, version: 'v1' | 'v1.1' = 'v1') {
  let calls = 0;
  server.use(
    http[method](
      version === 'v1' ? apiUrl(path) : v11Url(path),
      () => {
        calls += 1;
        return HttpResponse.json({ reason: 'Not logged in' }, { status: 401 });
      },
      { once: true },
    ),
  );
  return () => calls;
}

function dialog(name: string | RegExp = 'Your session has ended') {
  return screen.findByRole('dialog', { name });
}

/**
 * Logs in again in the dialog as `customer`: with the email the dialog gives, or with the
 * customer's own typed over it when `typeEmail` (another account than the page's).
 */
async function logInAgain(
  view: View,
  customer: Customer,
  { typeEmail = false, language = 'en' }: { typeEmail?: boolean; language?: 'en' | 'de' } = {},
) {
  const box = within(await dialog(language === 'de' ? 'Ihre Sitzung ist abgelaufen' : 'Your session has ended'));
  const emailField = box.getByLabelText(language === 'de' ? /E-Mail-Adresse/ : /Email address/);
  // Filled as a password manager fills them: the dialog's own typing is not the subject here.
  if (typeEmail) fireEvent.change(emailField, { target: { value: customer.email } });
  fireEvent.change(box.getByLabelText(language === 'de' ? /Passwort/ : /Password/), {
    target: { value: customer.password },
  });
  await view.user.click(box.getByRole('button', { name: language === 'de' ? 'Erneut anmelden' : 'Log in again' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Nothing typed is kept in the browser's storage (SPEC §3). */
function expectNotStored(...texts: string[]) {
  for (const storage of [sessionStorage, localStorage]) {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index) ?? '';
      for (const text of texts) expect(`${key}=${storage.getItem(key) ?? ''}`).not.toContain(text);
    }
  }
}

async function openContactWithMessage(customer: Customer, language: 'en' | 'de' = 'en') {
  const view = await renderAppAs('/contact', { as: customer, language });
  const message = await screen.findByRole('textbox', { name: language === 'de' ? /Ihre Nachricht/ : /Your message/ });
  await waitFor(() =>
    expect(
      screen.getByRole('textbox', {
        name: language === 'de' ? /E-Mail-Adresse für unsere Antwort/ : /Email address for our answer/,
      }),
    ).toHaveValue(customer.email),
  );
  fireEvent.change(message, { target: { value: 'My backup job fails since Tuesday.' } });
  return { view, message };
}

describe('the login in place after a 401', journey, () => {
  it('keeps the company edit with every value under the login dialog, and saves it on the next click', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/company', { as: customer });
    await view.user.click(await screen.findByRole('button', { name: /^(Edit|Enter company data)$/ }));
    const form = within(await screen.findByRole('form', { name: 'Edit company data' }));
    const street = form.getByRole('textbox', { name: /Street/ });
    fireEvent.change(street, { target: { value: 'Neue Straße 7' } });
    // Registered first, so that the 401 once (registered after, asked first) is not counted.
    // Where the server offers second factors (the mock's v1.1), the edit goes on v1.1 (decision 058).
    const saves = countCalls('post', '/edit/company', 'v1.1');
    const refused = sessionEndsAt('post', '/edit/company', 'v1.1');
    await view.user.click(form.getByRole('button', { name: 'Save' }));

    const box = within(await dialog());
    expect(box.getByText(/What you entered on this page stays as it is/)).toBeInTheDocument();
    // The email of the account whose page this is is given; the password is the customer's to type.
    expect(box.getByLabelText(/Email address/)).toHaveValue(customer.email);
    expect(refused()).toBe(1);
    expect(view.currentPath()).toBe('/company');
    expectNotStored('Neue Straße 7');

    await logInAgain(view, customer);
    // Same page, same step, same values; nothing said about an ended session any more.
    expect(view.currentPath()).toBe('/company');
    const again = within(screen.getByRole('form', { name: 'Edit company data' }));
    expect(again.getByRole('textbox', { name: /Street/ })).toHaveValue('Neue Straße 7');
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    // The save waits for the customer's click (docs/decisions/027): nothing was sent by itself.
    expect(saves()).toBe(0);
    await waitFor(() => expect(again.getByRole('button', { name: 'Save' })).toHaveFocus());

    await view.user.click(again.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Neue Straße 7')).toBeInTheDocument();
    expect(saves()).toBe(1);
  });

  it('keeps the contact message under the login dialog and sends it once on the next click', async () => {
    const customer = createCustomer();
    const { view, message } = await openContactWithMessage(customer);
    const sends = countCalls('post', '/contact');
    sessionEndsAt('post', '/contact');
    await view.user.click(screen.getByRole('button', { name: 'Send message' }));
    await dialog();
    expect(message).toHaveValue('My backup job fails since Tuesday.');
    expectNotStored('My backup job fails since Tuesday.');

    await logInAgain(view, customer);
    expect(view.currentPath()).toBe('/contact');
    expect(screen.getByRole('textbox', { name: /Your message/ })).toHaveValue('My backup job fails since Tuesday.');
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    expect(sends()).toBe(0);
    await view.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your message has been sent.')).toBeInTheDocument();
    expect(sends()).toBe(1);
  });

  it('keeps a logged-in licence order on its step and places it once after the login', async () => {
    const customer = createCustomer();
    const view = await renderAppAs('/ishop/2', { as: customer });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue(customer.company.name),
    );
    fireEvent.change(phone, { target: { value: '+49 30 1234567' } });
    // The order goes in v1.1, with its key (src/api/licence-order.ts).
    const orders = countCalls('post', '/licence/order', 'v1.1');
    sessionEndsAt('post', '/licence/order', 'v1.1');
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    await dialog();
    // The dialog says it (docs/decisions/027); the form's error line stays empty.
    expect(screen.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();

    await logInAgain(view, customer);
    expect(view.currentPath()).toBe('/ishop/2');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+49 30 1234567');
    expect(orders()).toBe(0);
    await acceptTerms(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(view.currentPath()).toBe('/order_done'));
    expect(orders()).toBe(1);
  });

  it("never hands another account the first customer's typed message: it starts afresh on /dashboard", async () => {
    const { view } = await openContactWithMessage(createCustomer());
    const another = createCustomer({ company: null });
    const sends = countCalls('post', '/contact');
    sessionEndsAt('post', '/contact');
    await view.user.click(screen.getByRole('button', { name: 'Send message' }));
    await logInAgain(view, another, { typeEmail: true });

    await waitFor(() => expect(view.currentPath()).toBe('/dashboard'));
    view.navigate('/contact');
    const message = await screen.findByRole('textbox', { name: /Your message/ });
    expect(message).toHaveValue('');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Email address for our answer/ })).toHaveValue(another.email),
    );
    expect(sends()).toBe(0);
  });

  it('shows inline errors in the dialog, ignores Escape, and sends one login however often it is pressed', async () => {
    const customer = createCustomer();
    const { view } = await openContactWithMessage(customer);
    sessionEndsAt('post', '/contact');
    await view.user.click(screen.getByRole('button', { name: 'Send message' }));
    const box = within(await dialog());
    await view.user.click(box.getByRole('button', { name: 'Log in again' }));
    const password = box.getByLabelText(/Password/);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Please fill in this field.');
    expect(password).toHaveFocus();

    // Escape would show a form that cannot be sent; leaving is a button of its own.
    await view.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Your session has ended' })).toBeInTheDocument();

    const logins = countCalls('post', '/login');
    fireEvent.change(password, { target: { value: customer.password } });
    await view.user.keyboard('{Enter}{Enter}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(logins()).toBe(1);
  });

  it('drops the typed work and shows the login page, which leads back, when the customer leaves the dialog', async () => {
    const { view } = await openContactWithMessage(createCustomer());
    sessionEndsAt('post', '/contact');
    await view.user.click(screen.getByRole('button', { name: 'Send message' }));
    const box = within(await dialog());
    await view.user.click(box.getByRole('button', { name: 'Discard and go to the login page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login?next=%2Fcontact');
    expect(sessionStorage.getItem('portal.loggedIn')).toBe('false');
  });

  it('asks for the login in place in German too', async () => {
    const customer = createCustomer();
    const { view, message } = await openContactWithMessage(customer, 'de');
    sessionEndsAt('post', '/contact');
    await view.user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    const box = within(await dialog('Ihre Sitzung ist abgelaufen'));
    expect(box.getByText(/Bitte melden Sie sich erneut an/)).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Verwerfen und zur Anmeldung' })).toBeInTheDocument();
    await logInAgain(view, customer, { language: 'de' });
    expect(message).toHaveValue('My backup job fails since Tuesday.');
  });
});

describe('the way back after a login', journey, () => {
  it('returns a bookmark of /company opened logged out to /company after the login', async () => {
    const customer = createCustomer();
    const view = renderApp('/company');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/login?next=%2Fcompany');
    fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: customer.email } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: customer.password } });
    await view.user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account and settings' })).toBeInTheDocument();
    expect(view.currentPath()).toBe('/company');
  });

  it('returns a licence order opened logged out to its licence after the login', async () => {
    const view = renderApp('/ishop/3');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(view.currentPath()).toBe('/login?next=%2Fishop%2F3');
  });

  // Every unsafe target is refused by safeReturnTarget (tests/domain/return-target.test.ts); here
  // the page reads one as given and one encoded, as the address carries them.
  it.each(['//evil.example', '%2F%2Fevil.example'])(
    'refuses %s as the way back and goes to /dashboard instead',
    async (target) => {
      const customer = createCustomer();
      const view = renderApp(`/login?next=${encodeURIComponent(target)}`);
      await screen.findByRole('heading', { level: 1, name: 'Log in' });
      fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: customer.email } });
      fireEvent.change(screen.getByLabelText(/Password/), { target: { value: customer.password } });
      await view.user.click(screen.getByRole('button', { name: 'Log in' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Your datastores' })).toBeInTheDocument();
      expect(view.currentPath()).toBe('/dashboard');
    },
  );
});
