/**
 * The mock's fault kinds and the slow fault's wait. Apart from src/mocks/faults.ts, which needs
 * Vite, so that the browser tests and the mock API server read the same list.
 */
import { isOneOf } from '../domain/one-of';

export const faultKinds = ['http500', 'http401', 'network', 'timeout', 'malformed', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];

export function isFaultKind(value: string): value is FaultKind {
  return isOneOf(faultKinds, value);
}

/** How long a slow fault waits before the call answers, unless the fault names its own wait. */
export const SLOW_FAULT_MS = 3000;
