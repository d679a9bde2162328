#!/usr/bin/env node
/**
 * CI's provider verification: serves the mock API over HTTP (scripts/mock-api/server.ts, with
 * its state-change endpoint /__mock/provider-state) and verifies the consumer contract against
 * it. This proves that the mock keeps the contract the portal relies on.
 *
 *   npm run contract:mock
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

const { module } = await runnerImport(join(repo, 'scripts/mock-api/server.ts'));
const api = await module.startApiServer(await freePort());
try {
  const states = await verifyContract({
    providerBaseUrl: api.url,
    stateChangeUrl: `${api.url}/__mock/provider-state`,
    logLevel: 'error',
  });
  console.log(`contract:mock: the mock API keeps every interaction of the contract (${states} provider states).`);
} catch (error) {
  console.error(`contract:mock: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await api.close();
}
