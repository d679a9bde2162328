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

export type MockCall = (typeof mockCalls)[number];

export function isMockCall(value: string): value is MockCall {
  return isOneOf(mockCalls, value);
}

export interface CallRoute {
  method: 'GET' | 'POST';
  /** MSW path pattern below the API base, e.g. `/datastore/cancel/:name`. */
  path: string;
}

/** The route pattern of a call: `{name}` becomes `:name`, `{true|false}` becomes `:flag`. */
export function callRoute(call: MockCall): CallRoute {
  const [verb, template = ''] = call.split(' ');
  const method = verb === 'POST' ? 'POST' : 'GET';
  const path = template.replace('{true|false}', ':flag').replace(/\{([A-Za-z]+)\}/g, ':$1');
  return { method, path };
}

/** Calls that only read; every other call changes the mock database (used for persistence). */
const readOnlyCalls: readonly MockCall[] = ['GET /me', 'GET /company', 'GET /status', 'GET /licences'];

export function isMutatingCall(call: MockCall): boolean {
  return !readOnlyCalls.includes(call);
}
