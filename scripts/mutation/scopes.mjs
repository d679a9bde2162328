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

/** The tests of `tests/api` that need a page: both API scopes share them (and the tests' folder). */
const apiPageTests = [
  'tests/api/client.dom.test.ts',
  'tests/api/transport.dom.test.ts',
  'tests/api/v1-1.dom.test.ts',
  'tests/api/v1-1-edges.dom.test.ts',
  'tests/api/v1-1-request.dom.test.ts',
  'tests/api/account-protection.dom.test.ts',
  'tests/api/fresh-sign-in.dom.test.ts',
  'tests/api/datastore-insight.dom.test.ts',
  'tests/api/alerts.dom.test.ts',
];

/** @type {readonly MutationScope[]} */
export const mutationScopes = [
  { name: 'domain', mutate: ['src/domain/**/*.ts'], tests: ['tests/domain/**/*.test.ts'], pageTests: [], floor: 90 },
  {
    name: 'api',
    mutate: ['src/api/**/*.ts', '!src/api/v1-1/**', '!src/api/server-version.ts'],
    tests: ['tests/api/**/*.test.ts'],
    pageTests: apiPageTests,
    floor: 85,
  },
  {
    // The v1.1 client (decision 057): 74.1 % at its first measure, 81.2 % once
    // tests/api/v1-1-request.dom.test.ts pinned what a request sends, each try's time and what is
    // sent again. The event stream's reading (events.ts, 69 %) is the most left. Never lower it.
    name: 'api-v1-1',
    mutate: ['src/api/v1-1/**/*.ts', 'src/api/server-version.ts'],
    tests: ['tests/api/**/*.test.ts'],
    pageTests: apiPageTests,
    floor: 80,
  },
  {
    name: 'machines',
    mutate: ['src/machines/**/*.ts'],
    tests: ['tests/machines/**/*.test.ts'],
    pageTests: [
      'tests/machines/tutorial.dom.test.ts',
      'tests/machines/contact.dom.test.ts',
      'tests/machines/alerts.dom.test.ts',
    ],
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
