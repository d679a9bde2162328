/**
 * Setup of the view and widget tests (the `dom` and `heavy` projects in happy-dom, decision 063;
 * `page` and `bench` in jsdom): jest-dom's matchers, the mock API's real MSW handlers on a database
 * reset before each test, and a clean document and storage after each. The files of a `dom` worker
 * share their modules, so no module may keep state: what the app keeps between pages belongs to each
 * rendered App. tests/setup/common.ts runs first.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mock, server } from '../../src/mocks/node';
import { forgetEarlyReads } from '../../src/api/transport';
import { forgetServerOffer } from '../../src/api/server-version';

// Two workers share two cores: a screen that needs a lazy chunk may take over a second to come.
configure({ asyncUtilTimeout: 3000 });

// The test DOMs do not scroll; the portal scrolls to the top after a navigation.
window.scrollTo = () => {};

// The files of a `dom` worker share their modules and so the mock API's server: it listens once
// per worker and stays on between files (closing and opening it again between files lets a
// request of one file meet the server half set up for the next).
const worker = globalThis as { portalMockListening?: boolean };
beforeAll(() => {
  if (worker.portalMockListening) return;
  server.listen({ onUnhandledRequest: 'error' });
  worker.portalMockListening = true;
});
// What the app keeps between pages (the session, the visit's catalogue, the last order) lives in
// the actor system of each rendered App, so every render is a new visit.
beforeEach(() => mock.reset());

afterEach(() => {
  cleanup();
  // Reads a test's navigation started early must not answer the next test's calls (issue 41).
  forgetEarlyReads();
  // Which API the server speaks is asked once per session; each test's mock may speak another.
  forgetServerOffer();
  vi.useRealTimers();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
  // The page's language is what the API client sends (decision 039): a rendered App sets it, and
  // the next file of the worker, which may call the API without one, must not inherit it.
  document.documentElement.removeAttribute('lang');
});
