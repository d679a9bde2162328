/**
 * The app taking over a prerendered form (docs/decisions/016): the page as scripts/prerender.mjs
 * writes it, typed into and sent before the app ran, then the app rendered over it as
 * src/main.tsx does. Closing the form's dialog stands for the browser's part (an Enter or a
 * click on the submit button in a `method="dialog"` form closes it), which the production
 * journeys prove in Chromium.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../src/app/app';
import { preloadRoute } from '../../src/app/router';
import { MessageStore } from '../../src/i18n/message-store';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PrerenderedForms } from '../../src/lib/prerendered-form-reader';
import type { Language } from '../../src/domain/constants';
import { server } from '../../src/mocks/node';
import { placePrerendered, prerenderPages, type PrerenderedPages } from '../support/prerendered-pages';
import { createCustomer } from '../support/customers';
import { renderApp } from '../support/render-app';
import { recordRequests } from '../support/requests';

let pages: PrerenderedPages = {};
beforeAll(() => {
  pages = prerenderPages(['/login', '/register', '/reset']);
}, 60_000);

const requests = recordRequests();
afterEach(() => {
  document.body.replaceChildren();
});

/** An address typed into a form before the app ran; no account needs to have it. */
const typedEmail = 'visitor@example.org';

const prerendered = (path: string, language: Language = 'en') => placePrerendered(pages, path, language);

