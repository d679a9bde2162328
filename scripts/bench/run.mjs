#!/usr/bin/env node
/**
 * npm run bench: installs Debian's Chromium and nginx when missing, builds the production bundle (with the settings of .env.production.example), serves
 * it with the production nginx configuration against the mock API running as a real HTTP server, and prints
 *   - gzip bytes of JavaScript and CSS loaded by the first visit of /, /login, /shop, /dashboard;
 *   - Lighthouse (mobile, simulated throttling, Debian's Chromium) scores and LCP, TBT, CLS for
 *     /, /login, /register, /shop, each side by side with its limit page: the build's own
 *     prerendered HTML of that route with its CSS inlined and every script removed (the page with
 *     nothing on its critical path but the HTML), made at bench time; the median LCP of each and
 *     their ratio;
 *   - the time to render the dashboard with 10, 100 and 1000 datastores (when its bench exists);
 *   - the time of the whole Vitest suite: the median of 3 cold runs, with the count of tests.
 * It writes the figures to bench-results/latest.json and a dated copy, so runs can be compared.
 *   Options: --skip-build, --skip-vitest, --skip-dashboard, --runs N (Lighthouse runs per page and
 *   per limit page, alternating, median kept; 5 by default), --pages /shop,/login (only these pages)
 * `npm run bench -- dashboard [options]` runs the dashboard's benchmark alone (scripts/bench/dashboard.mjs);
 * `npm run bench -- interactions [options]` times every kind of interaction at CPU 4× (scripts/bench/interactions.mjs);
 * `npm run bench -- chain [options]` times Enter → call on /login and /register and login → first card, with the
 * depth of the module chain before each, at CPU 4× with scripts held back 0 and 300 ms (scripts/bench/chain.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { measure } from '../check-bundle.mjs';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { serveBuild } from './serve.mjs';

const repo = new URL('../..', import.meta.url).pathname;
const args = process.argv.slice(2);
{
  const packages = spawnSync('bash', [join(repo, 'scripts/system-packages.sh')], { stdio: 'inherit' });
  if (packages.status !== 0) process.exit(packages.status ?? 1);
  // The benches of their own: `npm run bench -- dashboard …`, `… interactions …`, `… chain …`.
  if (args[0] === 'dashboard' || args[0] === 'interactions' || args[0] === 'chain') {
    const bench = spawnSync('node', [join(repo, `scripts/bench/${args[0]}.mjs`), ...args.slice(1)], {
      stdio: 'inherit',
    });
    process.exit(bench.status ?? 1);
  }
}
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) || 1 : 5;
const ports = { web: 4192, api: 4193, devtools: 9333 };
const results = {
  date: new Date().toISOString(),
  node: process.version,
  bundle: {},
  lighthouse: {},
  lcp: {},
  dashboard: null,
  vitest: null,
};

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '' },
  });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** Removes Chromium's profile; a helper process still writing to it delays, but never fails, the bench. */
async function removeProfile(profile) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      rmSync(profile, { recursive: true, force: true });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  console.warn(`Could not remove ${profile}; remove it by hand.`);
}

