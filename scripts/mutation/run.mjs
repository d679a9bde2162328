// @ts-check
/**
 * `npm run mutation`: Stryker on every scope of scripts/mutation/scopes.mjs, one after the
 * other, then the score of each file and scope against the scope's floor.
 *
 *   npm run mutation                                   every scope
 *   npm run mutation -- --scope domain,api             some scopes
 *   npm run mutation -- --mutate 'src/domain/iban.ts'  the scope(s) holding these files, only them
 *   npm run mutation -- --force                        every mutant judged afresh (see below)
 *   npm run mutation -- report                         serves the HTML reports on http://localhost:4500
 *
 * Incremental: each scope keeps the mutants it judged in reports/stryker-incremental-<scope>.json
 * and judges again only the mutants of changed code or changed tests, so a run after a small change
 * (and CI on a clean clone) takes seconds to minutes. Git holds the file gzipped (`.json.gz`, a
 * twentieth of its size): it is unpacked before the scope's run and packed again after it. A mutant of module-level code (a
 * constant, a pattern) is judged by all tests, which the incremental report does not track: after new
 * tests, `--force` judges it again. Exits 1 when a scope is under its floor.
 *
 * A scope whose inputs (its source files, its tests, the Stryker and Vitest settings and the lock
 * file) are byte for byte those of its last run, as `reports/stryker-incremental-<scope>.inputs`
 * records them, is not started at all: Stryker would judge no mutant again and reuse every result,
 * after a dry run of tests that `npm test` runs anyway (about 20 s a scope). Its score is read from
 * the incremental report.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { globSync } from 'tinyglobby';
import { mutationScopes } from './scopes.mjs';

const args = process.argv.slice(2);
if (args[0] === 'report') {
  const preview = spawnSync('vite', ['preview', '--outDir', 'reports/mutation', '--port', '4500', '--strictPort'], {
    stdio: 'inherit',
  });
  process.exit(preview.status ?? 1);
}
/** @param {string} name */
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const mutate = option('--mutate')
  ?.split(',')
  .map((glob) => glob.trim())
  .filter(Boolean);
const only = option('--scope')?.split(',');

