#!/usr/bin/env node
/**
 * Verifies one of the portal's consumer contracts against a server: Pact's verifier replays every
 * interaction and checks each answer against it.
 *
 *   npm run contract -- verify --provider-base-url URL [--state-change-url URL] [--pact FILE]
 *
 * --pact               the contract: contracts/backup-portal-v1-api.json (v1, the default) or
 *                      contracts/backup-portal-v1.1-api.json (v1.1, for a server that offers it)
 * --provider-base-url  where the API's paths (/api/v1/…, /api/v1.1/…) are served, e.g. https://staging.example.com
 * --state-change-url   the provider's state-change endpoint: before each interaction it gets
 *                      POST {"state": "...", "params": {...}, "action": "setup"} and answers JSON
 *                      with the values the state chose ({"email": …, "name": …}), which Pact puts
 *                      into the interaction's request where it says `fromProviderState`; an answer
 *                      {"session": "name=value"} is sent as the Cookie of the interaction's request
 *                      (the states that name a logged-in customer need one). Without it the
 *                      interactions run against the server as it is, with the contract's example
 *                      values.
 *
 * Exits 0 when every interaction holds, 1 when one does not or the server cannot be reached,
 * 2 on a wrong command line; every error is one line.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repo = new URL('../..', import.meta.url).pathname;
export const defaultPact = join(repo, 'contracts/backup-portal-v1-api.json');

class UsageError extends Error {}

function parseUrl(value, name) {
  if (!value || value.startsWith('--')) throw new UsageError(`${name} URL is required`);
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name} must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${name} must be an http(s) URL, not "${value}"`);
  return url.href.replace(/\/$/, '');
}

export function parseArguments(args) {
  const known = new Set(['--provider-base-url', '--state-change-url', '--pact']);
  for (const arg of args) if (arg.startsWith('--') && !known.has(arg)) throw new UsageError(`unknown option ${arg}`);
  const value = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  if (!args.includes('--provider-base-url')) throw new UsageError('--provider-base-url URL is required');
  return {
    providerBaseUrl: parseUrl(value('--provider-base-url'), '--provider-base-url'),
    stateChangeUrl: args.includes('--state-change-url')
      ? parseUrl(value('--state-change-url'), '--state-change-url')
      : undefined,
    pactFile: value('--pact') ?? defaultPact,
  };
}

/** The provider states the contract names, each once. */
export function statesOf(pact) {
  const names = new Set();
  for (const interaction of pact.interactions ?? []) {
    for (const state of interaction.providerStates ?? []) names.add(state.name);
  }
  return [...names];
}

/** Throws a one-line error when nothing answers at the address. */
async function reachable(url) {
  try {
    await fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`cannot reach ${url}: ${cause}`);
  }
}

/**
 * Calls the state-change endpoint; returns its JSON answer: the values the interaction's request
 * takes from the provider state (Pact's `fromProviderState`) and the session cookie, if any.
 */
async function changeState(stateChangeUrl, state, params) {
  const response = await fetch(stateChangeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ state, params: params ?? {}, action: 'setup' }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let answer;
  try {
    answer = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new Error(
      `the state change for "${state}" answered ${response.status} with something that is not JSON: ${text.slice(0, 80).replace(/\s+/g, ' ')}`,
    );
  }
  if (!response.ok)
    throw new Error(
      `the state change for "${state}" answered ${response.status}: ${answer.reason ?? text.slice(0, 80)}`,
    );
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) ? answer : {};
}

/** One line out of the verifier's failure: how many interactions failed, and the first mismatch. */
export function summary(error, pact) {
  const text = error instanceof Error ? error.message : String(error);
  try {
    const report = JSON.parse(text);
    const errors = report.errors ?? [];
    const first = errors[0];
    const mismatch = first?.mismatch?.mismatches?.[0]?.mismatch ?? first?.mismatch?.message ?? 'see the report above';
    const name = (first?.interaction ?? '').replace(/^Verifying a pact between .+? and .+? /, '');
    return `${errors.length} of ${pact.interactions?.length ?? '?'} interactions fail; first: ${name}: ${mismatch}`;
  } catch {
    return text.split('\n')[0];
  }
}

/**
 * Verifies the pact against the provider. Resolves with the number of provider states and of
 * interactions when every interaction holds; rejects with a one-line Error otherwise.
 */
export async function verifyContract({ providerBaseUrl, stateChangeUrl, pactFile = defaultPact, logLevel = 'warn' }) {
  let pact;
  try {
    pact = JSON.parse(readFileSync(pactFile, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the contract ${pactFile}: ${error instanceof Error ? error.message : error}`);
  }
  await reachable(providerBaseUrl);
  if (stateChangeUrl) await reachable(stateChangeUrl);
  const { Verifier } = await import('@pact-foundation/pact');
  let session = null;
  let stateError = null;
  const stateHandlers = Object.fromEntries(
    statesOf(pact).map((state) => [
      state,
      async (params) => {
        session = null;
        // Without a state change, the consumer's example params are all the request can use.
        if (!stateChangeUrl) return { ...params };
        let answer;
        try {
          answer = await changeState(stateChangeUrl, state, params);
        } catch (error) {
          stateError ??= error instanceof Error ? error.message : String(error);
          throw error;
        }
        if (typeof answer.session === 'string') session = answer.session;
        // Pact's convention: the state change's answer is merged into the params, and the
        // request's `fromProviderState` expressions (${name}, ${email}, …) are filled from it.
        return { ...params, ...answer };
      },
    ]),
  );
  const verifier = new Verifier({
    provider: pact.provider?.name ?? 'v1-api',
    providerBaseUrl,
    pactUrls: [pactFile],
    stateHandlers,
    requestFilter: (request, _response, next) => {
      if (session) request.headers.cookie = session;
      next();
    },
    logLevel,
  });
  try {
    await verifier.verifyProvider();
  } catch (error) {
    throw new Error(`the server does not keep the contract: ${stateError ?? summary(error, pact)}`);
  }
  return { states: statesOf(pact).length, interactions: pact.interactions?.length ?? 0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const options = parseArguments(process.argv.slice(2));
    await verifyContract(options);
    console.log(
      `contract:verify: ${options.providerBaseUrl} keeps the contract ${options.pactFile.replace(`${repo}`, '')}`,
    );
  } catch (error) {
    console.error(`contract:verify: ${error instanceof Error ? error.message : error}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}
