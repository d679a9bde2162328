#!/usr/bin/env node
/* global window, document -- used inside addInitScript, which runs in the browser */
/**
 * `npm run bench -- chain`: how long the module chain keeps a visitor waiting, on a slow phone with
 * a slow network for scripts. The production build behind the project's nginx, against the mock API
 * over HTTP (scripts/bench/serve.mjs), in Debian's Chromium with its CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`) and every script request (`/assets/*.js`) held back by a fixed
 * delay, 0 ms (nothing intercepted) and 300 ms, each request on its own (concurrently, as a network's
 * latency would).
 *
 * Rows, each in a fresh browser context with no cookies:
 *   - /login: the visitor fills the demo login into the prerendered page as soon as its fields are
 *     there and presses Enter at once; Enter → the `POST /login` request leaves the page;
 *   - /register: the same with every required field of the registration; Enter → `POST /register/company`;
 *   - /dashboard: the same visit as /login, on: the login's answer received → the first datastore
 *     card (`article.datastore-card`) visible.
 * For each row, the depth of the module chain before the call (or the card): every script request
 * gets a level, 1 for one the document asked for, 1 + the level of the script that asked for it (CDP
 * `Network.requestWillBeSent` initiator: its url and stack) when that one had finished before it
 * started; without such an initiator (a modulepreload link names only `about:client`), 1 + the
 * highest level of the scripts finished before it started, or the level of the request before it
 * when both started within 50 ms of each other (one loop adding links).
 *
 * Prints, per row and delay, the median of the runs in ms and of the depth, against the goals (depth
 * ≤ 3; at 300 ms Enter → call ≤ 1500 ms and login → first card ≤ 2000 ms), and in how many runs the
 * app had already rendered when Enter was pressed (filling the registration's many fields may take
 * longer than the app takes to start). A report: exits 0 whatever the figures, 1 only when it could
 * not measure. Figures in bench-results/chain-latest.json.
 *
 *   npm run bench -- chain [--runs 3] [--rate 4] [--skip-build] [--json]
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
/** Held back from every script request, in ms. */
const delays = [0, 300];
/** Script requests that name no script and start this close together are one burst (see `levelled`). */
const burstMs = 50;
/** Ports of no other bench (run.mjs 4192/4193, dashboard 4195/4196, interactions 4196/4197); not 4190, which fetch and Chromium refuse. */
const ports = { web: 4188, api: 4189 };
const goals = { depth: 3, callMs: { 300: 1500 }, cardMs: { 300: 2000 } };
const demo = { email: 'demo@example.com', password: 'Demo-Password-2026' };
const scriptPattern = /\/assets\/[^?#]*\.js(?:[?#].*)?$/;
const log = (...parts) => {
  if (!json) console.log(...parts);
};

/** Now, in ms since the epoch, on the same clock as the page's `performance.timeOrigin + performance.now()`. */
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** In the page: the moment (epoch ms) of the first frame that shows a datastore card. */
function watchFirstCard() {
  window.__benchFirstCard = null;
  const look = () => {
    const card = document.querySelector('article.datastore-card');
    if (card !== null && card.getClientRects().length > 0) {
      window.__benchFirstCard = performance.timeOrigin + performance.now();
      return;
    }
    window.requestAnimationFrame(look);
  };
  window.requestAnimationFrame(look);
}

/**
 * Records the page's requests over CDP (`Network`), with their times as epoch ms: every script
 * request (start, end, initiator), each document of the main frame, and every API call.
 */
async function watchNetwork(cdp) {
  const network = { scripts: new Map(), documents: [], calls: [] };
  /** wallTime − timestamp: CDP's monotonic clock to the epoch. */
  let offset = null;
  const epoch = (timestamp) => timestamp * 1000 + (offset ?? 0);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.redirectResponse) return;
    offset ??= event.wallTime * 1000 - event.timestamp * 1000;
    const { url, method } = event.request;
    const start = epoch(event.timestamp);
    if (event.type === 'Document') network.documents.push({ url, start, frameId: event.frameId });
    else if (new URL(url).pathname.startsWith('/api/')) network.calls.push({ method, url, start });
    else if (scriptPattern.test(url))
      network.scripts.set(event.requestId, { url, start, end: null, initiator: event.initiator });
  });
  const finish = (event) => {
    const script = network.scripts.get(event.requestId);
    if (script) script.end = epoch(event.timestamp);
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', finish);
  await cdp.send('Network.enable');
  return network;
}

