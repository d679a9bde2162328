/**
 * Declares a type in `setup({ types })`: XState reads only the types of those fields, never their
 * values (https://stately.ai/docs/typescript; XState v6 has the same helper as `types<T>()`).
 * `context: typeOf<LoginContext>()` says so once, instead of an assertion per field.
 */
// Stryker disable next-line BlockStatement: the value is never read, only its type
export function typeOf<T>(): T {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a type-only marker: XState never reads the value.
  return {} as T;
}
