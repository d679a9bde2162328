/**
 * Setup of the `page` project (jsdom, each file on a page of its own with fresh modules): the
 * reporting's tests, which start Sentry and the feedback widget once per page and call no API of
 * the portal. jest-dom's matchers and a clean document and storage after each test, as in
 * tests/setup/dom.ts, without the mock API's server, whose loading was a third of each fresh page's
 * start. A request that would leave the test fails it: nothing here may reach a network.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { performance as nodePerformance } from 'node:perf_hooks';
import { afterEach, beforeEach, vi } from 'vitest';

// A page's VM context (the project's vmForks pool) takes jsdom's \`performance\`, which has the clock
// but not the entries browsers keep (getEntriesByType, marks), which Sentry's tracing reads; the
// forks pool left Node's in place. The page gets Node's again.
if (typeof performance.getEntriesByType !== 'function') {
  Object.defineProperty(globalThis, 'performance', { value: nodePerformance, configurable: true, writable: true });
}

beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    throw new Error(`A page test tried to reach the network: ${String(input)}`);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
