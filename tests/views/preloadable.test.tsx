import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppActorProvider } from '../../src/lib/app-actor';
import { I18nProvider } from '../../src/lib/i18n-provider';
import { preloadable } from '../../src/lib/preloadable';
import { MessageStore } from '../../src/i18n/message-store';
import de from '../../translations/de.json';
import en from '../../translations/en.json';

/** A page with state of its own: what the customer typed. */
function Page({ title }: { title: string }) {
  const [text, setText] = useState('');
  return (
    <label>
      {title}
      <input value={text} onChange={(event) => setText(event.target.value)} />
    </label>
  );
}

describe('a page loaded by a preloadable', () => {
  it('keeps what was typed when it renders again after its code arrived', async () => {
    let arrive = () => {};
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const LazyPage = preloadable(async () => {
      await code;
      return { default: Page };
    });
    const messageStore = MessageStore.whole('en', { de, en });
    function Shell({ title }: { title: string }) {
      return (
        <AppActorProvider initial={{ loggedIn: false, language: 'en' }}>
          <I18nProvider messageStore={messageStore}>
            <Suspense fallback={<p>Loading</p>}>
              <LazyPage title={title} />
            </Suspense>
          </I18nProvider>
        </AppActorProvider>
      );
    }
    const view = render(<Shell title="Notes" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive());
    const field = await screen.findByRole('textbox', { name: 'Notes' });
    await userEvent.setup({ delay: null }).type(field, 'typed');
    // The parent renders the page again: the same page, with what was typed.
    view.rerender(<Shell title="My notes" />);
    const again = screen.getByRole('textbox', { name: 'My notes' });
    expect(again).toBe(field);
    expect(again).toHaveValue('typed');
  });

  it('keeps what was typed when its code came at once and the parent renders it again (no remount)', async () => {
    // The module is there already (another page loaded it): the lazy wrapper's promise settles at
    // once, and React may finish the wrapper alone, without rendering the preloadable again.
    const LazyPage = preloadable(async () => ({ default: Page }));
    const messageStore = MessageStore.whole('en', { de, en });
    function Shell({ title }: { title: string }) {
      return (
        <AppActorProvider initial={{ loggedIn: false, language: 'en' }}>
          <I18nProvider messageStore={messageStore}>
            <Suspense fallback={<p>Loading</p>}>
              <LazyPage title={title} />
            </Suspense>
          </I18nProvider>
        </AppActorProvider>
      );
    }
    const view = render(<Shell title="Notes" />);
    const field = await screen.findByRole('textbox', { name: 'Notes' });
    await userEvent.setup({ delay: null }).type(field, 'typed');
    view.rerender(<Shell title="My notes" />);
    const again = screen.getByRole('textbox', { name: 'My notes' });
    expect(again).toBe(field);
    expect(again).toHaveValue('typed');
  });
});
