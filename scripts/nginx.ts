/**
 * Starts nginx on loopback with the production configuration of deploy/nginx, for the server
 * tests, the header check and the benchmark: the same server blocks, with their ports, root,
 * included files, certificate and log paths replaced, and /api/ proxied to a local API through an
 * api-upstream.conf of its own (the one file an operator changes too).
 *
 * Over plain HTTP (the journeys), the TLS server block listens without TLS and the redirect block
 * is left out; with `tls`, it runs as shipped, with a certificate for 127.0.0.1 that openssl makes
 * for this one run. The IPv6 listeners ([::]) are left out, or with `ipv6` listen on [::1] on the
 * same ports.
 *
 * The rate limits are the shipped ones, except for the server of the production journeys
 * (`rateLimits: 'journeys'`, scripts/serve-production.mjs): its journeys log in, ask for reset
 * mails and send messages from the one address of the test machine many times a minute, as no
 * customer does, and run there with every limit at 20 a second. The shipped figures are tested on
 * an nginx of their own (tests/e2e/production/rate-limit.spec.ts, edge.spec.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface NginxOptions {
  /** The portal's server block (HTTPS as shipped, plain HTTP unless `tls`). */
  port: number;
  root: string;
  /** Proxy /api/ to this port on 127.0.0.1; without it, /api/ answers 502 as with an API that is down. */
  apiPort?: number;
  /** Extra `location` blocks, e.g. a baseline page for the benchmark. */
  extra?: string;
  /**
   * Also log every request in nginx's combined format (its URL with the query, and the Referer)
   * to this file: what scripts/check-access-log.mjs reads after the journeys.
   */
  accessLog?: string;
  /** Serve `port` over HTTPS with a self-signed certificate for 127.0.0.1, made now by openssl. */
  tls?: boolean;
  /** The plain-HTTP block (the redirect to HTTPS) on this port; left out without it. */
  redirectPort?: number;
  /** Keep the IPv6 listeners, on [::1] (the machine must have it); left out without it. */
  ipv6?: boolean;
  /** The portal's host name in place of the placeholder `server_name` (default 127.0.0.1). */
  serverName?: string;
  /**
   * `shipped` (the default): the rate limits of portal.conf. `journeys`: 20 a second on every
   * limit, for the production journeys' server only (see the header comment).
   */
  rateLimits?: 'shipped' | 'journeys';
  /**
   * Uncomment portal.conf's real_ip block with this address or range as the load balancer, e.g.
   * `127.0.0.1`: a test then names the client by X-Forwarded-For, as a balancer would.
   */
  realIpFrom?: string;
  /**
   * Another site on the plain-HTTP block's port, before the portal's in the configuration,
   * answering 200 "Welcome to nginx!" for Host `localhost`, as a stock nginx's default site does:
   * `named` without `default_server`, `default_server` as Debian ships it (with which nginx must
   * refuse to start, rather than hand the portal's visitors to that site). Needs `redirectPort`.
   */
  stockSite?: 'named' | 'default_server';
  /**
   * The header file included where portal.conf includes security-headers.conf: the demo's own
   * (deploy/nginx/demo-security-headers.conf, decision 045). Default: the shipped security-headers.conf.
   */
  headers?: string;
}

export interface RunningNginx {
  url: string;
  /** The plain-HTTP block's address, when it runs. */
  redirectUrl?: string;
  /** With `tls`: the certificate (PEM) to trust, e.g. as `ca` of node's https. */
  ca?: string;
  /** The access log in the shipped format (portal.conf's `log_format`), as written so far. */
  portalLog: () => string;
  stop: () => void;
}

