/**
 * The 17 calls of the v1 API (SPEC §7), named the way the spec's table names them. Faults are
 * keyed by these names, and each handler is registered under one of them, so a fault on
 * 'GET /status' hits exactly the handler of that route.
 */
import { isOneOf } from '../domain/one-of';

export const mockCalls = [
  'POST /register/company',
  'POST /edit/company',
  'POST /login',
  'POST /forgotpassword',
  'POST /changepassword',
  'GET /me',
  'GET /company',
  'GET /status',
  'GET /product/pbs/{datastoreIdentifier}/{productId}',
  'POST /contact',
  'GET /licences',
  'POST /licence/order',
  'POST /language',
  'GET /notifications/{true|false}',
  'GET /contract/cancel',
  'GET /datastore/cancel/{name}',
  'GET /logout',
] as const;

/**
 * The calls of the v1.1 proposal the mock answers so far (contracts/v1.1.openapi.yaml), named
 * "v1.1 METHOD /path" below the v1.1 base; a mock in "v1" mode answers each with 404
 * (src/mocks/api-version.ts).
 */
export const mockCallsV11 = [
  'v1.1 GET /capabilities',
  'v1.1 POST /register/company',
  'v1.1 POST /login',
  'v1.1 POST /login/second-factor',
  'v1.1 POST /login/passkey/options',
  'v1.1 POST /login/passkey',
  'v1.1 POST /forgotpassword',
  'v1.1 POST /changepassword',
  'v1.1 GET /me',
  'v1.1 POST /logout',
  'v1.1 GET /company',
  'v1.1 POST /edit/company',
  'v1.1 POST /contract/cancellation',
  'v1.1 GET /datastores',
  'v1.1 GET /datastores/{name}',
  'v1.1 GET /datastores/{name}/usage',
  'v1.1 GET /datastores/{name}/health',
  'v1.1 GET /backup-health',
  'v1.1 GET /alerts',
  'v1.1 GET /alert-rules',
  'v1.1 PUT /alert-rules',
  'v1.1 POST /datastores',
  'v1.1 GET /operations/{id}',
  'v1.1 GET /events',
  'v1.1 POST /datastores/{name}/cancellation',
  'v1.1 GET /licences',
  'v1.1 POST /licence/order',
  'v1.1 POST /contact',
  'v1.1 PUT /language',
  'v1.1 PUT /notifications',
  'v1.1 GET /account/security',
  'v1.1 POST /account/totp',
  'v1.1 POST /account/totp/{id}/confirm',
  'v1.1 DELETE /account/factors/{id}',
  'v1.1 POST /account/recovery-codes',
  'v1.1 POST /account/passkeys/options',
  'v1.1 POST /account/passkeys',
  'v1.1 POST /account/reauth/options',
  'v1.1 POST /account/reauth',
  'v1.1 GET /account/sessions',
  'v1.1 DELETE /account/sessions/{id}',
  'v1.1 DELETE /account/sessions',
] as const;

export type MockCall = (typeof mockCalls)[number] | (typeof mockCallsV11)[number];

export function isMockCall(value: string): value is MockCall {
  return isOneOf(mockCalls, value) || isOneOf(mockCallsV11, value);
}

export interface CallRoute {
  /** Which API the call belongs to: its base is the v1 base or the v1.1 base beside it. */
  version: 'v1' | 'v1.1';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** MSW path pattern below the API base, e.g. `/datastore/cancel/:name`. */
  path: string;
}

/** The route pattern of a call: `{name}` becomes `:name`, `{true|false}` becomes `:flag`. */
export function callRoute(call: MockCall): CallRoute {
  const words = call.split(' ');
  const version = words[0] === 'v1.1' ? 'v1.1' : 'v1';
  const [verb, template = ''] = version === 'v1.1' ? words.slice(1) : words;
  const method = verb === 'POST' || verb === 'PUT' || verb === 'DELETE' ? verb : 'GET';
  const path = template.replace('{true|false}', ':flag').replace(/\{([A-Za-z]+)\}/g, ':$1');
  return { version, method, path };
}

/** Calls that only read; every other call changes the mock database (used for persistence). */
const readOnlyCalls: readonly MockCall[] = [
  'GET /me',
  'GET /company',
  'GET /status',
  'GET /licences',
  'v1.1 GET /capabilities',
  'v1.1 GET /me',
  'v1.1 GET /company',
  'v1.1 GET /datastores',
  'v1.1 GET /datastores/{name}',
  'v1.1 GET /datastores/{name}/usage',
  'v1.1 GET /datastores/{name}/health',
  'v1.1 GET /backup-health',
  'v1.1 GET /alerts',
  'v1.1 GET /alert-rules',
  'v1.1 GET /operations/{id}',
  'v1.1 GET /licences',
];

export function isMutatingCall(call: MockCall): boolean {
  return !readOnlyCalls.includes(call);
}
