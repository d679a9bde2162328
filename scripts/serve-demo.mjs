#!/usr/bin/env node
/**
 * The demo bundle (dist-demo/: the portal on its in-browser mock API) served as an operator serves
 * it: by the server block of deploy/nginx/portal.conf, with the demo's security headers
 * (deploy/nginx/demo-security-headers.conf) instead of Vite's preview server, which sends none
 * (security review N4, decision 045). The demo journeys (Playwright project `demo`) run against it
 * in CI; it runs until it is stopped (Ctrl+C or SIGTERM).
 *
 *   npm run build:demo && node scripts/serve-demo.mjs [--port 4174]
 *
 * /api/ answers 502, as on a demo host whose api-upstream.conf says `return 502;`: the mock's
 * service worker answers every call of the page before it leaves the browser.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';

const repo = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const port = Number(args.includes('--port') ? args[args.indexOf('--port') + 1] : '4174');
const root = join(repo, 'dist-demo');
if (!existsSync(join(root, 'index.html'))) {
  console.error('dist-demo/ is missing: run npm run build:demo first');
  process.exit(1);
}
// A bundle built by `vite build --mode demo` alone lacks the file portal.conf includes.
if (!existsSync(join(root, '.nginx/inline-hashes.conf'))) {
  spawnSync(process.execPath, [join(repo, 'scripts/build/demo-hashes.mjs')], { stdio: 'inherit' });
}

const { module: nginxModule } = await runnerImport(join(repo, 'scripts/nginx.ts'));
const nginx = await nginxModule.startNginx({
  port,
  root,
  headers: join(repo, 'deploy/nginx/demo-security-headers.conf'),
});
console.log(`Demo bundle on ${nginx.url} (nginx, the demo's security headers)`);

const stop = () => {
  nginx.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
