import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { corePart, partitionProject, splitMessages } from '../../scripts/build/message-parts';
import type { Language } from '../../src/domain/constants';
import { MessageStore } from '../../src/i18n/message-store';
import type { Messages } from '../../src/i18n/language';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

/**
 * The pages on the messages split as a build splits them (scripts/build/message-parts.ts,
 * docs/decisions/020): the core at the start, each page's part when the page first renders. A
 * message the split left out of a page's part shows as a missing message, which fails the test
 * (console.error).
 */
const { partOf, parts } = partitionProject(process.cwd());
const split: Record<Language, Map<string, Messages>> = {
  en: splitMessages(en, partOf, parts),
  de: splitMessages(de, partOf, parts),
};

/** A messageStore with the core loaded, whose parts come when the test lets them (or at once). */
function splitMessageStore(language: Language, { hold = false } = {}) {
  const asked: string[] = [];
  const held: (() => void)[] = [];
  const load = (next: Language, part: string) => {
    asked.push(`${next}/${part}`);
    const messages = split[next].get(part) ?? {};
    return hold ? new Promise<Messages>((resolve) => held.push(() => resolve(messages))) : Promise.resolve(messages);
  };
  const messageStore = new MessageStore(language, load, { messages: split[language].get(corePart) ?? {} });
  const release = async () => {
    await act(async () => {
      for (const answer of held.splice(0)) answer();
    });
  };
  return { messageStore, asked, release };
}

describe('the pages on messages in parts', () => {
  it('shows the loading line until the messages of the page are there, then the page', async () => {
    const { messageStore, asked, release } = splitMessageStore('en', { hold: true });
    renderApp('/login', { messageStore });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).not.toBeInTheDocument();
    expect(asked).toEqual(['en/login']);
    await release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['en', 'de'] as const)(
    'shows the dashboard and the logged-in layout with their own parts (%s)',
    async (language) => {
      await loginAs(createCustomer({ datastores: [aDatastore('backup')] }));
      const { messageStore, asked } = splitMessageStore(language);
      renderApp('/dashboard', { messageStore, loggedIn: true, language });
      const card = await screen.findByRole('article', { name: 'backup' });
      expect(
        within(card).getByRole('button', { name: language === 'de' ? 'Datastore kündigen' : 'Cancel the datastore' }),
      ).toBeInTheDocument();
      expect(asked).toEqual(expect.arrayContaining([`${language}/layout`, `${language}/dashboard`]));
    },
  );

  it('loads the parts of the pages seen so far in the new language when the language changes', async () => {
    const { messageStore, asked } = splitMessageStore('en');
    const { user } = renderApp('/register', { messageStore });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a company account' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Firmenkonto erstellen' })).toBeInTheDocument();
    expect(asked).toEqual(expect.arrayContaining(['de/core', 'de/register']));
  });
});
