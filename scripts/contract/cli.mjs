#!/usr/bin/env node
// @ts-check
/**
 * `npm run contract -- test | check | mock | verify | smoke | openapi | pages | openapi-types`: the consumer
 * contracts with the v1 API (contracts/backup-portal-v1-api.json, README "The contract with the v1
 * API") and with v1.1 (contracts/backup-portal-v1.1-api.json, written by
 * tests/contract/portal-consumer-v1-1.pact.test.ts, decision 057), the description of v1 as it is
 * (contracts/v1.openapi.yaml, decision 051) and the v1.1 proposal (contracts/v1.1.openapi.yaml).
 * Each contract is validated against its description (`openapi`), kept current and verified over
 * HTTP against the mock API, which speaks v1.1 beside v1 there (`check`, `mock`); `verify --pact`
 * names the contract to verify against another server.
 */
import { dispatch, run } from '../lib/commands.mjs';

/** Redocly CLI sends usage data unless told not to, and may look for a newer version of itself. */
const redocly = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

const mock = (/** @type {string[]} */ rest, /** @type {NodeJS.ProcessEnv} */ env = {}) =>
  run('node', ['scripts/contract/verify-mock.mjs', ...rest], env);

await dispatch('npm run contract -- test | check | mock | verify | smoke | openapi | pages | openapi-types [options]', {
  test: {
    what: 'writes both contracts afresh from the consumer tests (tests/contract/) and tests the tools below',
    run: (rest) => run('vitest', ['run', '--config', 'vitest.contract.config.ts', ...rest]),
  },
  check: {
    what: 'CI: test, fail when a committed contract is stale, verify both against the mock (default, strict, second seed)',
    run: () => {
      run('vitest', ['run', '--config', 'vitest.contract.config.ts']);
      run('node', ['scripts/contract/check-stale.mjs']);
      mock([]);
      mock([], { VITE_MOCK_STRICT: 'true' });
      mock(['--seed', 'second']);
    },
  },
  mock: {
    what: 'verifies both contracts against the mock API (speaking v1.1) over HTTP [--seed second]',
    run: (rest) => mock(rest),
  },
  verify: {
    what: 'verifies a contract against any server: --provider-base-url URL [--state-change-url URL] [--pact FILE, default the v1 contract]',
    run: (rest) => run('node', ['scripts/contract/verify.mjs', ...rest]),
  },
  smoke: {
    what: 'read-only calls to a real server with a test account: --base-url URL --email E --password P',
    run: (rest) => run('node', ['scripts/contract/smoke.mjs', ...rest]),
  },
  openapi: {
    what: 'CI: lints contracts/v1.openapi.yaml and the v1.1 proposal, fails when the generated types are stale, validates each contract against its description',
    run: () => {
      run('redocly', ['lint', '--config', 'contracts/redocly.yaml', 'contracts/v1.openapi.yaml'], redocly);
      run('redocly', ['lint', '--config', 'contracts/redocly.yaml', 'contracts/v1.1.openapi.yaml'], redocly);
      run('node', ['scripts/contract/openapi-types.mjs', '--check']);
      run('node', ['scripts/contract/validate-openapi.mjs'], redocly);
      run(
        'node',
        [
          'scripts/contract/validate-openapi.mjs',
          '--spec',
          'contracts/v1.1.openapi.yaml',
          '--pact',
          'contracts/backup-portal-v1.1-api.json',
        ],
        redocly,
      );
    },
  },
  pages: {
    what: 'the two descriptions as static API reference pages (Redoc), reaching nothing outside [--out DIR, default dist-api]',
    run: (rest) => run('node', ['scripts/contract/api-pages.mjs', ...rest]),
  },
  'openapi-types': {
    what: 'writes contracts/v1.openapi.d.ts from the description [--check: fail when it is stale instead]',
    run: (rest) => run('node', ['scripts/contract/openapi-types.mjs', ...rest]),
  },
});
