#!/usr/bin/env node
/**
 * The build customers get, served as they get it: dist/ (prerendered) behind the server block of
 * deploy/nginx, with /api/ proxied to the mock v1 API served over HTTP from Node
 * (scripts/mock-api/server.ts). The production journeys (Playwright project `production`) run
 * against it; it runs until it is stopped (Ctrl+C or SIGTERM).
 *
 *   node scripts/serve-production.mjs [--port 4175] [--api-port 4176] [--access-log FILE]
 *
 * dist/ is built first (with the settings of .env.production.example) when it is missing or older
 * than the sources, so that a local run never tests yesterday's bundle. Its rate limits are at 20 a
 * second (scripts/nginx.ts, `rateLimits: 'journeys'`): the journeys log in from one address many
 * times a minute; the shipped figures are tested on an nginx of their own (rate-limit.spec.ts). The access log, one line per request in nginx's combined format,
 * is what scripts/check-access-log.mjs reads after the journeys.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runnerImport } from 'vite';
import { exampleEnvironment } from './example-settings.mjs';

const repo = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const port = Number(option('--port', '4175'));
const apiPort = Number(option('--api-port', '4176'));
const accessLog = resolve(option('--access-log', join(repo, 'e2e-logs/nginx-access.log')));
const dist = join(repo, 'dist');
const builtMarker = join(dist, 'prerendered/en/login.html');

/** The newest modification time under the given paths (files and folders, recursively). */
function newest(paths) {
  let time = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) time = Math.max(time, newest(readdirSync(path).map((name) => join(path, name))));
    else time = Math.max(time, stat.mtimeMs);
  }
  return time;
}

const sources = [
  'src',
  'translations',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/prerender.mjs',
  '.env.production.example',
].map((path) => join(repo, path));
if (!existsSync(builtMarker) || newest(sources) > statSync(builtMarker).mtimeMs) {
  console.log('dist/ is missing or older than the sources: npm run build:example');
  // The fake but complete settings of .env.production.example: the journeys test the same build everywhere.
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: repo,
    stdio: 'inherit',
    env: { ...process.env, ...exampleEnvironment() },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync(dirname(accessLog), { recursive: true });
writeFileSync(accessLog, '');
const { module: mockApi } = await runnerImport(join(repo, 'scripts/mock-api/server.ts'));
const { module: nginxModule } = await runnerImport(join(repo, 'scripts/nginx.ts'));
const api = await mockApi.startApiServer(apiPort);
const nginx = await nginxModule.startNginx({ port, root: dist, apiPort, accessLog, rateLimits: 'journeys' });
console.log(`Production build on ${nginx.url} (nginx), mock API on ${api.url}, access log ${accessLog}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  nginx.stop();
  await api.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
