#!/usr/bin/env node
/**
 * How long the dashboard takes to render 10, 100 and 1000 datastores (decision 015), in two places:
 *   - jsdom: tests/bench/dashboard-render.bench.tsx run by Vitest with the real MSW mock;
 *   - Chromium: the portal on Vite's dev server with its in-browser mock, the account given N
 *     datastores through the mock API itself, the dashboard opened and timed in the page.
 * Both report the median time from the status answer to all N cards in the page ("render") and
 * from the start (render() or navigation) to all N cards ("total"). In Chromium it also moves the
 * purchase slider 19 steps by keyboard and reports the median and slowest time from a key press
 * to the frame that shows the new volume (the page must stay responsive with N cards).
 *
 *   node scripts/bench-dashboard.mjs                  tables
 *   node scripts/bench-dashboard.mjs --json           one JSON line (read by scripts/bench/run.mjs)
 *   --jsdom-only / --browser-only                     one of the two
 *   --bundle                                          Chromium on the demo bundle (production React) instead of the dev server
 */
/* global window, document, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const json = args.includes('--json');
const bundle = args.includes('--bundle');
const sizes = [10, 100, 1000];
const log = (...parts) => {
  if (!json) console.log(...parts);
};

async function benchJsdom() {
  const environment = { ...process.env };
  const { startVitest } = await import('vitest/node');
  const out = join(repo, 'bench-results', 'dashboard-render.json');
  rmSync(out, { force: true });
  process.env.DASHBOARD_BENCH_OUT = out;
  const vitest = await startVitest(
    'test',
    ['tests/bench/dashboard-render.bench.tsx'],
    { run: true, watch: false, reporters: [json ? 'dot' : 'default'] },
    { test: { include: ['tests/bench/**/*.bench.tsx'] } },
  );
  const failed = vitest.state.getCountOfFailedTests() > 0;
  await vitest.close();
  // Vitest leaves its test environment in process.env (NODE_ENV, the tests' VITE_* settings):
  // the Chromium part's build must not inherit it.
  for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
  Object.assign(process.env, environment);
  if (failed || !existsSync(out)) throw new Error('The jsdom benchmark failed.');
  return JSON.parse(readFileSync(out, 'utf8')).datastores;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value) => Math.round(value * 10) / 10;

