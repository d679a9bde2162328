import { defineConfig } from 'vitest/config';

/**
 * The contract tests (`npm run contract -- test`), in Node, without MSW: the consumer tests (the
 * portal's own src/api functions against Pact's mock provider, which write
 * contracts/backup-portal-v1-api.json and contracts/backup-portal-v1.1-api.json) and the tools for the backend team (contract:verify, smoke).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/contract/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    env: { VITE_MOCK_API: 'false' },
  },
});
