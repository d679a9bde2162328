import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Install scripts of dependencies run only as the project decided (security review N8, decision 045):
 * npm 11 runs those that package.json's `allowScripts` approves, and with `strict-allow-scripts` in
 * .npmrc an install fails on one that nobody decided on.
 */
const root = new URL('../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Lockfile {
  packages: Record<string, { version?: string; hasInstallScript?: boolean }>;
}

describe('install scripts', () => {
  const allowScripts =
    (JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  const withScripts = Object.entries((JSON.parse(read('package-lock.json')) as Lockfile).packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path, entry]) => ({
      name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version,
    }));

  it('decides on every package of the lockfile that has an install script', () => {
    const decided = (name: string, version?: string) => name in allowScripts || `${name}@${version}` in allowScripts;
    expect(withScripts.filter(({ name, version }) => !decided(name, version))).toEqual([]);
  });

  it('runs none of them: neither msw, unrs-resolver nor the contract validator needs its install script here', () => {
    // The validator's `patch-package` patches ajv's reading of blank query parameters, which the
    // contract has none of (decision 051).
    expect(allowScripts).toEqual({ '@pactflow/swagger-mock-validator': false, msw: false, 'unrs-resolver': false });
  });

  it('makes npm fail on an install script that nobody decided on', () => {
    expect(read('.npmrc')).toMatch(/^strict-allow-scripts=true$/m);
    expect(read('.npmrc')).not.toMatch(/^(ignore-scripts|dangerously-allow-all-scripts)\s*=\s*true/m);
  });
});
