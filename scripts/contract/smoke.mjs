#!/usr/bin/env node
/**
 * A read-only smoke test of a real or staging v1 API with a test account: logs in, reads what
 * the portal reads (me, company, status, licences) and logs out. It changes nothing on the
 * server. Each call prints one line: the status, the time, and whether the answer fits the
 * portal's structs (src/api/structs.ts), with the path of the first field that does not.
 *
 *   npm run contract -- smoke --base-url URL --email E --password P
 *
 * --base-url  the API's base, with its version: e.g. https://portal.example.com/api/v1
 *
 * Exits 0 when every answer fits, 1 when one does not, the login is refused or the server
 * cannot be reached, 2 on a wrong command line; every error is one line.
 */
import { join } from 'node:path';
import { runnerImport } from 'vite';

const repo = new URL('../..', import.meta.url).pathname;

class UsageError extends Error {}

export function parseArguments(args) {
  const known = new Set(['--base-url', '--email', '--password']);
  for (const arg of args) if (arg.startsWith('--') && !known.has(arg)) throw new UsageError(`unknown option ${arg}`);
  const value = (name) => {
    const found = args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
    if (!found || found.startsWith('--'))
      throw new UsageError(`${name} ${name === '--base-url' ? 'URL' : name.slice(2).toUpperCase()} is required`);
    return found;
  };
  const baseUrl = value('--base-url');
  let url;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--base-url must be an http(s) URL, not "${baseUrl}"`);
  return { baseUrl: url.href.replace(/\/$/, ''), email: value('--email'), password: value('--password') };
}

/** The first failure of a struct check, as `path: message`. */
function misfit(struct, value) {
  const [error] = struct.validate(value);
  if (!error) return null;
  const failure = error.failures()[0] ?? error;
  return `${failure.path.length > 0 ? failure.path.join('.') : '(the whole answer)'}: ${failure.message}`;
}

async function call(baseUrl, method, path, { body, cookie } = {}) {
  const started = performance.now();
  let response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        // As the portal's own calls: the portal's nginx refuses calls without it (decision 031).
        'X-Portal-Request': '1',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`cannot reach ${baseUrl}${path}: ${cause}`);
  }
  const text = await response.text();
  const ms = Math.round(performance.now() - started);
  let json;
  let parsed = true;
  try {
    json = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = false;
  }
  return { response, text, json, parsed, ms };
}

export async function smoke({ baseUrl, email, password }, print = console.log) {
  const { module: structs } = await runnerImport(join(repo, 'src/api/structs.ts'));
  let failed = 0;
  const line = (method, path, result, verdict) => {
    print(
      `${`${method} ${path}`.padEnd(16)} ${String(result.response.status).padEnd(4)} ${`${result.ms} ms`.padStart(7)}  ${verdict}`,
    );
  };
  const check = (method, path, result, struct) => {
    if (!result.parsed) {
      const type = result.response.headers.get('content-type') ?? 'no content type';
      line(method, path, result, `not JSON (${type}): ${result.text.slice(0, 60).replace(/\s+/g, ' ')}`);
      failed += 1;
      return false;
    }
    if (!result.response.ok) {
      line(
        method,
        path,
        result,
        `refused: ${result.json?.reason ?? result.json?.message ?? result.response.statusText}`,
      );
      failed += 1;
      return false;
    }
    const why = struct ? misfit(struct, result.json) : null;
    line(method, path, result, why ? `does not fit: ${why}` : 'fits');
    if (why) failed += 1;
    return !why;
  };

  const login = await call(baseUrl, 'POST', '/login', { body: { email, password, language: 'en' } });
  if (!check('POST', '/login', login, structs.LoginAnswer)) {
    throw new Error(
      login.parsed
        ? `the login was refused (${login.response.status})`
        : 'the login answered with something that is not JSON',
    );
  }
  if (login.json.is_active === false) throw new Error(`the account ${email} is not active yet`);
  const cookie = login.response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  for (const [path, struct] of [
    ['/me', structs.UserStruct],
    ['/company', structs.CompanyStruct],
    ['/status', structs.StatusListAnswer],
    ['/licences', structs.CatalogueAnswer],
  ]) {
    check('GET', path, await call(baseUrl, 'GET', path, { cookie }), struct);
  }
  const logout = await call(baseUrl, 'GET', '/logout', { cookie });
  // SPEC §7: status done or HTTP 401 both mean logged out.
  if (logout.response.status === 401) line('GET', '/logout', logout, 'fits (401: logged out)');
  else check('GET', '/logout', logout, structs.StatusAnswer);
  return failed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const failed = await smoke(parseArguments(process.argv.slice(2)));
    if (failed > 0) {
      console.error(`smoke: ${failed} answer(s) do not fit the portal`);
      process.exit(1);
    }
    console.log('smoke: every answer fits the portal');
  } catch (error) {
    console.error(`smoke: ${error instanceof Error ? error.message : error}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
