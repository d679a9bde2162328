import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import type { Catalogue } from '../i18n/catalogue';
import { useLanguage } from './session';

const CatalogueContext = createContext<Catalogue | null>(null);

/** The app's catalogue of messages, for the pages that load their own part of it. */
export function useCatalogue(): Catalogue {
  const catalogue = useContext(CatalogueContext);
  if (!catalogue) throw new Error('useCatalogue needs an I18nProvider');
  return catalogue;
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
 * Speaks the session's language, with the messages of the catalogue. Switching loads the other
 * language's messages first and keeps the current ones on screen until then.
 */
export function I18nProvider({ catalogue, children }: { catalogue: Catalogue; children: ReactNode }) {
  const language = useLanguage();
  const { language: spoken, messages } = useSyncExternalStore(
    catalogue.subscribe,
    catalogue.snapshot,
    catalogue.snapshot,
  );

  useEffect(() => {
    // A part that cannot be fetched leaves the page in its current language.
    catalogue.switchTo(language).catch(() => undefined);
  }, [catalogue, language]);

  useEffect(() => {
    document.documentElement.lang = spoken;
  }, [spoken]);

  return (
    <CatalogueContext.Provider value={catalogue}>
      <IntlProvider locale={spoken} messages={messages} defaultLocale="en" onError={reportIntlError}>
        {children}
      </IntlProvider>
    </CatalogueContext.Provider>
  );
}
