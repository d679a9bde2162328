import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiUrl } from '../../src/api/client';
import { server } from '../../src/mocks/node';
import { getStatus } from '../../src/api/datastores';
import { advanceUntil, renderAppAs } from '../support/render-app';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';

// The page's code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await import('../../src/views/dashboard/dashboard-page');
}, 30_000);

/**
 * As a customer whose one datastore, `backup`, was bought long ago: buys a fixed 3 TB datastore
 * `test1` through the purchase card and waits for the overlay, on a fake clock that skips the 2 s
 * after the purchase. `test1` is the new datastore as the status lists it.
 */
async function buyTest1(language: 'en' | 'de' = 'en') {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ shouldAdvanceTime: true });
  const customer = createCustomer({ datastores: [aDatastore('backup')] });
  const view = await renderAppAs('/dashboard', { as: customer, language });
  await screen.findByRole('article', { name: 'backup' });
  const form = within(screen.getByRole('form', { name: language === 'de' ? 'Festes Volumen' : 'Fixed volume' }));
  fireEvent.change(form.getByRole('slider'), { target: { value: '3' } });
  const field = form.getByRole('textbox');
  await view.user.clear(field);
  await view.user.type(field, 'test1');
  const buy = form.getByRole('button');
  await view.user.click(buy);
  const name = language === 'de' ? 'Ihr Datastore „test1“ ist bereit' : 'Your datastore “test1” is ready';
  const dialog = await advanceUntil(() => screen.queryByRole('dialog', { name }));
  const test1 = (await getStatus()).find((datastore) => datastore.custom_name === 'test1');
  if (!test1) throw new Error('the status does not list the datastore just bought');
  return { ...view, dialog: within(dialog), dialogElement: dialog, buy, test1 };
}

function fact(scope: ReturnType<typeof within>, label: string) {
  const value = scope.getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

describe('the first-time overlay', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the new datastore, its username and its password with copy buttons', async () => {
    const { user, dialog, dialogElement, test1 } = await buyTest1();
    expect(dialogElement).toHaveAttribute('aria-modal', 'true');
    expect(fact(dialog, 'Datastore')).toHaveTextContent(test1.datastore);
    expect(fact(dialog, 'Username')).toHaveTextContent(test1.username);
    expect(fact(dialog, 'Password')).toHaveTextContent('(hidden)');
    expect(dialog.getByRole('button', { name: 'Copy datastore name' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(dialog.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
    const password = fact(dialog, 'Password').querySelector('code')?.textContent ?? '';
    expect(password).toMatch(/^\S{8,}$/);
    // Hidden from a bug report's screenshot (decision 031).
    expect(fact(dialog, 'Password').querySelector('code')).toHaveAttribute('data-private');
    await user.click(dialog.getByRole('button', { name: 'Copy password' }));
    expect(await dialog.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(password);
    await user.click(dialog.getByRole('button', { name: 'Copy username' }));
    expect(await navigator.clipboard.readText()).toBe(test1.username);
  });

  it('keeps focus inside, closes with Escape, and is not shown again', async () => {
    const { user, dialog, buy } = await buyTest1();
    const first = dialog.getByRole('button', { name: 'Copy datastore name' });
    const close = dialog.getByRole('button', { name: 'Close' });
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buy).toHaveFocus();
    const card = within(screen.getByRole('article', { name: 'test1' }));
    expect(fact(card, 'Rate')).toHaveTextContent('3 TB');
    expect(card.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not come back on a return to the dashboard while the server still sends the password', async () => {
    const { user, dialog, navigate } = await buyTest1();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    for (let round = 0; round < 3; round += 1) {
      navigate('/company');
      await screen.findByRole('heading', { level: 1, name: 'Account and settings' });
      navigate('/dashboard');
      const card = within(await screen.findByRole('article', { name: 'test1' }));
      // The password is still there for the rest of its 5 minutes, the overlay is not.
      expect(card.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
  });

  it('speaks German on a German page', async () => {
    const { user, dialog, test1 } = await buyTest1('de');
    expect(fact(dialog, 'Benutzername')).toHaveTextContent(test1.username);
    await user.click(dialog.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves the guide on the first datastore after a purchase', async () => {
    const { user, dialog } = await buyTest1();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    const guide = within(screen.getByRole('region', { name: 'Configuration guide' }));
    // The guide shows the first datastore: the customer's `backup`, whose password is long gone.
    expect(guide.getByText(/^Empty:/)).toBeInTheDocument();
  });
});

describe('the temporary password', () => {
  it('is shown masked in the guide, without a way to reveal it there', async () => {
    const status = [aDatastore('fresh', { password: 'Only-In-Card-7', space_used_text: '0 MB' })];
    server.use(http.get(apiUrl('/status'), () => HttpResponse.json(status)));
    const { user } = await renderAppAs('/dashboard', { as: createCustomer() });
    const dialog = await screen.findByRole('dialog', { name: 'Your datastore “fresh” is ready' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const guide = within(screen.getByRole('region', { name: 'Configuration guide' }));
    expect(guide.getByText('(hidden)')).toBeInTheDocument();
    expect(guide.queryByRole('button')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('article', { name: 'fresh' })).getByRole('button', { name: 'Show password' }),
    );
    expect(screen.getAllByText('Only-In-Card-7')).toHaveLength(1);
    expect(guide.queryByText('Only-In-Card-7')).not.toBeInTheDocument();
  });

  afterEach(() => vi.useRealTimers());

  it('disappears from the card and the page 5 minutes after it was first shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, dialog } = await buyTest1();
    await user.click(dialog.getByRole('button', { name: 'Show password' }));
    const password = fact(dialog, 'Password').querySelector('code')?.textContent ?? '';
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    const card = within(screen.getByRole('article', { name: 'test1' }));
    expect(fact(card, 'Password')).toHaveTextContent(password);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    await waitFor(() => expect(fact(card, 'Password')).toHaveTextContent(/^Empty: for security reasons, the password/));
    expect(document.body.textContent).not.toContain(password);
    expect(card.queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
  });
});