const repo = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Replaces what the shipped file must contain; throws when it does not, so that a changed file is noticed. */
function rewrite(text: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/portal.conf has no ${what} any more: update scripts/nginx.ts`);
  return text.replace(pattern, replacement);
}

/** A key and a self-signed certificate for 127.0.0.1 (and localhost), valid for two days. */
function makeCertificate(prefix: string): { certificate: string; key: string } {
  const certificate = join(prefix, 'certificate.pem');
  const key = join(prefix, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (made.error) throw new Error('openssl is missing: apt-get install openssl');
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { certificate, key };
}

/** The shipped server blocks, made to run on loopback as `options` say. */
function testConfiguration(
  shipped: string,
  prefix: string,
  {
    port,
    root,
    extra = '',
    accessLog,
    tls = false,
    redirectPort,
    headers,
    serverName = '127.0.0.1',
    rateLimits = 'shipped',
    realIpFrom,
    ipv6 = false,
  }: NginxOptions,
): string {
  let server = shipped;
  if (redirectPort === undefined) {
    server = rewrite(
      server,
      /\nserver \{\n(?:\s*#.*\n)*\s*listen 80 default_server;[\s\S]*?\n\}\n/,
      '\n',
      'plain-HTTP server block (listen 80 default_server)',
    );
  } else {
    server = rewrite(
      server,
      /^(\s*)listen 80 default_server;/m,
      `$1listen 127.0.0.1:${redirectPort} default_server;`,
      '`listen 80 default_server;`',
    );
    server = rewrite(
      server,
      /^(\s*)listen \[::\]:80 default_server;\n/m,
      ipv6 ? `$1listen [::1]:${redirectPort} default_server;\n` : '',
      '`listen [::]:80 default_server;`',
    );
  }
  server = rewrite(
    server,
    /^(\s*)listen 443( ssl[^;]*);/m,
    tls ? `$1listen 127.0.0.1:${port}$2;` : `$1listen 127.0.0.1:${port} default_server;`,
    '`listen 443 ssl … default_server;`',
  );
  server = rewrite(
    server,
    /^(\s*)listen \[::\]:443( ssl[^;]*);\n/m,
    !ipv6 ? '' : tls ? `$1listen [::1]:${port}$2;\n` : `$1listen [::1]:${port} default_server;\n`,
    '`listen [::]:443 ssl … default_server;`',
  );
  server = rewrite(
    server,
    /server_name portal\.example\.com;/g,
    `server_name ${serverName};`,
    'server_name portal.example.com',
  );
  if (rateLimits === 'journeys')
    server = rewrite(
      server,
      /(?<zone>limit_req_zone [^;]* rate=)\d+r\/[ms];/g,
      '$<zone>20r/s;',
      'limit_req_zone … rate=…',
    );
  if (realIpFrom !== undefined) {
    server = rewrite(
      server,
      /^(\s*)# set_real_ip_from [^;]+;\n(?:\s*# set_real_ip_from [^;]+;\n)*/m,
      `$1set_real_ip_from ${realIpFrom};\n`,
      'commented set_real_ip_from',
    );
    server = rewrite(server, /^(\s*)# (real_ip_header X-Forwarded-For;)/m, '$1$2', 'commented real_ip_header');
    server = rewrite(server, /^(\s*)# (real_ip_recursive on;)/m, '$1$2', 'commented real_ip_recursive');
  }
  if (tls) {
    const { certificate, key } = makeCertificate(prefix);
    server = rewrite(server, /ssl_certificate \S+;/, `ssl_certificate ${certificate};`, 'ssl_certificate');
    server = rewrite(server, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`, 'ssl_certificate_key');
  } else {
    server = rewrite(server, /^[ \t]*ssl_\w+ [^;]*;\n/gm, '', 'ssl_ settings');
  }
  server = rewrite(server, /root \/srv\/portal;/, `root ${root};`, 'root /srv/portal');
  server = rewrite(
    server,
    /include \/srv\/portal\/\.nginx\/inline-hashes\.conf;/,
    `include ${join(root, '.nginx/inline-hashes.conf')};`,
    "include of the build's inline-hashes.conf",
  );
  server = rewrite(
    server,
    /include portal\/security-headers\.conf;/g,
    `include ${headers ?? join(repo, 'deploy/nginx/security-headers.conf')};`,
    'include of security-headers.conf',
  );
  server = rewrite(
    server,
    /include portal\/api-upstream\.conf;/g,
    `include ${join(prefix, 'api-upstream.conf')};`,
    'include of api-upstream.conf',
  );
  server = rewrite(
    server,
    /include portal\/api-proxy\.conf;/g,
    `include ${join(repo, 'deploy/nginx/api-proxy.conf')};`,
    'include of api-proxy.conf',
  );
  const logs = `access_log ${join(prefix, 'portal-access.log')} portal_private;${accessLog ? ` access_log ${accessLog} combined;` : ''}`;
  server = rewrite(server, /access_log \/var\/log\/nginx\/portal-access\.log portal_private;/g, logs, 'access_log');
  return rewrite(server, /\n(\s*)location \/api\/ \{/, `\n${extra}\n$1location /api/ {`, 'location /api/');
}