/** Every address an initiator names: its url and those of its stack (async parents included). */
function initiatorUrls(initiator) {
  const urls = new Set();
  if (initiator?.url) urls.add(initiator.url);
  for (let stack = initiator?.stack; stack; stack = stack.parent)
    for (const frame of stack.callFrames ?? []) if (frame.url) urls.add(frame.url);
  return urls;
}

/**
 * The levels of the script requests of one document (see the header comment), in order of start.
 * `documentUrl` is the page that asked for the first level.
 */
function levelled(scripts, documentUrl) {
  const sorted = [...scripts].sort((a, b) => a.start - b.start);
  const done = [];
  const pathOf = (url) => new URL(url).pathname;
  for (const script of sorted) {
    const named = initiatorUrls(script.initiator);
    const earlier = done.filter((other) => other.start <= script.start);
    const parents = earlier.filter((other) => named.has(other.url));
    const previous = done.at(-1);
    let level;
    let by;
    if (parents.length > 0) {
      // A parent that had finished: this one waited for it. One still loading: the same wave.
      level = Math.max(
        ...parents.map((parent) =>
          parent.end !== null && parent.end <= script.start ? parent.level + 1 : parent.level,
        ),
      );
      by = 'initiator';
    } else if (
      script.initiator?.type === 'parser' ||
      [...named].some((url) => !scriptPattern.test(url) && pathOf(url) === pathOf(documentUrl))
    ) {
      level = 1;
      by = 'document';
    } else if (
      previous !== undefined &&
      previous.by !== 'initiator' &&
      previous.by !== 'document' &&
      script.start - previous.start <= burstMs
    ) {
      // One burst of requests that name no script (a loop adding modulepreload links, whose
      // initiator is only `about:client`): a member that starts after another one finished did
      // not wait for it.
      level = previous.level;
      by = 'burst';
    } else {
      const finished = earlier.filter((other) => other.end !== null && other.end <= script.start);
      level = 1 + Math.max(0, ...finished.map((other) => other.level));
      by = 'time';
    }
    done.push({ ...script, level, by });
  }
  return done;
}

/** The chain before `cutoff` (epoch ms): the script requests of the document showing then, levelled. */
function chainBefore(network, cutoff) {
  const mainFrame = network.documents[0]?.frameId;
  const documents = network.documents.filter((document) => document.frameId === mainFrame);
  const current = documents.filter((document) => document.start <= cutoff).at(-1);
  if (!current) throw new Error('No document was loaded before the moment measured');
  const next = documents.find((document) => document.start > current.start);
  const scripts = [...network.scripts.values()].filter(
    (script) => script.start >= current.start && script.start <= cutoff && (!next || script.start < next.start),
  );
  const levels = levelled(scripts, current.url);
  return {
    depth: Math.max(0, ...levels.map((script) => script.level)),
    scripts: levels.map((script) => ({
      file: new URL(script.url).pathname.replace('/assets/', ''),
      level: script.level,
      by: script.by,
      initiator: [script.initiator?.type, ...initiatorUrls(script.initiator)]
        .filter(Boolean)
        .map((part) => part.replace(/^https?:\/\/[^/]+/, ''))
        .join(' '),
      startMs: Math.round(script.start - current.start),
      endMs: script.end === null ? null : Math.round(script.end - current.start),
    })),
  };
}

/** A fresh context and page, CPU slowed, scripts held back by `delay`, the network recorded. */
async function open(browser, delay) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  const network = await watchNetwork(cdp);
  // Each request waits on its own: the handlers of several requests run side by side. At 0 ms no
  // request is intercepted, since the interception's round trip through Playwright costs time too.
  if (delay > 0)
    await page.route(scriptPattern, async (route) => {
      await sleep(delay);
      await route.continue();
    });
  await page.addInitScript(watchFirstCard);
  return { context, page, network };
}

