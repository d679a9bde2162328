// @ts-check
/**
 * The production build (dist/) as customers get it, for the benchmarks: behind the project's
 * nginx configuration (scripts/nginx.ts), with /api/ proxied to the mock API running as a real
 * HTTP server (scripts/mock-api/server.ts), whose controls the benchmark may use.
 */
import { join } from 'node:path';
import { runnerImport } from 'vite';

const repo = new URL('../..', import.meta.url).pathname;

/**
 * @param {{ webPort: number; apiPort: number; extra?: string }} options
 * @returns {Promise<{ url: string; controls: import('../../src/mocks/controls').MockControls; stop: () => Promise<PromiseSettledResult<unknown>[]> }>}
 */
export async function serveBuild({ webPort, apiPort, extra }) {
  const { module: api } = await runnerImport(join(repo, 'scripts/mock-api/server.ts'));
  const { module: nginx } = await runnerImport(join(repo, 'scripts/nginx.ts'));
  const apiServer = await api.startApiServer(apiPort);
  const web = await nginx.startNginx({ port: webPort, root: join(repo, 'dist'), apiPort, extra });
  return {
    url: web.url,
    controls: apiServer.controls,
    // Both stop, even when one fails to.
    stop: () => Promise.allSettled([Promise.resolve().then(() => web.stop()), apiServer.close()]),
  };
}
