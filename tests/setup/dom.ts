/**
 * Setup of the view and widget tests (the `dom` and `page` projects, in jsdom): jest-dom's
 * matchers, the mock API's real MSW handlers on a database reset before each test, what the app
 * keeps between pages forgotten before each (every test is a new visit; the files of a `dom` worker
 * share their modules), and a clean document and storage after each. tests/setup/common.ts runs
 * first.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { mock, server } from '../../src/mocks/node';
import { forgetLicenceOrder } from '../../src/views/shared/last-licence-order';
import { forgetCatalogue } from '../../src/views/shop/catalogue-store';

// Two workers share two cores: a screen that needs a lazy chunk may take over a second to come.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no scrolling; the portal scrolls to the top after a navigation.
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  mock.reset();
  // The catalogue is fetched once per visit (SPEC §7), and the last order is the visit's own.
  forgetCatalogue();
  forgetLicenceOrder();
});
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  server.resetHandlers();
  sessionStorage.clear();
  localStorage.clear();
});
