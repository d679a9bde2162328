/**
 * The two command-line tools for the backend team (README, "The contract with the v1 API"):
 * `contract:verify` and `smoke`, run as a person runs them, against the mock API served over
 * HTTP and against servers that are down or answer HTML. Every error is one line and a non-zero exit.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type MockApiServer } from '../../scripts/mock-api/server';

const verify = join(process.cwd(), 'scripts/contract/verify.mjs');
const smoke = join(process.cwd(), 'scripts/contract/smoke.mjs');

function run(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The last line the tool wrote to stderr: its one-line error. */
const lastError = (err: string) => err.trim().split('\n').at(-1) ?? '';

let api: MockApiServer;
let html: Server;
let htmlUrl = '';
let downUrl = '';

beforeAll(async () => {
  api = await startApiServer(await freePort(), { apiVersion: 'v1.1' });
  html = createServer((_request, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end('<!doctype html><title>Maintenance</title><p>Back soon</p>');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => html.listen(port, '127.0.0.1', resolve));
  htmlUrl = `http://127.0.0.1:${port}`;
  downUrl = `http://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  await api.close();
  await new Promise((resolve) => html.close(resolve));
});

describe('npm run contract -- smoke', () => {
  it('logs in, reads me, company, status and licences, logs out, and says every answer fits', async () => {
    const { code, out } = await run(smoke, [
      '--base-url',
      `${api.url}/api/v1`,
      '--email',
      'demo@example.com',
      '--password',
      'Demo-Password-2026',
    ]);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.slice(0, 6).map((line) => line.split(/\s+/).slice(0, 3).join(' '))).toEqual([
      'POST /login 200',
      'GET /me 200',
      'GET /company 200',
      'GET /status 200',
      'GET /licences 200',
      'GET /logout 200',
    ]);
    expect(lines.slice(0, 6).every((line) => /\d+ ms {2}fits/.test(line))).toBe(true);
    expect(lines.at(-1)).toBe('smoke: every answer fits the portal');
  }, 30_000);

  it('changes nothing on the server: no call but the login and logout writes anything', async () => {
    const before = JSON.stringify(api.controls.outbox());
    await run(smoke, [
      '--base-url',
      `${api.url}/api/v1`,
      '--email',
      'demo@example.com',
      '--password',
      'Demo-Password-2026',
    ]);
    expect(JSON.stringify(api.controls.outbox())).toBe(before);
  }, 30_000);

  it('says the login was refused for a wrong password', async () => {
    const { code, err } = await run(smoke, [
      '--base-url',
      `${api.url}/api/v1`,
      '--email',
      'demo@example.com',
      '--password',
      'wrong',
    ]);
    expect(code).toBe(1);
    expect(lastError(err)).toBe('smoke: the login was refused (403)');
  }, 30_000);

  it('says an account awaiting activation is not active yet', async () => {
    const { code, err } = await run(smoke, [
      '--base-url',
      `${api.url}/api/v1`,
      '--email',
      'pending@example.com',
      '--password',
      'Demo-Password-2026',
    ]);
    expect(code).toBe(1);
    expect(lastError(err)).toBe('smoke: the account pending@example.com is not active yet');
  }, 30_000);

  it('says it cannot reach a server that is down', async () => {
    const { code, err } = await run(smoke, ['--base-url', `${downUrl}/api/v1`, '--email', 'a@b.de', '--password', 'x']);
    expect(code).toBe(1);
    expect(lastError(err)).toMatch(/^smoke: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/v1\/login: .*ECONNREFUSED/);
  }, 30_000);

  it('says when the server answers HTML where JSON was expected', async () => {
    const { code, out, err } = await run(smoke, [
      '--base-url',
      `${htmlUrl}/api/v1`,
      '--email',
      'a@b.de',
      '--password',
      'x',
    ]);
    expect(code).toBe(1);
    expect(out).toContain('not JSON (text/html)');
    expect(lastError(err)).toBe('smoke: the login answered with something that is not JSON');
  }, 30_000);

  it('asks for what is missing on the command line', async () => {
    for (const [args, message] of [
      [[], 'smoke: --base-url URL is required'],
      [
        ['--base-url', 'portal.example.com', '--email', 'a', '--password', 'b'],
        'smoke: --base-url must be an http(s) URL, not "portal.example.com"',
      ],
      [['--base-url', `${api.url}/api/v1`, '--password', 'b'], 'smoke: --email EMAIL is required'],
      [['--base-url', `${api.url}/api/v1`, '--email', 'a', '--pasword', 'b'], 'smoke: unknown option --pasword'],
    ] as const) {
      const { code, err } = await run(smoke, [...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(err.trim()).toBe(message);
    }
  }, 30_000);
});

describe('npm run contract -- verify', () => {
  it('verifies the contract against the mock API over HTTP with its state-change endpoint', async () => {
    const { code, out } = await run(verify, [
      '--provider-base-url',
      api.url,
      '--state-change-url',
      `${api.url}/__mock/provider-state`,
    ]);
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toBe(
      `contract:verify: ${api.url} keeps the contract contracts/backup-portal-v1-api.json`,
    );
  }, 60_000);

  it('verifies the contract against the mock API started with the second seed', async () => {
    const second = await startApiServer(await freePort(), { seed: 'second' });
    try {
      const { code, out } = await run(verify, [
        '--provider-base-url',
        second.url,
        '--state-change-url',
        `${second.url}/__mock/provider-state`,
      ]);
      expect(code).toBe(0);
      expect(out.trim().split('\n').at(-1)).toBe(
        `contract:verify: ${second.url} keeps the contract contracts/backup-portal-v1-api.json`,
      );
    } finally {
      await second.close();
    }
  }, 60_000);

  it('verifies the v1.1 contract named with --pact against the mock API speaking v1.1', async () => {
    const { code, out } = await run(verify, [
      '--provider-base-url',
      api.url,
      '--state-change-url',
      `${api.url}/__mock/provider-state`,
      '--pact',
      'contracts/backup-portal-v1.1-api.json',
    ]);
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toBe(
      `contract:verify: ${api.url} keeps the contract contracts/backup-portal-v1.1-api.json`,
    );
  }, 60_000);

  it('finds that a server speaking only v1 does not keep the v1.1 contract', async () => {
    const v1Only = await startApiServer(await freePort(), { apiVersion: 'v1' });
    try {
      const { code, err } = await run(verify, [
        '--provider-base-url',
        v1Only.url,
        '--state-change-url',
        `${v1Only.url}/__mock/provider-state`,
        '--pact',
        'contracts/backup-portal-v1.1-api.json',
      ]);
      expect(code).toBe(1);
      expect(lastError(err)).toMatch(
        /^contract:verify: the server does not keep the contract: (\d+) of \1 interactions fail; first: .+/,
      );
    } finally {
      await v1Only.close();
    }
  }, 60_000);

  it('fails in one line when the provider does not keep it (here: no state changes, so no session)', async () => {
    const { code, err } = await run(verify, ['--provider-base-url', api.url]);
    expect(code).toBe(1);
    expect(lastError(err)).toMatch(
      /^contract:verify: the server does not keep the contract: \d+ of \d+ interactions fail; first: .+/,
    );
  }, 60_000);

  it('says it cannot reach a server that is down', async () => {
    const { code, err } = await run(verify, ['--provider-base-url', downUrl]);
    expect(code).toBe(1);
    expect(lastError(err)).toMatch(/^contract:verify: cannot reach http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/);
  }, 30_000);

  it('says when the state-change endpoint answers HTML instead of JSON', async () => {
    const { code, err } = await run(verify, ['--provider-base-url', api.url, '--state-change-url', htmlUrl]);
    expect(code).toBe(1);
    expect(lastError(err)).toMatch(
      /^contract:verify: the server does not keep the contract: the state change for ".+" answered 200 with something that is not JSON: <!doctype html>/,
    );
  }, 60_000);

  it('asks for what is missing on the command line', async () => {
    for (const [args, message] of [
      [[], 'contract:verify: --provider-base-url URL is required'],
      [['--provider-base-url'], 'contract:verify: --provider-base-url URL is required'],
      [
        ['--provider-base-url', 'localhost:5173'],
        'contract:verify: --provider-base-url must be an http(s) URL, not "localhost:5173"',
      ],
      [['--provider-base-url', api.url, '--state-url', 'x'], 'contract:verify: unknown option --state-url'],
    ] as const) {
      const { code, err } = await run(verify, [...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(err.trim()).toBe(message);
    }
  }, 30_000);
});