async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const child = spawn(
    chromiumPath,
    [...chromiumArgs, `--remote-debugging-port=${ports.devtools}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore', detached: true },
  );
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(`http://127.0.0.1:${ports.devtools}/json/version`);
      return {
        stop: async () => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          // Chromium's own group: its helper processes go too, and stop writing to the profile.
          process.kill(-child.pid, 'SIGTERM');
          await exited;
          await removeProfile(profile);
        },
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('Chromium did not open its DevTools port');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run of a page. */
async function sample(url) {
  let lhr;
  // Headless traces now and then miss their start (NO_NAVSTART); such a run is repeated.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port: ports.devtools,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === 3)
      throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const { categories, audits } = lhr;
  return {
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    bestPractices: Math.round(categories['best-practices'].score * 100),
    seo: Math.round(categories.seo.score * 100),
    lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
    lcpElement: lcpElementOf(audits),
    shifted: shiftedOf(audits),
    failing: Object.values(audits)
      .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
      .map((item) => item.id),
  };
}

/** The medians of a page's runs. */
function summary(samples) {
  const pick = (key) => median(samples.map((one) => one[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    lcpRuns: samples.map((one) => one.lcpMs),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    failing: samples[0].failing,
    lcpElement: samples[0].lcpElement,
    shifted: samples[0].shifted,
  };
}

/**
 * The limit page of a route: the build's prerendered English HTML of it, with its stylesheets
 * inlined and every script (and script preload) removed.
 */
function limitPage(dist, route) {
  const name = route === '/' ? 'index' : route.slice(1);
  return readFileSync(join(dist, 'prerendered/en', `${name}.html`), 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|preload)"[^>]*>/g, '')
    .replace(
      /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g,
      (_, href) => `<style>${readFileSync(join(dist, href), 'utf8')}</style>`,
    );
}

const limitPath = (route) => `/limit-${route === '/' ? 'index' : route.slice(1)}.html`;

/** What the LCP was (a selector and the start of its markup), to know what to fix. */
function lcpElementOf(audits) {
  const table = audits['largest-contentful-paint-element']?.details?.items?.[0];
  const node = table?.items?.[0]?.node;
  return node ? `${node.selector} ${String(node.snippet ?? '').slice(0, 80)}` : null;
}

/** The elements that moved (Lighthouse's layout-shifts audit), with their share of the CLS. */
function shiftedOf(audits) {
  const items = audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => `${item.node?.selector ?? 'unknown'} (${Number(item.score ?? 0).toFixed(3)})`);
}

async function main() {
  if (!args.includes('--skip-build')) run('npm', ['run', 'build:example']);
  const dist = join(repo, 'dist');
  const bundle = measure(dist);
  for (const [route, figures] of Object.entries(bundle.routes))
    results.bundle[route] = { jsBytes: figures.js, cssBytes: figures.css };
  results.bundle.allCssBytes = bundle.css;

  const pagesArgument = args.indexOf('--pages');
  const pages = pagesArgument >= 0 ? (args[pagesArgument + 1] ?? '').split(',') : ['/', '/login', '/register', '/shop'];
  const baseline = mkdtempSync(join(tmpdir(), 'bench-limit-'));
  chmodSync(baseline, 0o755); // nginx's workers read it as another user
  for (const route of pages) {
    writeFileSync(join(baseline, limitPath(route).slice(1)), limitPage(dist, route));
    chmodSync(join(baseline, limitPath(route).slice(1)), 0o644);
  }
  const web = await serveBuild({
    webPort: ports.web,
    apiPort: ports.api,
    // The limit pages carry their styles inline: their own policy allows that, and nothing else.
    extra: `    location ~ ^/limit-[a-z]+\\.html$ {\n        root ${baseline};\n        add_header Content-Security-Policy "default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:" always;\n    }`,
  });
  const chromium = await startChromium();
  try {
    // Side by side: each run measures the page and then its limit, so that both meet the same
    // moment of a busy machine.
    for (const path of pages) {
      const ours = [];
      const limit = [];
      for (let index = 0; index < runs; index += 1) {
        process.stdout.write(`Lighthouse ${path} and its limit, run ${index + 1} of ${runs} …\n`);
        ours.push(await sample(`${web.url}${path}`));
        limit.push(await sample(`${web.url}${limitPath(path)}`));
      }
      results.lighthouse[path] = summary(ours);
      results.lighthouse[limitPath(path)] = summary(limit);
      results.lcp[path] = {
        ms: results.lighthouse[path].lcpMs,
        limitMs: results.lighthouse[limitPath(path)].lcpMs,
        ratio: Number((results.lighthouse[path].lcpMs / results.lighthouse[limitPath(path)].lcpMs).toFixed(2)),
      };
    }
  } finally {
    // Every server stops, even when another fails to: nothing is left holding the bench's ports.
    const stops = [...(await Promise.allSettled([chromium.stop()])), ...(await web.stop())];
    rmSync(baseline, { recursive: true, force: true });
    for (const stop of stops)
      if (stop.status === 'rejected') console.warn(`A server did not stop cleanly: ${stop.reason}`);
  }

  const dashboardBench = join(repo, 'scripts/bench/dashboard.mjs');
  if (existsSync(dashboardBench) && !args.includes('--skip-dashboard')) {
    const result = spawnSync(process.execPath, [dashboardBench, '--json', '--bundle'], { cwd: repo, encoding: 'utf8' });
    const line = result.stdout.trim().split('\n').at(-1);
    try {
      results.dashboard = JSON.parse(line ?? 'null');
    } catch {
      results.dashboard = { error: result.stderr.slice(0, 500) };
    }
  }

  if (!args.includes('--skip-vitest')) {
    // Three cold runs (Vitest's cache removed before each), the median kept, with the count of
    // tests, so that fewer tests cannot pass for a faster suite.
    const runsOfVitest = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      rmSync(join(repo, 'node_modules/.vite/vitest'), { recursive: true, force: true });
      const report = join(mkdtempSync(join(tmpdir(), 'bench-vitest-')), 'report.json');
      const started = performance.now();
      const vitest = spawnSync('npx', ['vitest', 'run', '--reporter=json', `--outputFile=${report}`], {
        cwd: repo,
        encoding: 'utf8',
      });
      const seconds = (performance.now() - started) / 1000;
      let tests = 0;
      try {
        tests = JSON.parse(readFileSync(report, 'utf8')).numTotalTests;
      } catch {
        /* no report: counted as none */
      }
      runsOfVitest.push({ seconds, tests, passed: vitest.status === 0, output: `${vitest.stdout}${vitest.stderr}` });
    }
    const failed = runsOfVitest.find((run) => !run.passed);
    results.vitest = {
      seconds: Number(median(runsOfVitest.map((run) => run.seconds)).toFixed(1)),
      runs: runsOfVitest.map((run) => Number(run.seconds.toFixed(1))),
      tests: Math.min(...runsOfVitest.map((run) => run.tests)),
      passed: !failed,
    };
    if (failed) {
      // Vitest prints its failures near the end: keep them with the figures.
      results.vitest.failures = failed.output
        .split('\n')
        .filter((line) => /FAIL|×|Error/.test(line))
        .slice(0, 20);
    }
  }

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  console.log('\nFirst visit (gzip)      JavaScript        CSS');
  for (const route of ['/', '/login', '/shop', '/dashboard']) {
    const figures = results.bundle[route];
    console.log(`  ${route.padEnd(20)} ${kb(figures.jsBytes).padStart(10)} ${kb(figures.cssBytes).padStart(10)}`);
  }
  console.log('\nLighthouse (mobile)     perf  a11y  best   seo     LCP      TBT     CLS');
  for (const [path, lh] of Object.entries(results.lighthouse)) {
    console.log(
      `  ${path.padEnd(20)} ${String(lh.performance).padStart(5)} ${String(lh.accessibility).padStart(5)} ${String(lh.bestPractices).padStart(5)} ${String(lh.seo).padStart(5)} ${`${lh.lcpMs} ms`.padStart(8)} ${`${lh.tbtMs} ms`.padStart(8)} ${String(lh.cls).padStart(7)}`,
    );
    if (lh.failing.length > 0) console.log(`      failing audits: ${lh.failing.join(', ')}`);
    if (lh.lcpElement) console.log(`      LCP element: ${lh.lcpElement}`);
    if (lh.shifted.length > 0) console.log(`      shifted: ${lh.shifted.join(', ')}`);
  }
  console.log(`\nLCP against the limit page (median of ${runs} runs side by side; goal ≤ 1.1)`);
  console.log('  route                    LCP      limit    ratio');
  for (const [path, lcp] of Object.entries(results.lcp))
    console.log(
      `  ${path.padEnd(20)} ${`${lcp.ms} ms`.padStart(8)} ${`${lcp.limitMs} ms`.padStart(10)} ${`${lcp.ratio}`.padStart(8)}${lcp.ratio <= 1.1 ? '' : '  over'}`,
    );
  if (results.dashboard?.chromium) printDashboard(results.dashboard);
  else if (results.dashboard) console.log(`Dashboard bench failed: ${JSON.stringify(results.dashboard)}`);
  if (results.vitest)
    console.log(
      `Vitest suite: ${results.vitest.seconds} s, median of 3 cold runs (${results.vitest.runs.join(', ')} s), ${results.vitest.tests} tests (${results.vitest.passed ? 'passed' : 'FAILED'})`,
    );
  for (const line of results.vitest?.failures ?? []) console.log(`  ${line}`);

  const out = join(repo, 'bench-results');
  mkdirSync(out, { recursive: true });
  const text = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(join(out, 'latest.json'), text);
  writeFileSync(join(out, `bench-${results.date.replace(/[:.]/g, '-')}.json`), text);
  console.log(`\nFigures written to bench-results/latest.json`);
}

await main();

/** The dashboard at reseller scale (issue 18): Chromium on the demo bundle, the figures from before the virtual list, the goals. */
function printDashboard(dashboard) {
  console.log('\nDashboard in Chromium (demo bundle), median ms:');
  console.log(
    '  datastores   status → first cards   before (all cards)   keystroke (slowest)   longest task scrolling',
  );
  for (const [size, figures] of Object.entries(dashboard.chromium)) {
    const before = dashboard.before?.[size];
    console.log(
      `  ${size.padStart(10)}   ${String(figures.render).padStart(20)}   ${String(before ?? '–').padStart(18)}   ${`${figures.keystroke} (${figures.keystrokeMax})`.padStart(19)}   ${String(figures.longestTask).padStart(22)}`,
    );
  }
  for (const { goal, ms, limit, met } of dashboard.goals ?? [])
    console.log(`  ${met ? 'met   ' : 'MISSED'} ${goal}: ${ms} ms (goal ≤ ${limit} ms)`);
}
