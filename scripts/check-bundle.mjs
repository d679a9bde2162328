#!/usr/bin/env node
/**
 * Checks the production build in dist/: no mock code in it, and the JavaScript and CSS that
 * the first visit of the landing page loads (entry, its static imports, the language file),
 * gzip-compressed, within budget. Prints the figures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const budgets = { landingJs: 110 * 1024, css: 15 * 1024 };
const problems = [];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

// 1. No mock code (no worker script, none of the mock's modules or its handle) and no inspector.
const markers = ['__portalMock', 'mockServiceWorker', '@mswjs/data', 'portal-mock-db', 'setupWorker', 'createBrowserInspector', 'stately.ai'];
for (const file of files(dist)) {
  const name = relative(dist, file);
  if (name.endsWith('.map')) continue;
  if (name === 'mockServiceWorker.js') problems.push('dist/ ships mockServiceWorker.js');
  if (!/\.(js|html|css|json)$/.test(name)) continue;
  const text = readFileSync(file, 'utf8');
  for (const marker of markers) if (text.includes(marker)) problems.push(`${name} contains mock code ("${marker}")`);
}

// 2. What the first visit of / loads.
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const seen = new Set();
const js = [];
const css = new Set();
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) return;
  js.push(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const child of chunk.imports ?? []) visit(child);
}
visit('index.html');
const language = Object.keys(manifest).find((key) => key.endsWith('translations/en.json'));
if (language) visit(language);

const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const jsBytes = js.reduce((sum, file) => sum + gzip(file), 0);
const cssBytes = [...css].reduce((sum, file) => sum + gzip(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

console.log('First visit of / (gzip):');
for (const file of js) console.log(`  ${file.padEnd(48)} ${kb(gzip(file))}`);
for (const file of css) console.log(`  ${file.padEnd(48)} ${kb(gzip(file))}`);
console.log(`  JavaScript ${kb(jsBytes)} (budget ${kb(budgets.landingJs)}), CSS ${kb(cssBytes)} (budget ${kb(budgets.css)})`);

if (jsBytes > budgets.landingJs) problems.push(`landing JavaScript ${kb(jsBytes)} exceeds ${kb(budgets.landingJs)}`);
if (cssBytes > budgets.css) problems.push(`CSS ${kb(cssBytes)} exceeds ${kb(budgets.css)}`);

if (problems.length > 0) {
  console.error(`Bundle check failed:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('Bundle check passed: no mock code, within budget.');
