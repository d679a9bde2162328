import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Language } from '../config';
import { loadMessages, type Messages } from '../i18n/language';
import { useLanguage } from './session';


/**
 * Speaks the session's language. Switching loads the other language's messages first and
 * keeps the current ones on screen until then, so the page never flashes untranslated.
 */
export function I18nProvider({ initialLanguage, initialMessages, children }: {
  initialLanguage: Language;
  initialMessages: Messages;
  children: ReactNode;
}) {
  const language = useLanguage();
  const [loaded, setLoaded] = useState<{ language: Language; messages: Messages }>({ language: initialLanguage, messages: initialMessages });

  useEffect(() => {
    if (loaded.language === language) return;
    let current = true;
    loadMessages(language)
      .then((messages) => { if (current) setLoaded({ language, messages }); })
      .catch(() => { /* The chunk could not be fetched: the page stays in its current language. */ });
    return () => { current = false; };
  }, [language, loaded.language]);

  useEffect(() => {
    document.documentElement.lang = loaded.language;
  }, [loaded.language]);

  return (
    <IntlProvider locale={loaded.language} messages={loaded.messages} defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
