/**
 * Which API the mock speaks (issue 43): "v1" is a server that knows only SPEC's v1 (every v1.1
 * path answers 404, as such a server does), "v1.1" also answers the proposal of
 * contracts/v1.1.openapi.yaml under the v1.1 base. The same database answers both. The HTTP mock
 * of the production journeys takes `MOCK_API_VERSION`.
 *
 * The mock answers every call of v1.1, the event stream included, so every mock starts in "v1.1"
 * (development, the demo, the tests, the HTTP mock); a test, the operator panel or
 * `MOCK_API_VERSION=v1` makes it a server that knows only v1.
 */
import { isOneOf } from '../domain/one-of';

export const mockApiVersions = ['v1', 'v1.1'] as const;
export type MockApiVersion = (typeof mockApiVersions)[number];

export function isMockApiVersion(value: unknown): value is MockApiVersion {
  return typeof value === 'string' && isOneOf(mockApiVersions, value);
}

/** What a mock speaks unless told otherwise. */
export const defaultApiVersion: MockApiVersion = 'v1.1';

let current: MockApiVersion = defaultApiVersion;

export function setApiVersion(version: MockApiVersion): void {
  if (!isMockApiVersion(version)) throw new TypeError(`Unknown API version "${String(version)}".`);
  current = version;
}

export function apiVersion(): MockApiVersion {
  return current;
}

/**
 * The base of v1.1 beside the v1 base the portal is configured with: `/api/v1` → `/api/v1.1`
 * (docs/api-v1.1.md: everything new lives under `/api/v1.1`).
 */
export function v11Base(v1Base: string): string {
  return `${v1Base.replace(/\/$/, '')}.1`;
}
