/**
 * Starts nginx on loopback with the production configuration of deploy/nginx, for the server
 * tests and the benchmark: the same server block, with its port and root replaced and,
 * optionally, /api/ proxied to a local API.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NginxOptions {
  port: number;
  root: string;
  /** Proxy /api/ to this port on 127.0.0.1. */
  apiPort?: number;
  /** Extra `location` blocks, e.g. a baseline page for the benchmark. */
  extra?: string;
  /** Write nginx's access log (the combined format: every requested URL) to this file. */
  accessLog?: string;
}

export interface RunningNginx {
  url: string;
  stop: () => void;
}

const repo = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');

export async function startNginx({ port, root, apiPort, extra = '', accessLog }: NginxOptions): Promise<RunningNginx> {
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is missing: apt-get install nginx-light');
  const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  const headers = join(repo, 'deploy/nginx/security-headers.conf');
  const api =
    apiPort === undefined
      ? ''
      : `
    location /api/ {
        proxy_pass http://127.0.0.1:${apiPort};
        proxy_http_version 1.1;
        # Calls that change something may wait up to the portal's 120 s loading timeout
        # (docs/decisions/026), so the proxy must not give up first.
        proxy_read_timeout 130s;
    }`;
  const server = readFileSync(join(repo, 'deploy/nginx/portal.conf'), 'utf8')
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /srv/portal;', `root ${root};`)
    .replaceAll('include security-headers.conf;', `include ${headers};`)
    .replace(/\n\s*# The provider's v1 API[\s\S]*?# }\n/, `\n${api}\n${extra}\n`);
  writeFileSync(join(prefix, 'portal.conf'), server);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${accessLog ?? 'off'};
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  include ${prefix}/portal.conf;
}
`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(prefix, { recursive: true, force: true });
  };
  // nginx writes its pid file only once it listens: another server already on the port would
  // answer the fetch as well, and the tests would then run against that one.
  const pidFile = join(prefix, 'nginx.pid');
  const listening = () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(child.pid);
  for (let attempt = 0; attempt < 100 && !exited; attempt += 1) {
    try {
      if (listening()) {
        await fetch(url);
        return { url, stop };
      }
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = readFileSync(join(prefix, 'error.log'), 'utf8');
  stop();
  throw new Error(`nginx did not answer on ${url}: ${log}`);
}
