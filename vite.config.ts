/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

const workerFile = fileURLToPath(new URL('./node_modules/msw/lib/mockServiceWorker.js', import.meta.url));

/**
 * Serves MSW's worker script in development and emits it into mock-enabled builds only, so
 * that the production bundle carries no mock code at all (not even in public/).
 */
function mockServiceWorker(enabled: boolean): Plugin {
  return {
    name: 'portal-mock-service-worker',
    configureServer(server) {
      if (!enabled) return;
      server.middlewares.use('/mockServiceWorker.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(workerFile));
      });
    },
    generateBundle() {
      if (!enabled) return;
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: readFileSync(workerFile, 'utf8') });
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const mock = env.VITE_MOCK_API === 'true';
  return {
    plugins: [react(), mockServiceWorker(mock)],
    build: {
      target: 'es2022',
      sourcemap: true,
      manifest: true,
    },
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
    test: {
      environment: 'jsdom',
      setupFiles: ['./vitest.setup.ts'],
      include: ['tests/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      env: { VITE_MOCK_API: 'false' },
    },
  };
});
