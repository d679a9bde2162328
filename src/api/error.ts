/** The one error every API call throws (CONVENTIONS: one typed shape, always thrown). */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'invalid-answer' | 'invalid-request' | 'aborted';

// The fields are `declare`d and set in the constructor: no class field definitions in the bundle that
// every first visit loads.
export class ApiError extends Error {
  override readonly name = 'ApiError';
  declare readonly kind: ApiErrorKind;
  /** HTTP status, when the server answered. */
  declare readonly status: number | undefined;
  /**
   * The server's `reason` or `message` text, when it gave a readable one (SPEC §8), made plain by
   * the client (`plainReason`: no markup, no control characters, at most 300 characters).
   */
  declare readonly reason: string | undefined;
  /**
   * How long the server asks the client to wait before it tries again, in whole seconds: its
   * `Retry-After` header (seconds or an HTTP date), when it sent one that could be read.
   */
  declare readonly retryAfterSeconds: number | undefined;
  /**
   * The refusal's kind when a v1.1 server named it (RFC 9457 `type`, its last path segment, such as
   * `company-incomplete`); v1 names none (docs/api-v1.1.md, "Problem details").
   */
  declare readonly problem: string | undefined;

  constructor(
    kind: ApiErrorKind,
    options: { status?: number; reason?: string; retryAfterSeconds?: number; problem?: string; cause?: unknown } = {},
  ) {
    super(`${kind}${options.status ? ` ${options.status}` : ''}${options.reason ? `: ${options.reason}` : ''}`, {
      cause: options.cause,
    });
    this.kind = kind;
    this.status = options.status;
    this.reason = options.reason;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.problem = options.problem;
  }

  get isUnauthorized(): boolean {
    return this.kind === 'http' && this.status === 401;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
