#!/usr/bin/env node
/**
 * The fake but complete production settings of .env.production.example, for every build that is
 * not for customers: CI, the production journeys (scripts/serve-production.mjs) and the bench.
 * A production build refuses to start without them (scripts/build/production-settings.ts).
 *
 *   node scripts/example-settings.mjs npm run build    runs the command with them in its environment
 *
 * They take precedence over the environment and over a provider's .env.production.local (Vite
 * reads the environment first), so that a build for tests is the same build everywhere. Being
 * examples (reserved domains, the Bundesbank's test creditor identifier), they pass the production
 * check only with PORTAL_EXAMPLE_SETTINGS=true, which this runner sets: a copy of the example file
 * that nobody filled in does not make a build for customers.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export const exampleFile = new URL('../.env.production.example', import.meta.url).pathname;

/** The settings of .env.production.example. */
export function exampleSettings() {
  return parseEnv(readFileSync(exampleFile, 'utf8'));
}

/**
 * A `VITE_` variable the portal does not read, put into the environment of every example build:
 * `npm run check -- bundle` fails when its value reaches the build, as it would if the code read
 * `import.meta.env` as a whole and so published every `VITE_` variable, a secret's included
 * (decision 031).
 */
export const bundleCanary = { name: 'VITE_UNUSED_CANARY', value: 'an-unused-setting-never-in-the-bundle' };

/**
 * The environment of a build with them: the settings, the canary, and the permission to build
 * with example values, which a production build otherwise refuses as placeholders.
 */
export function exampleEnvironment() {
  return { ...exampleSettings(), [bundleCanary.name]: bundleCanary.value, PORTAL_EXAMPLE_SETTINGS: 'true' };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('Usage: node scripts/example-settings.mjs <command> [arguments…]');
    process.exit(2);
  }
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...exampleEnvironment() } });
  process.exit(result.status ?? 1);
}
