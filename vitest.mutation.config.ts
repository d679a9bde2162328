import { defineConfig } from 'vitest/config';
import { mutationScope } from './scripts/mutation/scopes.mjs';

/**
 * The tests Stryker runs against each mutant of a scope (`npm run test:mutation`, stryker.config.mjs):
 * the scope's own tests only, without Vitest's projects, so that a mutant runs just the tests that
 * judge its rules. jsdom and the mock API's server where the scope's tests need a page.
 */
const scope = mutationScope(process.env.MUTATION_SCOPE);

export default defineConfig({
  test: {
    include: scope.tests,
    environment: scope.dom ? 'jsdom' : 'node',
    setupFiles: scope.dom ? ['./tests/setup/common.ts', './tests/setup/dom.ts'] : ['./tests/setup/common.ts'],
    env: { VITE_MOCK_API: 'false' },
    restoreMocks: true,
    // Stryker runs its own workers; one Vitest worker each.
    maxWorkers: 1,
  },
});
