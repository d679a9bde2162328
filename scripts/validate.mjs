#!/usr/bin/env node
// @ts-check
/**
 * `npm run validate`: everything CI checks, in CI's order, with each step's duration and the total.
 * `.ci/run` installs what a clean machine lacks (Debian's packages, `npm ci`) and then runs this, so
 * that the list of checks exists once.
 */
import { repo } from './lib/commands.mjs';
import { spawnSync } from 'node:child_process';

/** @type {[string, string, string[], NodeJS.ProcessEnv?][]} */
const steps = [
  ['Type-check', 'npm', ['run', 'typecheck']],
  ['Lint and formatting', 'npm', ['run', 'lint']],
  ['Unused files, exports and dependencies; security advisories', 'npm', ['run', 'check', '--', 'unused', 'audit']],
  ['Translations and the glossary', 'npm', ['run', 'i18n', '--', 'check']],
  ['State diagrams are current', 'npm', ['run', 'diagrams', '--', '--check']],
  ['Requirements: every SPEC § reference resolves', 'npm', ['run', 'check', '--', 'requirements']],
  ['Unit, machine and view tests', 'npm', ['test']],
  [
    'Mutation testing of domain, api and machines (incremental: the mutants of changed code and tests), floors 90, 85 and 80 %',
    'npm',
    ['run', 'mutation'],
  ],
  [
    'View and mock tests on the spec-strict mock (VITE_MOCK_STRICT=true)',
    'npx',
    ['vitest', 'run', '--project', 'dom', 'tests/views', 'tests/mocks'],
    { VITE_MOCK_STRICT: 'true' },
  ],
  [
    'Consumer contract: written afresh, committed, verified against the mock API over HTTP',
    'npm',
    ['run', 'contract', '--', 'check'],
  ],
  // A production build refuses to start without its settings: this builds with the fake but complete
  // ones of .env.production.example (scripts/example-settings.mjs puts them in the environment).
  ['Production build (settings of .env.production.example)', 'npm', ['run', 'build:example']],
  [
    "Bundle checks; the headers behind nginx over HTTPS (Mozilla Observatory's rules, A+ or better)",
    'npm',
    ['run', 'check', '--', 'bundle', 'reporting', 'headers'],
  ],
  [
    "Browser tests (demo bundle and production build behind nginx; then nginx's access log)",
    'npm',
    ['run', 'test:e2e'],
  ],
  [
    'State gallery of one machine, end to end (the whole gallery: npm run gallery)',
    'npm',
    ['run', 'gallery', '--', '--machines', 'purchase'],
  ],
];

const started = Date.now();
const seconds = (/** @type {number} */ since) => Math.round((Date.now() - since) / 1000);
for (const [name, command, args, env] of steps) {
  console.log(`\n==> ${name}`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { cwd: repo, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`<== ${name}: ${seconds(stepStarted)}s`);
  if (result.status !== 0) {
    console.error(`\n==> Failed: ${name} (exit ${result.status ?? result.signal}) after ${seconds(started)}s`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n==> All checks passed in ${seconds(started)}s`);