function field(root: HTMLElement, name: string): HTMLInputElement | HTMLSelectElement {
  const element = root.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no field ${name} in the prerendered page`);
  return element;
}

/** Types as the browser does before any script runs: the value changes, no handler is there. */
function typeInto(root: HTMLElement, name: string, value: string) {
  const element = field(root, name);
  element.value = value;
}

/** What the browser does on an Enter in a `method="dialog"` form: it closes the dialog. */
function sendNatively(root: HTMLElement) {
  const dialog = root.querySelector('dialog');
  if (!dialog) throw new Error('the prerendered form has no dialog around it');
  dialog.removeAttribute('open');
}

describe('a prerendered form', () => {
  it('can never submit natively: method="dialog" inside an open dialog, named for the app to find', async () => {
    for (const [path, name] of [
      ['/login', 'login'],
      ['/register', 'registration'],
      ['/reset', 'reset'],
    ] as const) {
      const root = prerendered(path);
      const form = root.querySelector('form');
      expect(form?.getAttribute('method'), path).toBe('dialog');
      expect(form?.dataset.form, path).toBe(name);
      expect(form?.parentElement?.tagName, path).toBe('DIALOG');
      expect(form?.parentElement?.hasAttribute('open'), path).toBe(true);
      expect(form?.getAttribute('action'), path).toBeNull();
      root.remove();
    }
  });

  it('keeps what was typed on /login when the app renders over it, with the focus on the field last used', async () => {
    const root = prerendered('/login');
    typeInto(root, 'email', typedEmail);
    typeInto(root, 'password', 'Typed-Pass');
    field(root, 'password').focus();
    const forms = new PrerenderedForms(root);
    renderApp('/login', { over: { container: root, forms } });

    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue(typedEmail);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveValue('Typed-Pass');
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.queryByText(/Your entry will be sent/)).not.toBeInTheDocument();
    expect(requests()).not.toContain('POST /api/v1/login');
  });

  it('sends a login the visitor sent before the app ran exactly once, and goes on to /dashboard', async () => {
    const customer = createCustomer();
    const root = prerendered('/login');
    typeInto(root, 'email', customer.email);
    typeInto(root, 'password', customer.password);
    sendNatively(root);
    const forms = new PrerenderedForms(root);
    const { currentPath } = renderApp('/login', { over: { container: root, forms } });

    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(requests().filter((call) => call === 'POST /api/v1/login')).toHaveLength(1);
  });

  it('checks a login sent early with an invalid email when the app runs: inline error, focus there, no call', async () => {
    const root = prerendered('/login', 'de');
    typeInto(root, 'email', 'visitor@');
    sendNatively(root);
    const forms = new PrerenderedForms(root);
    renderApp('/login', { language: 'de', over: { container: root, forms } });

    const email = await screen.findByRole('textbox', { name: 'E-Mail-Adresse' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveValue('visitor@');
    await waitFor(() => expect(email).toHaveFocus());
    expect(
      screen.getByText(/^Bitte geben Sie eine gültige E-Mail-Adresse ein, z\.\sB\. name@example\.com\.$/),
    ).toBeInTheDocument();
    expect(requests()).not.toContain('POST /api/v1/login');
  });

  it('takes over a registration with its select and checkbox, and sends it once with the page language', async () => {
    const root = prerendered('/register', 'de');
    typeInto(root, 'email', 'early@example.com');
    typeInto(root, 'password', 'An-Early-Password-2026');
    typeInto(root, 'firstname', 'Ella');
    typeInto(root, 'lastname', 'Eilig');
    typeInto(root, 'pending_street', 'Am Kai 3');
    typeInto(root, 'pending_postcode', '20457');
    typeInto(root, 'pending_city', 'Hamburg');
    typeInto(root, 'pending_country', 'FR');
    (field(root, 'notifications') as HTMLInputElement).checked = true;
    (field(root, 'terms') as HTMLInputElement).checked = true;
    sendNatively(root);
    let payload: unknown = null;
    const body = async ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/register/company')) payload = await request.clone().json();
    };
    server.events.on('request:start', body);
    const forms = new PrerenderedForms(root);
    const { currentPath } = renderApp('/register', { language: 'de', over: { container: root, forms } });

    await waitFor(() => expect(currentPath()).toBe('/waiting'));
    server.events.removeListener('request:start', body);
    expect(requests().filter((call) => call === 'POST /api/v1/register/company')).toHaveLength(1);
    expect(payload).toMatchObject({
      email: 'early@example.com',
      firstname: 'Ella',
      pending_country: 'FR',
      notifications: true,
      language: 'de',
    });
  });

  it('takes what was typed while the app was rendering, not only what was there when it began', async () => {
    const root = prerendered('/reset');
    typeInto(root, 'email', 'visitor@exa');
    const forms = new PrerenderedForms(root);
    // The view reads the values for its first render ...
    expect(forms.values('reset')).toEqual({ email: 'visitor@exa' });
    // ... the visitor goes on typing before React replaces the page ...
    typeInto(root, 'email', typedEmail);
    renderApp('/reset', { over: { container: root, forms } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue(typedEmail));
  });

  it('puts a key pressed in the very moment the app replaces the page into the field the visitor was in', async () => {
    // As src/main.tsx starts the app: a transition, outside act(), so that React commits in a
    // task of its own and runs the effects that are not layout effects in a later one. A key the
    // browser delivers between the two (a person typing on, or a password manager's text after
    // its focus) goes wherever the focus is then; it used to be <body>, and the text was lost.
    const customer = createCustomer();
    const root = prerendered('/login');
    typeInto(root, 'email', customer.email);
    const oldPassword = field(root, 'password');
    oldPassword.focus();
    const forms = new PrerenderedForms(root);
    let typedInto: Element | null = null;
    const replaced = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (oldPassword.isConnected) return;
        observer.disconnect();
        // A microtask right after the commit's task, before any later task of React's.
        typedInto = document.activeElement;
        if (typedInto instanceof HTMLInputElement) {
          const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
          setValue?.call(typedInto, `${typedInto.value}${customer.password}`);
          typedInto.dispatchEvent(new Event('input', { bubbles: true }));
        }
        resolve();
      });
      observer.observe(root, { childList: true, subtree: true });
    });
    const messageStore = MessageStore.whole('en', { de, en });
    await preloadRoute('/login', false, messageStore);
    const acting = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActing = acting.IS_REACT_ACT_ENVIRONMENT;
    acting.IS_REACT_ACT_ENVIRONMENT = false;
    const reactRoot = createRoot(root);
    try {
      const location = memoryLocation({ path: '/login', record: true });
      startTransition(() => {
        reactRoot.render(
          <App
            session={{ loggedIn: false, language: 'en' }}
            messageStore={messageStore}
            locationHook={location.hook}
            searchHook={location.searchHook}
            prerenderedForms={forms}
          />,
        );
      });
      await replaced;
      const password = screen.getByLabelText(/^Password/);
      expect(typedInto).toBe(password);
      await waitFor(() => expect(password).toHaveValue(customer.password));
      expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue(customer.email);
      expect(password).toHaveFocus();
    } finally {
      reactRoot.unmount();
      acting.IS_REACT_ACT_ENVIRONMENT = wasActing;
    }
  });

  it('tells what changed after the view read the values, whether the form was sent and which field had the focus', () => {
    const root = prerendered('/login');
    document.body.append(root);
    typeInto(root, 'email', 'visitor@exa');
    field(root, 'email').focus();
    const forms = new PrerenderedForms(root);
    expect(forms.values('login')).toEqual({ email: 'visitor@exa', password: '' });
    typeInto(root, 'email', typedEmail);
    expect(forms.values('login')).toEqual({ email: 'visitor@exa', password: '' });
    sendNatively(root);
    expect(forms.takeOver('login')).toEqual({
      changed: { email: typedEmail },
      submitted: true,
      focus: { name: 'email', start: null, end: null },
    });
    expect(forms.takeOver('login')).toBeNull();
    expect(forms.values('login')).toBeUndefined();
  });

  it('is taken over once: a later visit of the same page starts empty', async () => {
    const root = prerendered('/reset');
    typeInto(root, 'email', typedEmail);
    const forms = new PrerenderedForms(root);
    const { navigate } = renderApp('/reset', { over: { container: root, forms } });
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue(typedEmail);
    navigate('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    navigate('/reset');
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it('ignores a field the form does not have and a value of the wrong type', async () => {
    const root = prerendered('/reset');
    typeInto(root, 'email', typedEmail);
    const stray = document.createElement('input');
    stray.name = 'admin';
    stray.value = 'yes';
    root.querySelector('form')?.append(stray);
    const forms = new PrerenderedForms(root);
    renderApp('/reset', { over: { container: root, forms } });
    const email = await screen.findByRole('textbox', { name: 'Email address' });
    expect(email).toHaveValue(typedEmail);
    fireEvent.submit(email.closest('form') as HTMLFormElement);
    await screen.findByText('You will receive an email to set a new password.');
    expect(requests().filter((call) => call === 'POST /api/v1/forgotpassword')).toHaveLength(1);
  });
});
