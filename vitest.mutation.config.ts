import { configDefaults, defineConfig, type UserConfig } from 'vitest/config';
import { mutationScope } from './scripts/mutation/scopes.mjs';
import portalConfig from './vite.config';

/**
 * The tests Stryker runs against each mutant of a scope (`npm run mutation`, stryker.config.mjs):
 * the scope's own tests only, in Node, and the few that need a page in jsdom with the mock API's
 * server. Node matters: a mutant of module-level code (a machine's configuration) starts its test
 * files afresh, and a jsdom page costs a second each time.
 */
const scope = mutationScope(process.env.MUTATION_SCOPE);
const shared = { env: { VITE_MOCK_API: 'false' }, restoreMocks: true };
// The portal's plugins (its messages, React), as the tests see them; the tests are this file's own.
const { plugins }: UserConfig = await portalConfig({ mode: 'test', command: 'serve' });

export default defineConfig({
  plugins,
  test: {
    // Stryker runs its own workers; one Vitest worker each.
    maxWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: 'node',
          include: scope.tests,
          exclude: [...configDefaults.exclude, ...scope.pageTests],
          environment: 'node',
          setupFiles: ['./tests/setup/common.ts'],
        },
      },
      ...(scope.pageTests.length > 0
        ? [
            {
              extends: true,
              test: {
                ...shared,
                name: 'page',
                include: scope.pageTests,
                environment: 'jsdom',
                setupFiles: ['./tests/setup/common.ts', './tests/setup/dom.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
