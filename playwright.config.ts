import { defineConfig, devices } from '@playwright/test';

const ci = Boolean(process.env.CI);
// E2E_PORT lets several people run the journeys at once, each on a server of their own.
const port = Number(process.env.E2E_PORT ?? 4174);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whole journeys in Debian's Chromium (Playwright cannot download its own browsers here).
 * CI runs them against the demo bundle, which serves the portal from its in-browser mock API;
 * locally they use Vite's dev server on the same mock, so that they always see the current code.
 */
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: ci ? 1 : 2,
  retries: 0,
  forbidOnly: ci,
  reporter: [['list'], ['./tests/e2e/support/fault-matrix-reporter.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
  webServer: {
    command: ci
      ? `npm run build:demo && npx vite preview --outDir dist-demo --port ${port} --strictPort`
      : `npx vite --port ${port} --strictPort`,
    url: `http://localhost:${port}/`,
    reuseExistingServer: !ci,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // The fault matrix (tests/e2e/faults-*.spec.ts) waits out a `timeout` fault on every call:
    // a short client timeout keeps that fast. `slow` faults (3 s) must still succeed under it.
    env: { VITE_API_TIMEOUT_MS: process.env.VITE_API_TIMEOUT_MS ?? '5000' },
  },
});
