// @ts-check
/**
 * The scopes of mutation testing: what is mutated, which tests judge it, and the mutation score
 * under which the run fails (Stryker's `thresholds.break`). Plain JavaScript: Stryker's config
 * imports it in Node, which runs no TypeScript.
 *
 * @typedef {object} MutationScope
 * @property {string} name
 * @property {string[]} mutate The source files whose mutants are made.
 * @property {string[]} tests The test files that judge them: the scope's own.
 * @property {string[]} pageTests Those of them that need a page (jsdom and the mock API's server).
 * @property {number} floor The lowest mutation score (per cent) that passes.
 */

/** @type {readonly MutationScope[]} */
export const mutationScopes = [
  { name: 'domain', mutate: ['src/domain/**/*.ts'], tests: ['tests/domain/**/*.test.ts'], pageTests: [], floor: 90 },
  {
    name: 'api',
    mutate: ['src/api/**/*.ts', '!src/api/v1-1/**', '!src/api/server-version.ts'],
    tests: ['tests/api/**/*.test.ts'],
    pageTests: [
      'tests/api/client.dom.test.ts',
      'tests/api/transport.dom.test.ts',
      'tests/api/v1-1.dom.test.ts',
      'tests/api/v1-1-edges.dom.test.ts',
    ],
    floor: 85,
  },
  {
    // The v1.1 client (decision 057), new in this scope at its first measured score, 74.1 %: the
    // back-off's numbers and the event stream's parser are not yet all pinned by a test. Raise the
    // floor as tests kill them; never lower it.
    name: 'api-v1-1',
    mutate: ['src/api/v1-1/**/*.ts', 'src/api/server-version.ts'],
    tests: ['tests/api/**/*.test.ts'],
    pageTests: [
      'tests/api/client.dom.test.ts',
      'tests/api/transport.dom.test.ts',
      'tests/api/v1-1.dom.test.ts',
      'tests/api/v1-1-edges.dom.test.ts',
    ],
    floor: 74,
  },
  {
    name: 'machines',
    mutate: ['src/machines/**/*.ts'],
    tests: ['tests/machines/**/*.test.ts'],
    pageTests: ['tests/machines/tutorial.dom.test.ts', 'tests/machines/contact.dom.test.ts'],
    floor: 80,
  },
];

/**
 * @param {string | undefined} name
 * @returns {MutationScope}
 */
export function mutationScope(name) {
  const scope = mutationScopes.find((candidate) => candidate.name === (name ?? 'domain'));
  if (!scope) throw new Error(`Unknown mutation scope ${name}: one of ${mutationScopes.map((s) => s.name).join(', ')}`);
  return scope;
}
