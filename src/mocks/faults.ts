/**
 * Fault injection and latency for developers and browser tests. Every handler is built with
 * `route(call, resolver)`, which waits the base latency, then applies the first fault set on
 * that call (matched by method and route pattern through the call key), then resolves.
 */
import { delay, http, HttpResponse } from 'msw';
import { config } from '../config';
import { apiVersion, v11Base } from './api-version';
import { emitMockChange } from './changes';
import { callRoute, isMutatingCall, type MockCall } from './calls';
import { notLoggedIn, refuse } from './respond';
import { clearSessionCookie, endSession, type Cookies } from './session';
import { requestLanguage } from './language';
import type { Language } from '../domain/constants';
import { SLOW_FAULT_MS, type FaultKind } from './fault-kinds';
import { problem } from './v1-1/problems';

export { faultKinds, isFaultKind, SLOW_FAULT_MS, type FaultKind } from './fault-kinds';

export interface Fault {
  call: MockCall;
  kind: FaultKind;
  /** How many more calls it hits; null until `clearFaults()`. */
  remaining: number | null;
  /** A slow fault only: how many milliseconds it waits before the call answers. */
  ms?: number;
}

export interface FaultOptions {
  /** Hit only the next `times` calls; every call until `clearFaults()` without it. */
  times?: number;
  /** A slow fault only: wait this many milliseconds instead of SLOW_FAULT_MS. */
  ms?: number;
}

/** Base latency: a fixed number of milliseconds or a random range. */
export type Latency = number | { min: number; max: number };

let faults: Fault[] = [];
let latency: Latency = 0;

export function addFault(call: MockCall, kind: FaultKind, options: FaultOptions = {}): void {
  const { times, ms } = options;
  if (times !== undefined && (!Number.isInteger(times) || times < 1)) {
    throw new RangeError('A fault must apply at least once.');
  }
  if (ms !== undefined && kind !== 'slow') {
    throw new RangeError('Only a slow fault waits a chosen time.');
  }
  if (ms !== undefined && (!Number.isFinite(ms) || ms <= 0)) {
    throw new RangeError('A slow fault must wait a positive number of milliseconds.');
  }
  const fault: Fault = { call, kind, remaining: times ?? null };
  faults = [...faults, kind === 'slow' ? { ...fault, ms: ms ?? SLOW_FAULT_MS } : fault];
}

export function clearFaults(): void {
  faults = [];
}

export function listFaults(): readonly Fault[] {
  return faults;
}

export function setLatency(next: Latency): void {
  const values = typeof next === 'number' ? [next] : [next.min, next.max];
  if (values.some((value) => !Number.isFinite(value) || value < 0)) {
    throw new RangeError('Latency must be zero or more milliseconds.');
  }
  latency = next;
}

export function getLatency(): Latency {
  return latency;
}

function latencyMs(): number {
  if (typeof latency === 'number') return latency;
  return Math.round(latency.min + Math.random() * (latency.max - latency.min));
}

/** Takes the first fault on a call, counting down faults that apply a number of times. */
function takeFault(call: MockCall): Fault | null {
  const fault = faults.find((candidate) => candidate.call === call);
  if (!fault) return null;
  if (fault.remaining !== null) {
    const remaining = fault.remaining - 1;
    faults =
      remaining > 0
        ? faults.map((candidate) => (candidate === fault ? { ...fault, remaining } : candidate))
        : faults.filter((candidate) => candidate !== fault);
  }
  return fault;
}

/** Calls whose client does not read the answer's body (src/api: `answer: null`). */
const bodylessCalls: readonly MockCall[] = [
  'GET /product/pbs/{datastoreIdentifier}/{productId}',
  'POST /contact',
  'POST /language',
  'GET /notifications/{true|false}',
  'GET /contract/cancel',
  'GET /datastore/cancel/{name}',
  'v1.1 POST /register/company',
  'v1.1 POST /edit/company',
  'v1.1 POST /logout',
  'v1.1 POST /forgotpassword',
  'v1.1 POST /changepassword',
  'v1.1 POST /licence/order',
  'v1.1 POST /contact',
  'v1.1 PUT /language',
  'v1.1 PUT /notifications',
];

/**
 * A 200 answer that breaks the contract. JSON calls get a JSON string where an object or list belongs, which fails
 * every answer struct. Body-less calls succeed on any 2xx, so theirs is an HTML page from a
 * misconfigured proxy: the client cannot tell, and the call's effect does not happen
 * (docs/decisions/002).
 */
function malformedAnswer(call: MockCall): Response {
  if (bodylessCalls.includes(call)) {
    return new HttpResponse('<!doctype html><title>Maintenance</title><p>Back soon.</p>', {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    });
  }
  // Not an object at all: the portal reads answers tolerantly (an object with none of the expected
  // fields can be a valid empty company or catalogue), but no answer of the contract is a string.
  return HttpResponse.json('This answer does not follow the v1 contract.');
}

export interface CallInfo {
  request: Request;
  params: Record<string, string>;
  cookies: Cookies;
  /** The request's language: its refusals and mails are in it (decision 039). */
  language: Language;
}

export type CallResolver = (info: CallInfo) => Response | Promise<Response>;

function textParams(params: Record<string, string | readonly string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** The MSW handler of one call of the v1 API (or of v1.1 beside it), with latency and faults applied. */
export function route(call: MockCall, resolver: CallResolver) {
  const { version, method, path } = callRoute(call);
  const v1Base = config.apiBaseUrl.replace(/\/$/, '');
  const url = `${version === 'v1.1' ? v11Base(v1Base) : v1Base}${path}`;
  const register = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete }[method];
  return register(url, async ({ request, params, cookies }) => {
    const language = requestLanguage(request);
    const wait = latencyMs();
    if (wait > 0) await delay(wait);
    // A server that knows only v1 has no such path (what this mock's HTTP server answers then).
    if (version === 'v1.1' && apiVersion() !== 'v1.1') {
      return HttpResponse.json({ status: 'error', reason: 'Not found' }, { status: 404 });
    }
    const fault = takeFault(call);
    switch (fault?.kind) {
      case 'http500':
        // A crashed server: no `reason` or `message`, so the portal shows its general message in
        // the page's language. A 5xx that explains itself is a test's own `server.use` override
        // (docs/decisions/017).
        return HttpResponse.json({ status: 'error' }, { status: 500 });
      case 'http401': {
        // A real expiry: the session is gone, not only this one answer.
        endSession(cookies);
        emitMockChange();
        if (version === 'v1.1') {
          const ended = problem('session-ended', language);
          ended.headers.append('Set-Cookie', clearSessionCookie);
          return ended;
        }
        return notLoggedIn(language, { 'Set-Cookie': clearSessionCookie });
      }
      case 'network':
        return HttpResponse.error();
      case 'timeout':
        // Never settles; the client aborts on its own timeout. The return only satisfies the type.
        await delay('infinite');
        return refuse(400, 'Unreachable.');
      case 'malformed':
        return malformedAnswer(call);
      case 'slow':
        await delay(fault.ms ?? SLOW_FAULT_MS);
        break;
      case undefined:
        break;
    }
    const response = await resolver({ request, params: textParams(params), cookies, language });
    if (isMutatingCall(call)) emitMockChange();
    return response;
  });
}
