import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from './scripts/chromium.mjs';
import { journeyApiTimeoutMs } from './tests/e2e/support/api-timeout';

const ci = Boolean(process.env.CI);
// E2E_PORT lets several people run the journeys at once, each on servers of their own: the demo
// (or dev) server on E2E_PORT, the production build on the next port and its mock API on the one after.
const port = Number(process.env.E2E_PORT ?? 4174);
const productionPort = port + 1;
const mockApiPort = port + 2;

/**
 * Whole journeys in Debian's Chromium (Playwright cannot download its own browsers here).
 *
 * - `demo`: the portal on its in-browser mock API. CI runs them against the demo bundle served by
 *   the project's nginx with the demo's security headers (scripts/serve-demo.mjs, decision 045), as
 *   an operator serves it; locally they use Vite's dev server on the same mock, so that they always
 *   see the current code.
 * - `production`: the build customers get, prerendered, behind the project's nginx configuration,
 *   with /api/ proxied to the mock API served over HTTP (scripts/serve-production.mjs). nginx
 *   logs every request to e2e-logs/nginx-access.log, which `npm run test:e2e` checks.
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  // Three workers on two cores: the demo journeys are independent (each browser context has its
  // own in-browser mock); the production project keeps one (its journeys share one mock API). In
  // Chromium's headless shell (decision 055) the suite waits more than it computes (timeouts, slow
  // answers, CPU-throttled journeys), so a third browser fills the waits: 317 journeys in 7.1 min
  // instead of 8.0 with two, on this machine (issue 42).
  workers: 3,
  retries: 0,
  forbidOnly: ci,
  reporter: [['list'], ['./tests/e2e/support/fault-matrix-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // A trace costs a quarter of a journey's time (the fault matrix: 185 s without, 240 s with) and
    // CI keeps no files, only its log: CI records none; a failure is traced where it is reproduced.
    trace: ci ? 'off' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: headlessShellPath,
      args: [...chromiumArgs],
    },
  },
  projects: [
    // First: its journeys run one at a time, so they start at once on one worker while the demo's
    // fill the other; listed last, they ran alone at the end with the other worker idle.
    {
      name: 'production',
      testDir: './tests/e2e/production',
      // One mock API for the whole project: its journeys share its database, one at a time.
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${productionPort}` },
    },
    {
      name: 'demo',
      testIgnore: 'production/**',
      // nginx listens on 127.0.0.1 only (scripts/nginx.ts).
      use: { baseURL: ci ? `http://127.0.0.1:${port}` : `http://localhost:${port}` },
    },
  ],
  webServer: [
    {
      command: ci
        ? `npm run build:demo && node scripts/serve-demo.mjs --port ${port}`
        : `npx vite --port ${port} --strictPort`,
      url: ci ? `http://127.0.0.1:${port}/` : `http://localhost:${port}/`,
      reuseExistingServer: !ci,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { VITE_API_TIMEOUT_MS: String(journeyApiTimeoutMs) },
    },
    {
      command: `node scripts/serve-production.mjs --port ${productionPort} --api-port ${mockApiPort}`,
      url: `http://127.0.0.1:${productionPort}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // The production build meets a server that knows only v1, as the provider's API is today;
      // its v1.1 journeys switch the mock for themselves (E2E_PRODUCTION_API_VERSION: another default).
      env: {
        E2E_MOCK_API: `http://127.0.0.1:${mockApiPort}`,
        MOCK_API_VERSION: process.env.E2E_PRODUCTION_API_VERSION ?? 'v1',
      },
    },
  ],
});
