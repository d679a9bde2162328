/**
 * The mock v1 API as a real HTTP server on loopback, from the very handlers the browser and the
 * tests use: the production build behind nginx runs against it (the production journeys, the
 * benchmark), as it would against the provider's server.
 *
 * Beside the API, `/__mock/…` lets a test or a script do what the operator panel does (nginx
 * does not proxy it; it is reached on the server's own port):
 *   POST /__mock/reset              the seed again, no faults
 *   POST /__mock/activate {email}   activates a registered account
 *   GET  /__mock/outbox             the mails sent so far, oldest first
 *   POST /__mock/fault              {call, kind, times?, ms?}: a fault on one call of the API, as
 *                                   `fault()` of the controls sets it (`ms`: how long a `slow`
 *                                   fault waits); answers {faults}, or 400 with a reason for an
 *                                   unknown call or kind or a bad number
 *   POST /__mock/api-version        {version}: "v1" (every v1.1 path answers 404) or "v1.1", until
 *                                   the next reset; answers {version}
 *   POST /__mock/protect            {email}: an authenticator and ten recovery codes for the account
 *                                   (issue 44); answers {secret, recoveryCodes}
 *   POST /__mock/require-second-factor {email, required?}: the provider requires a factor (or not)
 *   POST /__mock/expire-login-tickets {email}: ends the account's logins waiting for a second step
 *   POST /__mock/stale-sign-ins {email}: the account's sessions ask for a fresh sign-in before a risky change
 *   POST /__mock/fill-datastore {name, percent?}: a fixed-volume datastore filled to 85 % (or percent) now
 *   POST /__mock/fail-verification {name}: a verification of the datastore runs now and fails
 *   POST /__mock/skip-backups {name, nights?}: the datastore had no backup in the last 2 (or nights) nights
 *   POST /__mock/drop-event-streams: ends every open GET /events as a broken connection would ({dropped})
 *   POST /__mock/provider-state     {state, params, action}: a provider state of the consumer
 *                                   contract (Pact's state-change call); answers the values the
 *                                   state chose ({email, name, …}) and {session?}
 *
 * `createMockApiHandler` is the same thing as a Node request handler: `npm run dev` mounts it
 * on Vite's server, so that the dev server's mock answers over HTTP too (vite.config.ts).
 *
 * It starts from the default seed, or from the one named by `seed` or the environment variable
 * MOCK_SEED (`second`, decision 030); reset and the provider states go back to that seed. It speaks
 * the API named by `apiVersion` or MOCK_API_VERSION ("v1" or "v1.1", src/mocks/api-version.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getResponse } from 'msw';
import { isMockApiVersion, type MockApiVersion } from '../../src/mocks/api-version';
import { isMockCall } from '../../src/mocks/calls';
import { createMockControls, type MockControls } from '../../src/mocks/controls';
import { isFaultKind } from '../../src/mocks/faults';
import { handlers } from '../../src/mocks/handlers';
import { seedNameFrom, type SeedName } from '../../src/mocks/seed-scenarios';
import { setUpProviderState } from './provider-states';

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toRequest(incoming: IncomingMessage, body: Buffer, origin: string, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const withBody = body.length > 0 && incoming.method !== 'GET' && incoming.method !== 'HEAD';
  return new Request(new URL(incoming.url ?? '/', origin), {
    method: incoming.method,
    headers,
    body: withBody ? new Uint8Array(body) : undefined,
    signal,
  });
}

function json(outgoing: ServerResponse, status: number, value: unknown) {
  outgoing.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
}

function readJson(body: Buffer): Record<string, unknown> {
  const value: unknown = JSON.parse(body.toString('utf8') || '{}');
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function refuse(outgoing: ServerResponse, reason: string) {
  json(outgoing, 400, { status: 'error', reason });
}

/** Answers what `act` returns, or 400 with the reason it throws. */
function attempt(outgoing: ServerResponse, act: () => unknown) {
  try {
    json(outgoing, 200, act() ?? { status: 'done' });
  } catch (error) {
    refuse(outgoing, error instanceof Error ? error.message : String(error));
  }
}

/** The operator's changes to a datastore's schedule (issue 45). */
const scheduleControls: Record<string, (controls: MockControls, fields: Record<string, unknown>) => unknown> = {
  '/__mock/fill-datastore': (controls, { name, percent }) => ({
    used_bytes: controls.fillDatastore(String(name), percent === undefined ? undefined : Number(percent)),
  }),
  '/__mock/fail-verification': (controls, { name }) => controls.failVerification(String(name)),
  '/__mock/skip-backups': (controls, { name, nights }) =>
    controls.skipBackups(String(name), nights === undefined ? undefined : Number(nights)),
  '/__mock/drop-event-streams': (controls) => ({ dropped: controls.dropEventStreams() }),
};

/** `POST /__mock/fault`: what the controls' `fault()` does, with its refusals answered as 400. */
function setFault(controls: MockControls, body: Buffer, outgoing: ServerResponse) {
  let fields: Record<string, unknown>;
  try {
    fields = readJson(body);
  } catch {
    refuse(outgoing, 'The body is not JSON.');
    return;
  }
  const { call, kind, times, ms } = fields;
  if (typeof call !== 'string' || !isMockCall(call)) return refuse(outgoing, `Unknown call "${String(call)}".`);
  if (typeof kind !== 'string' || !isFaultKind(kind)) return refuse(outgoing, `Unknown fault kind "${String(kind)}".`);
  if (times !== undefined && typeof times !== 'number') return refuse(outgoing, 'times must be a number.');
  if (ms !== undefined && typeof ms !== 'number') return refuse(outgoing, 'ms must be a number.');
  try {
    controls.fault(call, kind, { ...(times === undefined ? {} : { times }), ...(ms === undefined ? {} : { ms }) });
  } catch (error) {
    refuse(outgoing, error instanceof Error ? error.message : String(error));
    return;
  }
  json(outgoing, 200, { faults: controls.faults() });
}

