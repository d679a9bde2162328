#!/usr/bin/env node
// @ts-check
/**
 * `npm run check -- NAME [NAME …]`: the project's checks that are not tests, by name, in the order
 * given. `npm run validate` runs each at its place; `npm run check` alone lists them.
 */
import { dispatch, run } from './lib/commands.mjs';

await dispatch(
  'npm run check -- NAME [NAME …]',
  {
    unused: {
      what: 'knip: no unused file, export or dependency (knip.jsonc names the entries loaded by path)',
      run: () => run('knip', ['--no-progress']),
    },
    audit: {
      what: 'npm audit for high and critical advisories; NOT CHECKED when the registry cannot answer (decision 014)',
      run: () => run('node', ['scripts/audit.mjs']),
    },
    requirements: {
      what: 'every SPEC §n and Rn.m reference in code, tests, scripts and docs resolves in docs/requirements.md',
      run: () => run('node', ['scripts/check-requirements.mjs']),
    },
    bundle: {
      what: 'after build: no mock code or sample setting in dist/, first-visit JavaScript and CSS within budget',
      run: () => run('node', ['scripts/check-bundle.mjs']),
    },
    reporting: {
      what: 'after build: Sentry and the feedback widget stay out of the bundle while their flags are off',
      run: () => run('node', ['scripts/check-reporting-bundle.mjs', 'dist']),
    },
    headers: {
      what: "after build: the headers behind the shipped nginx over HTTPS, by the Observatory's rules, A+ or fail",
      run: () => run('node', ['scripts/check-headers.mjs']),
    },
    'access-log': {
      what: "after the journeys: no password, email, name, reset token or IBAN in nginx's access log",
      run: () => run('node', ['scripts/check-access-log.mjs']),
    },
  },
  { many: true },
);
