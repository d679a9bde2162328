import { createContext, useContext, useEffect, useInsertionEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import type { MessageStore } from '../i18n/message-store';
import { useLanguage } from './session';

const MessageStoreContext = createContext<MessageStore | null>(null);

/** The app's messageStore of messages, for the pages that load their own part of it. */
export function useMessageStore(): MessageStore {
  const messageStore = useContext(MessageStoreContext);
  if (!messageStore) throw new Error('useMessageStore needs an I18nProvider');
  return messageStore;
}

/**
 * react-intl is silent in production builds. A message missing from the loaded parts shows as its
 * English default (or its id), which a build would hide: every error of react-intl is logged in
 * every build, so that the journeys fail on it. In English a missing message does not even count
 * as missing (the default message is English); it fails to format, since builds carry no parser.
 */
const reportIntlError: NonNullable<IntlConfig['onError']> = (error) => {
  console.error(error);
};

/**
 * Speaks the session's language, with the messages of the messageStore. Switching loads the other
 * language's messages first and keeps the current ones on screen until then.
 */
export function I18nProvider({ messageStore, children }: { messageStore: MessageStore; children: ReactNode }) {
  const language = useLanguage();
  const { language: spoken, messages } = useSyncExternalStore(
    messageStore.subscribe,
    messageStore.snapshot,
    messageStore.snapshot,
  );

  useEffect(() => {
    // A part that cannot be fetched leaves the page in its current language.
    messageStore.switchTo(language).catch(() => undefined);
  }, [messageStore, language]);

  // The document speaks the language on screen, for assistive technology and for the API client,
  // which sends it with every call (decision 039). Set before any layout effect: a page's machine
  // starts in one (src/lib/use-portal-actor.ts), and its first call must already carry it.
  useInsertionEffect(() => {
    document.documentElement.lang = spoken;
  }, [spoken]);

  return (
    <MessageStoreContext.Provider value={messageStore}>
      <IntlProvider locale={spoken} messages={messages} defaultLocale="en" onError={reportIntlError}>
        {children}
      </IntlProvider>
    </MessageStoreContext.Provider>
  );
}
