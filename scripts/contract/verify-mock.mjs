#!/usr/bin/env node
/**
 * CI's provider verification: serves the mock API over HTTP (scripts/mock-api/server.ts, with
 * its state-change endpoint /__mock/provider-state), speaking v1.1 beside v1 whatever
 * MOCK_API_VERSION says, and verifies the consumer contracts of v1
 * (contracts/backup-portal-v1-api.json) and of v1.1 (contracts/backup-portal-v1.1-api.json) against
 * it. This proves that the mock keeps the contracts the portal relies on.
 *
 *   npm run contract -- mock [--seed second]
 *
 * --seed  the seed scenario the mock starts from: `default`, or `second`, whose names, counts and
 *         values differ (decision 030); MOCK_SEED does the same. Passing on both proves that the
 *         contract takes every seed value from a provider state.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { runnerImport } from 'vite';
import { verifyContract } from './verify.mjs';

const repo = new URL('../..', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const args = process.argv.slice(2);
if (args.some((arg) => arg.startsWith('--') && arg !== '--seed') || (args.includes('--seed') && args.length !== 2)) {
  console.error('contract:mock: usage: npm run contract -- mock [--seed NAME]');
  process.exit(2);
}
const seedOption = args.includes('--seed') ? args[args.indexOf('--seed') + 1] : process.env.MOCK_SEED;

const { module: seeds } = await runnerImport(join(repo, 'src/mocks/seed-scenarios.ts'));
let seed;
try {
  seed = seeds.seedNameFrom(seedOption);
} catch (error) {
  console.error(`contract:mock: ${error instanceof Error ? error.message : error}`);
  process.exit(2);
}
const mode = process.env.VITE_MOCK_STRICT === 'true' ? ', spec-strict' : '';
const { module } = await runnerImport(join(repo, 'scripts/mock-api/server.ts'));
// A mock that speaks v1.1 answers v1's calls too: one server keeps both contracts.
const api = await module.startApiServer(await freePort(), { seed, apiVersion: 'v1.1' });
try {
  for (const [name, pactFile] of [
    ['v1', join(repo, 'contracts/backup-portal-v1-api.json')],
    ['v1.1', join(repo, 'contracts/backup-portal-v1.1-api.json')],
  ]) {
    const { states, interactions } = await verifyContract({
      providerBaseUrl: api.url,
      stateChangeUrl: `${api.url}/__mock/provider-state`,
      pactFile,
      logLevel: 'error',
    });
    console.log(
      `contract:mock: the mock API (seed ${seed}${mode}) keeps all ${interactions} interactions of the ${name} contract (${states} provider states).`,
    );
  }
} catch (error) {
  console.error(`contract:mock: (seed ${seed}${mode}) ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await api.close();
}
