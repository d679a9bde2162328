import { act, fireEvent, getDefaultNormalizer, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import { http } from 'msw';
import { login } from '../../src/api/login';
import { apiUrl } from '../../src/api/client';
import { v11Url } from '../../src/api/v1-1/request';
import { server } from '../../src/mocks/node';
import { App } from '../../src/app/app';
import type { PrerenderedForms } from '../../src/lib/prerendered-form-reader';
import type { PrerenderedLanguage } from '../../src/lib/prerendered-language';
import type { ResetLink } from '../../src/lib/reset-link';
import type { Language } from '../../src/domain/constants';
import { MessageStore } from '../../src/i18n/message-store';

const seedPassword = 'Demo-Password-2026';

/** Who logs in: an email of the seed (with the seed's password), or a customer of the test's own. */
export type LoginIdentity = string | { email: string; password: string };

/**
 * Logs in against the mock API, so that its session cookie is set for the calls that follow: as a
 * customer from `createCustomer()` (tests/support/customers.ts), or as an account of the seed.
 */
export async function loginAs(who: LoginIdentity, password = seedPassword) {
  const credentials = typeof who === 'string' ? { email: who, password } : who;
  const answer = await login({ email: credentials.email, password: credentials.password, language: 'en' });
  if (!answer.is_active) throw new Error(`${credentials.email} is not active`);
}

interface RenderOptions {
  language?: Language;
  loggedIn?: boolean;
  /**
   * Render over this element (a prerendered page), taking over its forms and its language picker
   * as src/main.tsx does.
   */
  over?: { container: HTMLElement; forms?: PrerenderedForms | null; language?: PrerenderedLanguage | null };
  /** The messages, loaded part by part as a build does; every message at once by default. */
  messageStore?: MessageStore;
  /** A new-password link that src/boot.ts took out of the address. */
  resetLink?: ResetLink;
  /** Under React's StrictMode, as src/main.tsx renders it (its rehearsal runs in development only). */
  strict?: boolean;
}

/**
 * Renders the whole portal at a path, in memory, with the real MSW handlers behind it
 * (CONVENTIONS: one renderApp helper for all view tests).
 */
export function renderApp(path: string, options: RenderOptions = {}) {
  const { language = 'en', loggedIn = false, over, messageStore = MessageStore.whole(language, { de, en }) } = options;
  const location = memoryLocation({ path, record: true });
  const user = userEvent.setup({ delay: null });
  const app = (
    <App
      session={{ loggedIn, language }}
      messageStore={messageStore}
      locationHook={location.hook}
      searchHook={location.searchHook}
      prerenderedForms={over?.forms ?? null}
      prerenderedLanguage={over?.language ?? null}
      resetLink={options.resetLink ?? null}
    />
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app, over ? { container: over.container } : {});
  return {
    ...view,
    user,
    /** Every path the app went to, the first one included. */
    history: location.history,
    currentPath: () => location.history.at(-1),
    navigate: location.navigate,
  };
}

/**
 * Logs in as `as` (a customer of the test's own, from `createCustomer()`) and renders the portal
 * at `path` with the session on: the start of every view test of a logged-in page.
 */
export async function renderAppAs(path: string, options: Omit<RenderOptions, 'loggedIn'> & { as: LoginIdentity }) {
  const { as, ...rest } = options;
  await loginAs(as);
  return renderApp(path, { ...rest, loggedIn: true });
}

/**
 * Moves a fake clock on in steps until `found()` finds something (at most `limit` ms of fake
 * time), so that waits such as the 2 s after a purchase (SPEC §9) take no real time. Needs
 * `vi.useFakeTimers({ shouldAdvanceTime: true })`.
 */
export async function advanceUntil<T>(found: () => T | null, { step = 250, limit = 10_000 } = {}): Promise<T> {
  for (let passed = 0; ; passed += step) {
    const result = found();
    if (result) return result;
    if (passed >= limit) throw new Error(`Nothing came within ${limit} ms of fake time`);
    await act(() => vi.advanceTimersByTimeAsync(step));
  }
}

/** Counts the calls to `path` that reach the mock's real handler. */
export function countCalls(method: 'get' | 'post', path: string, version: 'v1' | 'v1.1' = 'v1') {
  let calls = 0;
  server.use(
    http[method](version === 'v1' ? apiUrl(path) : v11Url(path), () => {
      calls += 1;
      // Passes the request on to the mock's own handler.
      return undefined;
    }),
  );
  return () => calls;
}

/** Ticks the required checkbox of the terms (decision 032), unless it is ticked already. */
export async function acceptTerms(user: ReturnType<typeof userEvent.setup>) {
  const terms = screen.getByRole('checkbox', { name: /terms and conditions|Allgemeinen Geschäftsbedingungen/ });
  if (!(terms instanceof HTMLInputElement) || !terms.checked) await user.click(terms);
}

const normal = getDefaultNormalizer();

/**
 * The control labelled `label` inside `container` (a form, a dialog), the required mark after a
 * label (` *`) aside: a label query within the form, which computes no accessible name.
 */
export function labelled(container: HTMLElement, label: string | RegExp) {
  return within(container).getByLabelText(label, { normalizer: (text) => normal(text).replace(/ \*$/, '') });
}

/**
 * Fills text fields and picks options as a browser's autofill or a password manager does: one
 * change per field, no key presses (decision 056: typing key by key is for the tests whose subject
 * it is). Every field is found before any is changed, so that no query runs over a form that
 * changed under it. `values` maps a label to the value.
 */
export function autofill(container: HTMLElement, values: Record<string, string>) {
  const fields = Object.entries(values).map(([label, value]) => [labelled(container, label), value] as const);
  for (const [field, value] of fields) fireEvent.change(field, { target: { value } });
}
