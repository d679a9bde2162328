// @ts-check
/**
 * Stryker for one scope of mutation testing, chosen by MUTATION_SCOPE (scripts/mutation/scopes.ts);
 * `npm run mutation` (scripts/mutation/run.mjs) runs every scope, or the ones a `--mutate`
 * names, and prints their scores.
 */
import { mutationScope } from './scripts/mutation/scopes.mjs';

const scope = mutationScope(process.env.MUTATION_SCOPE);

export default {
  testRunner: 'vitest',
  // A mutant runs the tests of the files that import its module (Vitest's related files): a mutant
  // of module-level code, such as a machine's configuration, is judged by all of those, not by every test.
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: process.env.MUTATION_MUTATE ? process.env.MUTATION_MUTATE.split(',') : scope.mutate,
  coverageAnalysis: 'perTest',
  // Mutants already judged on the same code and tests are not run again (kept in git: CI reuses them).
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${scope.name}.json`,
  concurrency: 2,
  thresholds: { high: 95, low: scope.floor, break: scope.floor },
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: `reports/mutation/${scope.name}/index.html` },
  jsonReporter: { fileName: `reports/mutation/${scope.name}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: `.stryker-tmp/${scope.name}`,
  cleanTempDir: 'always',
  ignorePatterns: ['dist', 'dist-demo', 'reports', 'test-results', 'e2e-logs', 'bench-results', 'contracts'],
};
