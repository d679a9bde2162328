#!/usr/bin/env node
/**
 * Error reporting and the feedback widget stay out of the first page (SPEC §9, decision 012):
 *
 *   node scripts/check-reporting-bundle.mjs            builds the wiring of src/main.tsx
 *                                                     (tests/reporting/fixtures/reporting-entry.ts)
 *                                                     with the flags off and on, and checks both
 *   node scripts/check-reporting-bundle.mjs dist       also checks a finished production build
 *
 * With the flags off nothing of Sentry or the widget may be in the output at all; with them on
 * both must be in chunks that the first page does not load. Prints the gzip figures and a last
 * line of JSON for tests. Exits 1 on any problem.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { bundleCanary } from './example-settings.mjs';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'tests/reporting/fixtures/reporting-entry.ts');
const flags = ['VITE_SENTRY_ENABLED', 'VITE_SENTRY_DSN', 'VITE_SENTRY_SEND_PII', 'VITE_FEEDBACK_WIDGET'];
const sentryMarker = /sentry/i;
const widgetMarker = 'Fehler melden';
const problems = [];
const figures = {};

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const gzip = (dir, names) =>
  [...names].reduce((sum, name) => sum + gzipSync(readFileSync(join(dir, name)), { level: 9 }).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Code files of a build and the files the first page loads (entry and its static imports). */
function read(dir, entryKey) {
  const code = files(dir)
    .filter((file) => /\.(js|css|html)$/.test(file))
    .map((file) => ({ name: relative(dir, file), text: readFileSync(file, 'utf8') }));
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const firstLoad = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || firstLoad.has(chunk.file)) return;
    firstLoad.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  visit(entryKey);
  return { code, firstLoad };
}

async function buildEntry(label, env) {
  const outDir = mkdtempSync(join(tmpdir(), 'reporting-bundle-'));
  const saved = Object.fromEntries([...flags, bundleCanary.name].map((name) => [name, process.env[name]]));
  for (const name of [...flags, bundleCanary.name]) delete process.env[name];
  Object.assign(process.env, env);
  try {
    await build({
      root,
      configFile: false,
      mode: 'production',
      logLevel: 'silent',
      envDir: outDir,
      plugins: [react()],
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, rolldownOptions: { input: entry } },
    });
    const { code, firstLoad } = read(outDir, relative(root, entry));
    const lazy = code.filter(({ name }) => name.endsWith('.js') && !firstLoad.has(name)).map(({ name }) => name);
    figures[label] = { firstLoad: gzip(outDir, firstLoad), lazy: gzip(outDir, lazy) };
    return { code, firstLoad };
  } finally {
    for (const name of [...flags, bundleCanary.name]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    rmSync(outDir, { recursive: true, force: true });
  }
}

const matching = (code, test) => code.filter(({ name, text }) => test(name, text)).map(({ name }) => name);

// 1. Flags off (and a DSN alone): nothing of Sentry or the widget in the output.
for (const [label, env] of [
  ['off', {}],
  ['dsn only', { VITE_SENTRY_DSN: 'https://public@o0.ingest.example.com/1' }],
]) {
  const { code } = await buildEntry(label, env);
  for (const name of matching(code, (file, text) => sentryMarker.test(file) || sentryMarker.test(text)))
    problems.push(`flags ${label}: ${name} contains Sentry`);
  for (const name of matching(code, (_, text) => text.includes(widgetMarker)))
    problems.push(`flags ${label}: ${name} contains the feedback widget`);
}

// 2. Flags on: both present, in chunks that the first page does not load; and, since the
// reporting code reads its flags, none of the environment's other VITE_ variables (decision 031).
{
  const { code, firstLoad } = await buildEntry('on', {
    VITE_SENTRY_ENABLED: 'true',
    VITE_FEEDBACK_WIDGET: 'true',
    VITE_SENTRY_DSN: 'https://public@o0.ingest.example.com/1',
    [bundleCanary.name]: bundleCanary.value,
  });
  for (const name of matching(code, (_, text) => text.includes(bundleCanary.value)))
    problems.push(`flags on: ${name} contains the unused ${bundleCanary.name}: the build's whole environment`);
  const sentry = matching(code, (_, text) => text.includes('__SENTRY__'));
  const widget = matching(code, (_, text) => text.includes(widgetMarker));
  if (sentry.length === 0) problems.push('flags on: no chunk contains Sentry');
  if (widget.length === 0) problems.push('flags on: no chunk contains the feedback widget');
  for (const name of [...sentry, ...widget])
    if (firstLoad.has(name)) problems.push(`flags on: ${name} is loaded with the first page`);
}

// 3. The figures: off, no chunk is loaded later at all (nothing of Sentry can be fetched later
// either); on, the SDK and the widget (over 50 kB) load later and the first page gains under 3 kB.
for (const label of ['off', 'dsn only']) {
  if (figures[label].lazy !== 0)
    problems.push(`flags ${label}: ${kb(figures[label].lazy)} of JavaScript is loaded later, where nothing should be`);
}
if (figures.on.lazy <= 50 * 1024)
  problems.push(`flags on: only ${kb(figures.on.lazy)} loaded later; the SDK and the widget are over 50 kB`);
if (figures.on.firstLoad >= 3 * 1024)
  problems.push(`flags on: the first page loads ${kb(figures.on.firstLoad)}, 3 kB or more`);

// 4. Optionally a finished production build (flags off): no Sentry anywhere in it.
const dist = process.argv[2];
if (dist) {
  const dir = join(process.cwd(), dist);
  const code = files(dir)
    .filter((file) => /\.(js|css|html)$/.test(file))
    .map((file) => ({ name: relative(dir, file), text: readFileSync(file, 'utf8') }));
  const sentry = matching(code, (file, text) => sentryMarker.test(file) || sentryMarker.test(text));
  const on = process.env.VITE_SENTRY_ENABLED === 'true' || process.env.VITE_FEEDBACK_WIDGET === 'true';
  if (!on) for (const name of sentry) problems.push(`${dist}/${name} contains Sentry although the flags are off`);
}

console.log('Reporting wiring, gzip:');
for (const [label, { firstLoad, lazy }] of Object.entries(figures)) {
  console.log(
    `  flags ${label.padEnd(8)} first page ${kb(firstLoad).padStart(8)}, loaded later ${kb(lazy).padStart(8)}`,
  );
}
if (problems.length > 0) {
  console.error(`Reporting bundle check failed:\n- ${problems.join('\n- ')}`);
}
console.log(JSON.stringify({ ok: problems.length === 0, problems, figures }));
process.exit(problems.length > 0 ? 1 : 0);
