import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { readSession } from './lib/browser-session';
import { readPrerenderedLanguage } from './lib/prerendered-language';
import { MessageStore } from './i18n/message-store';
import { loadPart } from './i18n/language';
import { mountFeedback, startReporting } from './reporting/index';
import { startInspector } from './lib/inspector';
import { startEarlyReads } from './api/transport';
import { firstReadsAt } from './domain/routes';
import type { ResetLink } from './lib/reset-link';

/** Starts the app; `resetLink` is the new-password link src/boot.ts took out of the address. */
export async function start(resetLink: ResetLink | null) {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in index.html');
  // Before React renders over a prerendered page: its forms, with whatever the visitor has
  // typed or sent so far, are taken over by their views (docs/decisions/016). Only a page that
  // has such forms loads the code that reads them.
  const prerenderedForms = container.querySelector('form[data-form]')
    ? import('./lib/prerendered-form-reader').then(({ PrerenderedForms }) => new PrerenderedForms(container))
    : Promise.resolve(null);
  // A language picked in the prerendered page so far is the one the app starts in; the app's
  // picker takes the pick over and the session remembers it (docs/decisions/016).
  const prerenderedLanguage = readPrerenderedLanguage(container);
  const session = readSession(prerenderedLanguage?.picked);
  // The mock API is compiled in only when VITE_MOCK_API is 'true' (dev and demo builds):
  // Vite replaces the condition, so the production bundle drops this import entirely.
  const mock =
    import.meta.env.VITE_MOCK_API === 'true'
      ? import('./mocks/browser').then(({ startMock }) => startMock())
      : Promise.resolve();
  // The page's first reads start now, beside its code (issue 41), once the mock, where there is
  // one, answers: the user's own with any page of a login, and the page's.
  const path = window.location.pathname;
  const reads = mock.then(() =>
    startEarlyReads([...(session.loggedIn ? ['/me'] : []), ...firstReadsAt(path, session.loggedIn)]),
  );
  // The core messages and the page's own part load beside the page's code (docs/decisions/020).
  const messageStore = new MessageStore(session.language, loadPart);
  const [, forms] = await Promise.all([
    messageStore.ready('core'),
    prerenderedForms,
    reads,
    startInspector(),
    preloadRoute(path, session.loggedIn, messageStore),
  ]);
  const root = createRoot(container);
  // A transition renders in slices that give the main thread back every few milliseconds (no
  // long task while the page is first built); a prerendered page stays on screen meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App
          session={session}
          messageStore={messageStore}
          prerenderedForms={forms}
          prerenderedLanguage={prerenderedLanguage}
          resetLink={resetLink}
        />
      </StrictMode>,
    );
  });
  // Error reporting and the feedback widget load after the first render, when their build
  // flags are on (src/reporting); with the flags off they are not in the bundle at all.
  void startReporting().then(mountFeedback);
}