/** The part of a glob before its first wildcard, to tell which scope a `--mutate` file belongs to. */
const fixedPrefix = (/** @type {string} */ glob) => glob.split(/[*?{[]/)[0] ?? '';
const scopeRoot = (/** @type {string} */ glob) => fixedPrefix(glob).replace(/\/[^/]*$/, '/');

const chosen = mutationScopes
  .filter((scope) => !only || only.includes(scope.name))
  .map((scope) => ({
    scope,
    mutate: mutate?.filter((glob) => scope.mutate.some((own) => fixedPrefix(glob).startsWith(scopeRoot(own)))),
  }))
  .filter(({ mutate: files }) => !files || files.length > 0);
if (chosen.length === 0) {
  console.error(
    `No scope holds ${mutate?.join(', ') ?? only}: scopes are ${mutationScopes.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}

/**
 * @param {{ status: string }[]} mutants
 * @returns {{ detected: number, undetected: number, score: number }}
 */
export function scoreOf(mutants) {
  const counted = mutants.filter((m) => !['CompileError', 'RuntimeError', 'Ignored', 'Pending'].includes(m.status));
  const detected = counted.filter((m) => m.status === 'Killed' || m.status === 'Timeout').length;
  const undetected = counted.length - detected;
  return { detected, undetected, score: counted.length === 0 ? 100 : (detected / counted.length) * 100 };
}

/** The incremental report Stryker reads and writes (stryker.config.mjs), and its packed copy in git. */
const incrementalFile = (/** @type {string} */ scope) => `reports/stryker-incremental-${scope}.json`;

/** Unpacks the committed report for Stryker: git holds the packed one, which a checkout may have changed. */
function unpackIncremental(/** @type {string} */ scope) {
  const file = incrementalFile(scope);
  if (!existsSync(`${file}.gz`)) return;
  const packed = gunzipSync(readFileSync(`${file}.gz`));
  if (existsSync(file) && readFileSync(file).equals(packed)) return;
  writeFileSync(file, packed);
}

/** Packs the report Stryker wrote; the same bytes for the same report (zlib writes no time stamp). */
function packIncremental(/** @type {string} */ scope) {
  const file = incrementalFile(scope);
  if (!existsSync(file)) return;
  const packed = gzipSync(readFileSync(file), { level: 9 });
  if (existsSync(`${file}.gz`) && readFileSync(`${file}.gz`).equals(packed)) return;
  writeFileSync(`${file}.gz`, packed);
}

/** Settings every scope's results depend on, beside its own files. */
const settingsFiles = [
  'stryker.config.mjs',
  'vitest.mutation.config.ts',
  'scripts/mutation/scopes.mjs',
  'package-lock.json',
];

/**
 * One hash of everything a scope's results depend on: the path and bytes of each file it mutates,
 * each of its tests and the settings.
 * @param {import('./scopes.mjs').MutationScope} scope
 */
function inputsOf(scope) {
  const hash = createHash('sha256');
  const files = [...globSync(scope.mutate).sort(), ...globSync(scope.tests).sort(), ...settingsFiles];
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const inputsFile = (/** @type {string} */ scope) => `reports/stryker-incremental-${scope}.inputs`;
const reportOf = (/** @type {string} */ scope) => `reports/mutation/${scope}/mutation.json`;

const lines = [];
let failed = false;
for (const { scope, mutate: files } of chosen) {
  const started = Date.now();
  console.log(`\n==> Mutation testing of ${scope.name}${files ? ` (${files.join(', ')})` : ''}`);
  unpackIncremental(scope.name);
  const inputs = inputsOf(scope);
  const unchanged =
    !files &&
    !args.includes('--force') &&
    existsSync(incrementalFile(scope.name)) &&
    existsSync(inputsFile(scope.name)) &&
    readFileSync(inputsFile(scope.name), 'utf8').trim() === inputs;
  /** @type {number | null} */
  let status = 0;
  if (unchanged) {
    console.log(
      `Its files, tests and settings are those of its last run: the stored results (${inputsFile(scope.name)}).`,
    );
  } else {
    const run = spawnSync('npx', ['stryker', 'run', ...(args.includes('--force') ? ['--force'] : [])], {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_SCOPE: scope.name, ...(files ? { MUTATION_MUTATE: files.join(',') } : {}) },
    });
    status = run.status;
    packIncremental(scope.name);
    // Only a whole scope's run that judged its mutants (its report written now, under the floor or
    // not) stands for them; a run that stopped before (a failing dry run) records nothing.
    const judged = existsSync(reportOf(scope.name)) && statSync(reportOf(scope.name)).mtimeMs >= started;
    if (!files && judged) writeFileSync(inputsFile(scope.name), `${inputs}\n`);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const reportFile = unchanged ? incrementalFile(scope.name) : reportOf(scope.name);
  if (!existsSync(reportFile)) {
    console.error(`Stryker wrote no report for ${scope.name} (exit ${status})`);
    failed = true;
    continue;
  }
  /** @type {{ files: Record<string, { mutants: { status: string }[] }> }} */
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const all = Object.values(report.files).flatMap((file) => file.mutants);
  const total = scoreOf(all);
  const ok = total.score >= scope.floor && status === 0;
  failed ||= !ok;
  lines.push(
    `${scope.name.padEnd(9)} ${total.score.toFixed(2).padStart(6)} %   floor ${scope.floor} %   ${ok ? 'ok' : 'UNDER THE FLOOR'}   ${all.length} mutants, ${total.undetected} undetected, ${seconds} s`,
  );
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const { score, undetected } = scoreOf(mutants);
    lines.push(
      `  ${file.padEnd(48)} ${score.toFixed(2).padStart(6)} %   ${String(undetected).padStart(3)} undetected of ${mutants.length}`,
    );
  }
}

mkdirSync('reports/mutation', { recursive: true });
writeFileSync(
  'reports/mutation/index.html',
  `<!doctype html><meta charset="utf-8"><title>Mutation testing</title><h1>Mutation testing</h1><ul>${mutationScopes
    .filter((scope) => existsSync(`reports/mutation/${scope.name}/index.html`))
    .map((scope) => `<li><a href="${scope.name}/index.html">${scope.name}</a> (floor ${scope.floor} %)</li>`)
    .join('')}</ul>`,
);
console.log(`\nMutation score per scope (reports/mutation/, npm run mutation -- report):\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);