/** The operator's actions, for tests and scripts. */
function control(controls: MockControls, method: string, path: string, body: Buffer, outgoing: ServerResponse) {
  if (method === 'POST' && path === '/__mock/provider-state') {
    const { state, params, action } = readJson(body);
    if (action === 'teardown') {
      json(outgoing, 200, {});
      return;
    }
    try {
      const paramsObject = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
      json(outgoing, 200, setUpProviderState(controls, String(state), paramsObject));
    } catch (error) {
      json(outgoing, 400, { status: 'error', reason: error instanceof Error ? error.message : String(error) });
    }
  } else if (method === 'POST' && path === '/__mock/reset') {
    controls.reset();
    json(outgoing, 200, { status: 'done' });
  } else if (method === 'POST' && path === '/__mock/activate') {
    const { email } = readJson(body);
    json(outgoing, 200, { activated: typeof email === 'string' && controls.activate(email) });
  } else if (method === 'POST' && path === '/__mock/protect') {
    const { email } = readJson(body);
    controls
      .protectWithAuthenticator(String(email))
      .then((protection) => json(outgoing, 200, protection))
      .catch((error: unknown) => refuse(outgoing, error instanceof Error ? error.message : String(error)));
  } else if (method === 'POST' && path === '/__mock/require-second-factor') {
    const { email, required } = readJson(body);
    attempt(outgoing, () => {
      controls.requireSecondFactor(String(email), required !== false);
      return { required: required !== false };
    });
  } else if (method === 'POST' && path === '/__mock/expire-login-tickets') {
    const { email } = readJson(body);
    attempt(outgoing, () => controls.expireLoginTickets(String(email)));
  } else if (method === 'POST' && path === '/__mock/stale-sign-ins') {
    const { email } = readJson(body);
    attempt(outgoing, () => controls.staleSignIns(String(email)));
  } else if (method === 'POST' && Object.hasOwn(scheduleControls, path)) {
    const act = scheduleControls[path];
    const fields = readJson(body);
    if (act) attempt(outgoing, () => act(controls, fields));
  } else if (method === 'GET' && path === '/__mock/outbox') {
    json(outgoing, 200, controls.outbox());
  } else if (method === 'POST' && path === '/__mock/fault') {
    setFault(controls, body, outgoing);
  } else if (method === 'POST' && path === '/__mock/api-version') {
    const { version } = readJson(body);
    if (!isMockApiVersion(version)) return refuse(outgoing, `Unknown API version "${String(version)}".`);
    controls.setApiVersion(version);
    json(outgoing, 200, { version: controls.apiVersion() });
  } else {
    json(outgoing, 404, { status: 'error', reason: 'No such mock control' });
  }
}

export interface MockApiServer {
  server: Server;
  controls: MockControls;
  url: string;
  close: () => Promise<void>;
}

interface MockApiOptions {
  /** The seed scenario; MOCK_SEED or the default when not given. */
  seed?: SeedName;
  /** The API it speaks, "v1" or "v1.1"; MOCK_API_VERSION or the mock's default when not given. */
  apiVersion?: MockApiVersion;
}

/** MOCK_API_VERSION, checked: an unknown value is a mistake of whoever started the server. */
function apiVersionFromEnvironment(): MockApiVersion | undefined {
  const value = process.env.MOCK_API_VERSION;
  if (value === undefined || value === '') return undefined;
  if (!isMockApiVersion(value)) throw new Error(`MOCK_API_VERSION must be v1 or v1.1, not "${value}".`);
  return value;
}

type MockApiHandler = ((incoming: IncomingMessage, outgoing: ServerResponse) => void) & { controls: MockControls };

/**
 * The mock v1 API and its controls as a Node request handler, on a database of its own.
 * @public Loaded by name through Vite (`ssrLoadModule` in vite.config.ts), which knip cannot follow.
 */
export function createMockApiHandler(origin: string, options: MockApiOptions = {}): MockApiHandler {
  const controls = createMockControls({
    latency: 0,
    seed: options.seed ?? seedNameFrom(process.env.MOCK_SEED),
    apiVersion: options.apiVersion ?? apiVersionFromEnvironment(),
  });
  controls.reset();
  const handle = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    void (async () => {
      const body = await readBody(incoming);
      const path = new URL(incoming.url ?? '/', origin).pathname;
      if (path.startsWith('/__mock/')) {
        control(controls, incoming.method ?? 'GET', path, body, outgoing);
        return;
      }
      // A client that goes away aborts its request: the event stream (v1.1 GET /events) then ends.
      const gone = new AbortController();
      outgoing.on('close', () => gone.abort());
      const response = await getResponse(handlers, toRequest(incoming, body, origin, gone.signal), { baseUrl: origin });
      if (!response) {
        json(outgoing, 404, { status: 'error', reason: 'Not found' });
        return;
      }
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
      });
      outgoing.writeHead(response.status, headers);
      // Streamed as it comes, so that an event stream's events reach the client one by one.
      const reader = response.body?.getReader();
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
        outgoing.write(chunk.value);
      }
      outgoing.end();
    })().catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
      outgoing.end(String(error));
    });
  };
  return Object.assign(handle, { controls });
}

export async function startApiServer(port: number, options: MockApiOptions = {}): Promise<MockApiServer> {
  const origin = `http://127.0.0.1:${port}`;
  const handler = createMockApiHandler(origin, options);
  const { controls } = handler;
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { server, controls, url: origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
