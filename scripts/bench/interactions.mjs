#!/usr/bin/env node
/* global window, document -- used inside page.evaluate, which runs in the browser */
/**
 * `npm run bench -- interactions`: how long the portal takes to answer each interaction on a
 * slow phone (issue 33). The production build behind the project's nginx, against the mock API
 * over HTTP (scripts/bench/serve.mjs), in Debian's Chromium with its CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`). The page records Event Timing entries (PerformanceObserver
 * type `event`, durationThreshold 16) while a customer types in the registration, login,
 * company-edit and licence-order forms, switches the shop's tabs, moves the volume slider, switches
 * a datastore's usage range, and searches a dashboard of 10,000 datastores. An interaction's duration is that of its longest
 * event (as INP counts it): from the input to the next frame after its handlers ran.
 *
 * Prints, per interaction kind, how many interactions there were, their median and the worst
 * (an interaction under 16 ms has no entry: it counts as 16). Goal: every row ≤ 100 ms.
 *
 *   npm run bench -- interactions [--runs 3] [--rate 4] [--skip-build] [--json]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { serveBuild } from './serve.mjs';

const repo = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback);
const runs = option('--runs', 3);
const rate = option('--rate', 4);
const json = args.includes('--json');
const goalMs = 100;
/** Event Timing reports no interaction shorter than this. */
const threshold = 16;
const log = (...parts) => {
  if (!json) console.log(...parts);
};

/** Collects the page's Event Timing entries of interactions, across its router's navigations. */
function observeEvents() {
  window.__benchEvents = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) window.__benchEvents.push({ id: entry.interactionId, duration: entry.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The page's state of counting, before a kind of interaction starts. */
const mark = (page) =>
  page.evaluate(() => ({ count: performance.interactionCount, seen: window.__benchEvents.length }));

/**
 * The durations of the interactions since `before`: each interaction's longest entry, and 16
 * for each interaction that had none. Waits for the entries, which arrive after the frame.
 */
async function durationsSince(page, before) {
  await page.waitForTimeout(600);
  const { count, events } = await page.evaluate(
    (seen) => ({ count: performance.interactionCount, events: window.__benchEvents.slice(seen) }),
    before.seen,
  );
  const longest = new Map();
  for (const { id, duration } of events) longest.set(id, Math.max(longest.get(id) ?? 0, duration));
  const reported = [...longest.values()];
  const interactions = Math.max(count - before.count, reported.length);
  return [...reported, ...Array(interactions - reported.length).fill(threshold)];
}

/** Runs `act` and files the durations of its interactions under `kind`. */
async function measure(page, results, kind, act) {
  const before = await mark(page);
  await act();
  const durations = await durationsSince(page, before);
  if (durations.length === 0) throw new Error(`No interaction was counted for "${kind}"`);
  (results[kind] ??= []).push(...durations);
}

/** Types like a person: one key at a time, with a pause the page can use. */
const type = (page, text) => page.keyboard.type(text, { delay: 80 });

/** Selects what a field holds and types over it. */
async function retype(page, field, text) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await type(page, text);
}

/** The app has rendered over the prerendered markup (React's elements carry a fiber key). */
const appRendered = (page) =>
  page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });

