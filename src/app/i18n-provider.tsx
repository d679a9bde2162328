import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
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
 * A message missing from the loaded parts is a defect that a build would otherwise hide (react-intl
 * is silent in production): it is logged in every build, so that the journeys fail on it.
 */
const reportIntlError: NonNullable<IntlConfig['onError']> = (error) => {
  if (error.code === ReactIntlErrorCode.MISSING_TRANSLATION || !import.meta.env.PROD) console.error(error);
};

/**
 * Speaks the session's language, with the messages of the catalogue. Switching loads the other
 * language's messages first and keeps the current ones on screen until then.
 */
export function I18nProvider({ catalogue, children }: { catalogue: Catalogue; children: ReactNode }) {
  const language = useLanguage();
  const { language: spoken, messages } = useSyncExternalStore(catalogue.subscribe, catalogue.snapshot, catalogue.snapshot);

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