/** True once the app has rendered over the prerendered markup (React's elements carry a fiber key). */
const appStarted = (page) =>
  page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });

/** The first request of the page that is `METHOD /api/v1/path`, with the moment (epoch ms) it was seen. */
function nextCall(page, method, path) {
  return new Promise((resolve) => {
    const listener = (request) => {
      if (request.method() === method && new URL(request.url()).pathname === `/api/v1${path}`) {
        page.off('request', listener);
        resolve({ request, at: now() });
      }
    };
    page.on('request', listener);
  });
}

/** The first call `METHOD path` among those CDP recorded, when it left (epoch ms). */
function callStart(network, method, path) {
  const call = network.calls.find((one) => one.method === method && new URL(one.url).pathname === `/api/v1${path}`);
  if (!call) throw new Error(`CDP saw no ${method} ${path}`);
  return call.start;
}

/** Rows /login and /dashboard: one early login, from Enter to the first card. */
async function loginVisit(browser, base, delay) {
  const { context, page, network } = await open(browser, delay);
  try {
    await page.goto(`${base}/login`, { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email address' }).fill(demo.email);
    await page.getByLabel(/^Password/).fill(demo.password);
    const appRan = await appStarted(page);
    const sent = nextCall(page, 'POST', '/login');
    const enter = now();
    await page.keyboard.press('Enter');
    const { request, at: callAt } = await sent;
    const response = await request.response();
    const answered = now();
    if (response?.status() !== 200)
      throw new Error(`The login was answered ${response?.status()} (nginx allows 5 logins a minute)`);
    await page.locator('article.datastore-card').first().waitFor({ state: 'visible', timeout: 60_000 });
    const card = await page.evaluate(() => window.__benchFirstCard);
    if (card === null) throw new Error('The page saw no datastore card');
    return {
      login: {
        ms: Math.round(callAt - enter),
        appRanBeforeEnter: appRan,
        ...chainBefore(network, callStart(network, 'POST', '/login')),
      },
      dashboard: { ms: Math.round(card - answered), ...chainBefore(network, card) },
    };
  } finally {
    await context.close();
  }
}

/** Row /register: an early registration, from Enter to its call. */
async function registerVisit(browser, base, delay) {
  const { context, page, network } = await open(browser, delay);
  try {
    await page.goto(`${base}/register`, { waitUntil: 'commit' });
    // The checkboxes first: Enter in a text field sends the form, on a checkbox it does not.
    await page.getByRole('checkbox', { name: /notifications/ }).check();
    await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
    await page.getByRole('textbox', { name: 'Email address' }).fill('chain@example.com');
    await page.getByLabel(/^Password/).fill('A-Chain-Password-2026');
    await page.getByRole('textbox', { name: 'First name' }).fill('Carla');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Kette');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Kette IT GmbH');
    await page.getByRole('textbox', { name: 'Street and number' }).fill('Am Kai 3');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('20457');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('DE');
    await page.getByRole('textbox', { name: 'City' }).fill('Hamburg');
    const appRan = await appStarted(page);
    const sent = nextCall(page, 'POST', '/register/company');
    const enter = now();
    await page.keyboard.press('Enter');
    const { at } = await sent;
    // Its answer may be a 429 (nginx allows one registration a minute): the request left, which is what counts.
    return {
      ms: Math.round(at - enter),
      appRanBeforeEnter: appRan,
      ...chainBefore(network, callStart(network, 'POST', '/register/company')),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A row's medians against its goals. */
function cell(row, delay, samples, goalMs) {
  const ms = median(samples.map((sample) => sample.ms));
  const depth = median(samples.map((sample) => sample.depth));
  const timeMet = goalMs === undefined ? null : ms <= goalMs;
  const depthMet = depth <= goals.depth;
  return {
    row,
    delayMs: delay,
    ms,
    runsMs: samples.map((sample) => sample.ms),
    depth,
    runsDepth: samples.map((sample) => sample.depth),
    goalMs: goalMs ?? null,
    goalDepth: goals.depth,
    withinGoal: depthMet && timeMet !== false,
    /** In how many runs the app had rendered before Enter (Enter then met the app, not the prerendered form). */
    appRanBeforeEnter: samples.some((sample) => 'appRanBeforeEnter' in sample)
      ? samples.filter((sample) => sample.appRanBeforeEnter).length
      : null,
  };
}

async function main() {
  const packages = spawnSync('bash', [join(repo, 'scripts/system-packages.sh')], {
    stdio: json ? 'ignore' : 'inherit',
  });
  if (packages.status !== 0) process.exit(packages.status ?? 1);
  if (!args.includes('--skip-build')) {
    const build = spawnSync('npm', ['run', 'build:example'], { cwd: repo, stdio: json ? 'ignore' : 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await serveBuild({ webPort: ports.web, apiPort: ports.api });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  /** samples[row][delay]: one per run. */
  const samples = { '/login': {}, '/register': {}, '/dashboard': {} };
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const delay of run % 2 === 1 ? delays : [...delays].reverse()) {
        log(`Chain at CPU ${rate}×, scripts +${delay} ms, run ${run} of ${runs} …`);
        server.controls.reset();
        const { login, dashboard } = await loginVisit(browser, server.url, delay);
        server.controls.reset();
        const register = await registerVisit(browser, server.url, delay);
        (samples['/login'][delay] ??= []).push(login);
        (samples['/register'][delay] ??= []).push(register);
        (samples['/dashboard'][delay] ??= []).push(dashboard);
      }
    }
  } finally {
    await browser.close();
    const stops = await server.stop();
    for (const stop of stops)
      if (stop.status === 'rejected') console.warn(`A server did not stop cleanly: ${stop.reason}`);
  }
  const rows = [];
  for (const delay of delays) {
    rows.push(cell('/login', delay, samples['/login'][delay], goals.callMs[delay]));
    rows.push(cell('/register', delay, samples['/register'][delay], goals.callMs[delay]));
    rows.push(cell('/dashboard', delay, samples['/dashboard'][delay], goals.cardMs[delay]));
  }
  const figures = {
    date: new Date().toISOString(),
    cpuSlowdown: rate,
    runs,
    delaysMs: delays,
    goals: { depth: goals.depth, enterToCallMsAt300: goals.callMs[300], loginToFirstCardMsAt300: goals.cardMs[300] },
    rows,
    samples,
  };
  mkdirSync(join(repo, 'bench-results'), { recursive: true });
  writeFileSync(join(repo, 'bench-results/chain-latest.json'), `${JSON.stringify(figures, null, 2)}\n`);
  if (json) {
    console.log(JSON.stringify(figures));
    return;
  }
  const measured = {
    '/login': 'Enter → POST /login',
    '/register': 'Enter → POST /register/company',
    '/dashboard': 'login answered → first card',
  };
  console.log(`\nThe module chain at CPU ${rate}×, median of ${runs} runs (goal: depth ≤ ${goals.depth}; at 300 ms`);
  console.log(`Enter → call ≤ ${goals.callMs[300]} ms, login → first card ≤ ${goals.cardMs[300]} ms)`);
  console.log(
    '  row          scripts   what                                  time (goal)           depth (goal)   verdict       app ran before Enter',
  );
  for (const row of rows) {
    const time = `${row.ms} ms${row.goalMs === null ? '' : ` (≤ ${row.goalMs})`}`;
    console.log(
      `  ${row.row.padEnd(12)} ${`+${row.delayMs} ms`.padStart(7)}   ${measured[row.row].padEnd(37)} ${time.padEnd(21)} ${`${row.depth} (≤ ${row.goalDepth})`.padEnd(14)} ${(row.withinGoal ? 'within goal' : 'over goal').padEnd(13)} ${row.appRanBeforeEnter === null ? '' : `${row.appRanBeforeEnter} of ${runs} runs`}`.trimEnd(),
    );
  }
  console.log('Figures (with every run and its chain of scripts) written to bench-results/chain-latest.json');
}

try {
  await main();
} catch (error) {
  console.error(
    `The chain bench could not measure: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
  );
  process.exit(1);
}