async function benchChromium() {
  const { build, createServer, preview } = await import('vite');
  const { chromium } = await import('@playwright/test');
  let server;
  let outDir = null;
  if (bundle) {
    // The demo bundle: production React and code, with the in-browser mock.
    outDir = mkdtempSync(join(tmpdir(), 'bench-dashboard-'));
    // Production whatever NODE_ENV the caller left: Vite sets it to development when a caller
    // resolved a configuration to serve (npm run bench does, for its nginx helper), and Vite's
    // build keeps a NODE_ENV it finds, which gave development React and 1000 cards in ~600 ms.
    process.env.NODE_ENV = 'production';
    await build({ root: repo, mode: 'demo', logLevel: 'error', build: { outDir, emptyOutDir: true } });
    server = await preview({
      root: repo,
      mode: 'demo',
      logLevel: 'silent',
      build: { outDir },
      preview: { port: 4196, strictPort: false },
    });
  } else {
    server = await createServer({
      root: repo,
      mode: 'development',
      logLevel: 'silent',
      server: { port: 4195, strictPort: false },
    });
    await server.listen();
  }
  const base = (server.resolvedUrls?.local[0] ?? 'http://localhost:4195/').replace(/\/$/, '');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const figures = {};
  try {
    for (const size of sizes) {
      // Setup: a page whose clock runs 10 minutes behind, so that the bought datastores no
      // longer show their temporary password (nor the overlay) when the dashboard is measured.
      const setup = await browser.newContext();
      await setup.clock.install({ time: Date.now() - 10 * 60_000 });
      const page = await setup.newPage();
      await page.goto(`${base}/`);
      // The mock answers the API once its worker runs: a call without a session is then a 401.
      for (let attempt = 0; ; attempt += 1) {
        const ready = await page
          .evaluate(
            async () =>
              typeof window.__portalMock !== 'undefined' &&
              (await fetch('/api/v1/me', { credentials: 'include' })).status === 401,
          )
          .catch(() => false);
        if (ready) break;
        if (attempt === 480) throw new Error('The mock API did not start.');
        await page.waitForTimeout(250);
      }
      await page.evaluate(async (count) => {
        window.__portalMock.reset();
        window.__portalMock.setLatency(0);
        const login = await fetch('/api/v1/login', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'demo@example.com', password: 'Demo-Password-2026', language: 'en' }),
        });
        if (!login.ok) throw new Error(`login ${login.status}`);
        // The demo account has 4 datastores; buy the rest, every rate from dynamic (0) to 20 TB.
        for (let index = 0; index < count - 4; index += 1) {
          const bought = await fetch(`/api/v1/product/pbs/b${index}/${index % 21}`, { credentials: 'include' });
          if (!bought.ok) throw new Error(`purchase ${bought.status}`);
        }
      }, size);
      const state = await setup.storageState();
      await setup.close();

      const context = await browser.newContext({ storageState: state });
      await context.addInitScript(() => {
        sessionStorage.setItem('portal.loggedIn', 'true');
        sessionStorage.setItem('portal.language', 'en');
      });
      const measure = await context.newPage();
      // Warm-up: Vite may optimise a dependency on the first visit and reload the page once.
      await measure.goto(`${base}/dashboard`);
      await measure.waitForTimeout(1_000);
      await measure
        .locator('article.datastore-card')
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(async (error) => {
          console.error(
            `No datastore card at ${measure.url()}:\n${(await measure.locator('body').innerText()).slice(0, 800)}`,
          );
          throw error;
        });
      const runs = [];
      for (let run = 0; run < 5; run += 1) {
        await measure.goto(`${base}/dashboard`);
        runs.push(
          await measure.evaluate(
            async (count) => {
              await new Promise((resolve) => {
                const check = () =>
                  document.querySelectorAll('article.datastore-card').length >= count
                    ? resolve()
                    : requestAnimationFrame(check);
                check();
              });
              const cardsAt = performance.now();
              const status = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.endsWith('/api/v1/status'))
                .at(-1);
              return { total: cardsAt, render: status ? cardsAt - status.responseEnd : Number.NaN };
            },
            size,
            { timeout: 120_000 },
          ),
        );
      }
      // Responsiveness: the purchase slider moved by keyboard, 19 steps; each step is timed from
      // the key press to the next frame after its volume is shown.
      const slider = measure.getByRole('slider');
      await slider.focus();
      const steps = [];
      for (let step = 0; step < 19; step += 1) {
        const before = await slider.inputValue();
        const started = await measure.evaluate(() => performance.now());
        await measure.keyboard.press(step < 10 ? 'ArrowRight' : 'ArrowLeft');
        steps.push(
          await measure.evaluate(
            async ({ from, at }) => {
              const output = document.getElementById('purchase-volume-value');
              const input = document.getElementById('purchase-volume');
              await new Promise((resolve) => {
                const check = () =>
                  input.value !== from && output?.textContent
                    ? requestAnimationFrame(() => resolve())
                    : requestAnimationFrame(check);
                check();
              });
              return performance.now() - at;
            },
            { from: before, at: started },
          ),
        );
      }
      await context.close();
      figures[size] = {
        total: round(median(runs.map((run) => run.total))),
        render: round(median(runs.map((run) => run.render))),
        runs: runs.length,
        sliderStep: round(median(steps)),
        sliderStepMax: round(Math.max(...steps)),
      };
      log(`chromium: ${size} datastores measured`);
    }
  } finally {
    await browser.close();
    await server.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  }
  return figures;
}

const result = { unit: 'ms', chromiumBuild: bundle ? 'demo bundle' : 'dev server' };
if (!args.includes('--browser-only')) result.jsdom = await benchJsdom();
if (!args.includes('--jsdom-only')) result.chromium = await benchChromium();

if (json) {
  console.log(JSON.stringify(result));
} else {
  for (const where of ['jsdom', 'chromium']) {
    if (!result[where]) continue;
    const place =
      where === 'jsdom'
        ? 'jsdom (Vitest)'
        : `Chromium (${bundle ? 'demo bundle, production React' : 'Vite dev server, development React'})`;
    console.log(`\nDashboard render time, ${place}, median in ms:`);
    console.table(
      Object.fromEntries(
        Object.entries(result[where]).map(([size, { total, render, runs, sliderStep, sliderStepMax }]) => [
          `${size} datastores`,
          {
            'status answer → all cards': render,
            [where === 'jsdom' ? 'render() → all cards' : 'navigation → all cards']: total,
            runs,
            ...(sliderStep === undefined ? {} : { 'slider step → frame': sliderStep, 'slowest step': sliderStepMax }),
          },
        ]),
      ),
    );
  }
}