/** One customer's visit, from the registration form to the dashboard of 10,000 datastores. */
async function visit(browser, base, controls, results) {
  controls.reset();
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(observeEvents);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });

  await page.goto(`${base}/register`);
  await appRendered(page);
  await measure(page, results, 'typing in the registration form', async () => {
    await page.getByRole('textbox', { name: 'Company name' }).click();
    await type(page, 'Beispiel Hosting GmbH');
    await page.getByRole('textbox', { name: 'Street and number' }).click();
    await type(page, 'Hauptstraße 12');
    await page.getByRole('textbox', { name: 'Email address' }).click();
    await type(page, 'neu@beispiel.de');
  });

  await page.goto(`${base}/login`);
  await appRendered(page);
  await measure(page, results, 'typing in the login form', async () => {
    await page.getByRole('textbox', { name: 'Email address' }).click();
    await type(page, 'demo@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).click();
    await type(page, 'Demo-Password-2026');
  });
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Your datastores' }).waitFor();
  await page.getByRole('article', { name: 'archive' }).waitFor();

  const fixed = page.getByRole('form', { name: 'Fixed volume' });
  await measure(page, results, 'moving the volume slider', async () => {
    await fixed.getByRole('slider').focus();
    for (let step = 0; step < 8; step += 1) await page.keyboard.press('ArrowRight', { delay: 40 });
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowLeft', { delay: 40 });
  });

  await page.goto(`${base}/company`);
  await page.getByRole('heading', { level: 1, name: 'Account and settings' }).waitFor();
  await page.getByRole('region', { name: 'Company data' }).getByRole('button', { name: 'Edit' }).click();
  const company = page.getByRole('form', { name: 'Edit company data' });
  await measure(page, results, 'typing in the company form', async () => {
    await retype(page, company.getByLabel('Street and number'), 'Neue Straße 5');
    await retype(page, company.getByLabel('Postcode'), '20095');
    await retype(page, company.getByLabel('City'), 'Hamburg');
  });

  await page.goto(`${base}/shop`);
  await page.getByRole('article', { name: 'Proxmox VE Standard' }).waitFor();
  await measure(page, results, 'switching shop tabs', async () => {
    for (const name of ['Backup Server (PBS)', 'Mail Gateway (MG)', 'Virtualisation (VE)'])
      await page.getByRole('tab', { name }).click({ delay: 40 });
    await page.keyboard.press('ArrowRight', { delay: 40 });
    await page.keyboard.press('ArrowRight', { delay: 40 });
    await page.keyboard.press('ArrowLeft', { delay: 40 });
  });
  await page.getByRole('tab', { name: 'Virtualisation (VE)' }).click();
  await page.getByRole('link', { name: 'Buy Proxmox VE Standard' }).click();
  await page.getByRole('heading', { level: 2, name: 'Order Proxmox VE Standard' }).waitFor();
  await measure(page, results, 'typing in the licence order form', async () => {
    await retype(page, page.getByRole('textbox', { name: 'Company name' }), 'Demo Hosting GmbH');
    await retype(page, page.getByRole('textbox', { name: 'Email' }), 'einkauf@example.com');
  });

  // A datastore's page (issue 45): each range read once first, then the switches between them,
  // each drawing its chart and its table anew.
  await page.goto(`${base}/datastore/k10001_archive`);
  const usage = page.getByRole('region', { name: 'Space over time' });
  const chart = (range) => usage.getByRole('img', { name: new RegExp(`over the last ${range}`) });
  await chart('month').waitFor();
  for (const range of ['day', 'week', 'year']) {
    await usage.getByRole('button', { name: range[0].toUpperCase() + range.slice(1) }).click();
    await chart(range).waitFor();
  }
  await measure(page, results, 'switching the usage range', async () => {
    for (const range of ['month', 'day', 'week', 'year', 'month', 'week']) {
      await usage.getByRole('button', { name: range[0].toUpperCase() + range.slice(1) }).click({ delay: 40 });
      await chart(range).waitFor();
    }
  });

  controls.seedDatastores(10_000);
  await page.goto(`${base}/dashboard`);
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.waitFor();
  await page.locator('.list-summary').waitFor();
  await measure(page, results, 'searching 10,000 datastores', async () => {
    await search.click();
    await type(page, 'web12');
    for (let key = 0; key < 5; key += 1) await page.keyboard.press('Backspace', { delay: 80 });
  });
  await context.close();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const packages = spawnSync('bash', [join(repo, 'scripts/system-packages.sh')], {
    stdio: json ? 'ignore' : 'inherit',
  });
  if (packages.status !== 0) process.exit(packages.status ?? 1);
  if (!args.includes('--skip-build')) {
    const build = spawnSync('npm', ['run', 'build:example'], { cwd: repo, stdio: json ? 'ignore' : 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await serveBuild({ webPort: 4196, apiPort: 4197 });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  const results = {};
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(`Interactions at CPU ${rate}×, run ${run} of ${runs} …`);
      await visit(browser, server.url, server.controls, results);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = Object.entries(results).map(([kind, durations]) => ({
    kind,
    interactions: durations.length,
    medianMs: median(durations),
    worstMs: Math.max(...durations),
  }));
  const figures = { date: new Date().toISOString(), cpuSlowdown: rate, runs, goalMs, rows };
  mkdirSync(join(repo, 'bench-results'), { recursive: true });
  writeFileSync(join(repo, 'bench-results/interactions.json'), `${JSON.stringify(figures, null, 2)}\n`);
  if (json) {
    console.log(JSON.stringify(figures));
  } else {
    console.log(
      `\nInteractions at CPU ${rate}× (Event Timing; under 16 ms counts as 16), ${runs} runs, goal ≤ ${goalMs} ms`,
    );
    console.log('  kind                                 interactions   median    worst');
    for (const row of rows)
      console.log(
        `  ${row.kind.padEnd(36)} ${String(row.interactions).padStart(12)} ${`${row.medianMs} ms`.padStart(8)} ${`${row.worstMs} ms`.padStart(8)}${row.worstMs <= goalMs ? '' : '  over'}`,
      );
    console.log('Figures written to bench-results/interactions.json');
  }
}

await main();
