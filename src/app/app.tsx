import type { ReactNode } from 'react';
import { Router, useLocation, type BaseLocationHook } from 'wouter';
import type { MessageStore } from '../i18n/message-store';
import { ErrorBoundary } from '../lib/error-boundary';
import { I18nProvider } from '../lib/i18n-provider';
import type { PrerenderedForms } from '../lib/prerendered-form-reader';
import { PrerenderedFormsContext, PrerenderedLanguageContext, ResetLinkContext } from '../lib/prerendered-forms';
import type { PrerenderedLanguage } from '../lib/prerendered-language';
import type { ResetLink } from '../lib/reset-link';
import { RouteEffects } from '../lib/route-effects';
import { AppRoutes } from './router';
import { AppActorProvider } from '../lib/app-actor';
import type { StoredSession } from '../lib/browser-session';

function KeyedBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>;
}

export interface AppProps {
  session: StoredSession;
  /** The messages, loaded part by part (src/i18n/message-store.ts). */
  messageStore: MessageStore;
  /** A location hook for tests (wouter's memoryLocation); the browser's by default. */
  locationHook?: BaseLocationHook;
  searchHook?: () => string;
  /** The address to render on the server (build-time prerendering). */
  ssrPath?: string;
  /** The forms of the prerendered page the app renders over, with what the visitor typed. */
  prerenderedForms?: PrerenderedForms | null;
  /** The language picker of that page, with a language the visitor picked there. */
  prerenderedLanguage?: PrerenderedLanguage | null;
  /** The new-password link taken out of the address before the app started (decision 031). */
  resetLink?: ResetLink | null;
}

export function App({
  session,
  messageStore,
  locationHook,
  searchHook,
  ssrPath,
  prerenderedForms = null,
  prerenderedLanguage = null,
  resetLink = null,
}: AppProps) {
  const routerProps = {
    ...(locationHook ? { hook: locationHook } : {}),
    ...(searchHook ? { searchHook } : {}),
    ...(ssrPath ? { ssrPath } : {}),
  };
  return (
    <Router {...routerProps}>
      <PrerenderedFormsContext.Provider value={prerenderedForms}>
        <PrerenderedLanguageContext.Provider value={prerenderedLanguage}>
          <ResetLinkContext.Provider value={resetLink}>
            <AppActorProvider initial={session}>
              <I18nProvider messageStore={messageStore}>
                <RouteEffects />
                <KeyedBoundary>
                  <AppRoutes />
                </KeyedBoundary>
              </I18nProvider>
            </AppActorProvider>
          </ResetLinkContext.Provider>
        </PrerenderedLanguageContext.Provider>
      </PrerenderedFormsContext.Provider>
    </Router>
  );
}