/** True once `url` answers at all (any status), over HTTPS trusting `ca`. */
function answers(url: string, ca?: string): Promise<boolean> {
  if (!url.startsWith('https:')) return fetch(url).then(() => true);
  return new Promise((resolve, reject) => {
    const call = httpsRequest(url, { ca }, (response) => {
      response.resume();
      resolve(true);
    });
    call.once('error', reject);
    call.end();
  });
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const { port, apiPort, tls = false, redirectPort, stockSite } = options;
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is missing: apt-get install nginx-light');
  const prefix = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  writeFileSync(
    join(prefix, 'api-upstream.conf'),
    apiPort === undefined
      ? '# No API in this run: /api/ answers as nginx does when the API is down.\nreturn 502;\n'
      : `# The mock API over HTTP on loopback (scripts/mock-api/server.ts).\nproxy_pass http://127.0.0.1:${apiPort};\n`,
  );
  const shipped = readFileSync(join(repo, 'deploy/nginx/portal.conf'), 'utf8');
  const stock =
    stockSite === undefined || redirectPort === undefined
      ? ''
      : `  server {
    listen 127.0.0.1:${redirectPort}${stockSite === 'default_server' ? ' default_server' : ''};
    server_name localhost;
    location / { default_type text/html; return 200 '<title>Welcome to nginx!</title>'; }
  }
`;
  writeFileSync(join(prefix, 'portal.conf'), testConfiguration(shipped, prefix, options));
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
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  # As /etc/nginx/nginx.conf includes conf.d/*.conf: inside http, so that its maps, log format
  # and rate limit zone are at http level.
${stock}  include ${prefix}/portal.conf;
}
`,
  );
  const ca = tls ? readFileSync(join(prefix, 'certificate.pem'), 'utf8') : undefined;
  const child = spawn('nginx', ['-p', prefix, '-c', join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A configuration nginx refuses is told on stderr, before any error log exists.
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const portalLogFile = join(prefix, 'portal-access.log');
  const running: RunningNginx = {
    url,
    ...(redirectPort === undefined ? {} : { redirectUrl: `http://127.0.0.1:${redirectPort}` }),
    ...(ca === undefined ? {} : { ca }),
    portalLog: () => (existsSync(portalLogFile) ? readFileSync(portalLogFile, 'utf8') : ''),
    stop: () => {
      child.kill('SIGTERM');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
  // nginx writes its pid file only once it listens: another server already on the port would
  // answer the request as well, and the tests would then run against that one.
  const pidFile = join(prefix, 'nginx.pid');
  const listening = () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(child.pid);
  for (let attempt = 0; attempt < 100 && !exited; attempt += 1) {
    try {
      if (listening() && (await answers(url, ca))) return running;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const errorLog = join(prefix, 'error.log');
  const log = `${stderr}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`;
  running.stop();
  throw new Error(`nginx did not answer on ${url}: ${log}`);
}
