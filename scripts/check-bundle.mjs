#!/usr/bin/env node
/**
 * Checks a production build (dist/ by default): no mock or inspector code in it, and the
 * JavaScript and CSS that the first visit of each route loads, gzip-compressed, within budget.
 * A route's first visit loads the boot script, the app (src/main.tsx) and its static imports,
 * the language file, and the route's page chunk with its static imports. Prints the figures; exits 1 on any breach.
 *
 *   node scripts/check-bundle.mjs [dist] [--json]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
export const budgets = {
  '/': 110 * KB,
  '/dashboard': 150 * KB,
  css: 15 * KB,
};

/** The page chunk of each measured route (keys of Vite's manifest). */
export const routePages = {
  '/': [],
  '/login': ['src/views/login/login-page.tsx'],
  '/shop': ['src/views/shop/shop-page.tsx'],
  '/dashboard': ['src/views/dashboard/dashboard-page.tsx'],
};

const markers = ['__portalMock', 'mockServiceWorker', '@mswjs/data', 'portal-mock-db', 'setupWorker', 'createBrowserInspector', 'stately.ai'];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Files of the build that carry mock or inspector code. */
export function forbiddenCode(dist) {
  const found = [];
  for (const file of files(dist)) {
    const name = relative(dist, file);
    if (name.endsWith('.map')) continue;
    if (name === 'mockServiceWorker.js') found.push('dist/ ships mockServiceWorker.js');
    if (!/\.(js|html|css|json)$/.test(name)) continue;
    const text = readFileSync(file, 'utf8');
    for (const marker of markers) if (text.includes(marker)) found.push(`${name} contains "${marker}"`);
  }
  return found;
}

/** The JS and CSS files a first visit of `route` loads. */
export function filesOfRoute(manifest, route) {
  const seen = new Set();
  const js = [];
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit('index.html');
  // src/boot.ts loads the app itself with a dynamic import.
  visit('src/main.tsx');
  const language = Object.keys(manifest).find((key) => key.endsWith('translations/en.json'));
  if (language) visit(language);
  for (const page of routePages[route] ?? []) visit(page);
  return { js, css: [...css] };
}

export function measure(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const routes = {};
  for (const route of Object.keys(routePages)) {
    const { js, css } = filesOfRoute(manifest, route);
    routes[route] = { js: js.reduce((sum, file) => sum + gzip(file), 0), css: css.reduce((sum, file) => sum + gzip(file), 0), files: [...js, ...css] };
  }
  const allCss = files(join(dist, 'assets')).filter((file) => file.endsWith('.css'));
  const css = allCss.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
  return { routes, css };
}

export function check(dist) {
  const problems = forbiddenCode(dist).map((text) => `mock or inspector code: ${text}`);
  const figures = measure(dist);
  for (const [route, budget] of Object.entries(budgets)) {
    if (route === 'css') continue;
    const bytes = figures.routes[route]?.js ?? 0;
    if (bytes > budget) problems.push(`JavaScript of ${route} is ${(bytes / KB).toFixed(1)} kB, over its budget of ${budget / KB} kB`);
  }
  if (figures.css > budgets.css) problems.push(`CSS is ${(figures.css / KB).toFixed(1)} kB, over its budget of ${budgets.css / KB} kB`);
  return { problems, figures };
}

function main() {
  const args = process.argv.slice(2);
  const dist = args.find((arg) => !arg.startsWith('--')) ?? new URL('../dist', import.meta.url).pathname;
  if (!existsSync(join(dist, '.vite/manifest.json'))) {
    console.error(`No build with a manifest in ${dist}: run npm run build first.`);
    process.exit(1);
  }
  const { problems, figures } = check(dist);
  if (args.includes('--json')) {
    console.log(JSON.stringify(figures));
  } else {
    const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`.padStart(9);
    console.log('First visit, gzip        JavaScript       CSS   budget (JS)');
    for (const [route, { js, css }] of Object.entries(figures.routes)) {
      console.log(`  ${route.padEnd(20)} ${kb(js)} ${kb(css)}   ${budgets[route] ? kb(budgets[route]) : '        -'}`);
    }
    console.log(`  all CSS                          ${kb(figures.css)}   ${kb(budgets.css)}`);
  }
  if (problems.length > 0) {
    console.error(`Bundle check failed:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  if (!args.includes('--json')) console.log('Bundle check passed: no mock or inspector code, every route within budget.');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
