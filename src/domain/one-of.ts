/**
 * Whether a value is one of a list of literals (a country, a language, an error code), narrowing
 * it to their type: `includes` on a readonly tuple only takes its own members.
 */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return values.some((candidate) => candidate === value);
}
