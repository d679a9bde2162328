import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '../../src/api/error';

describe('the one error of every API call', () => {
  it('names itself and says its kind, status and reason in its message (for the error reports)', () => {
    const error = new ApiError('http', { status: 503, reason: 'Down' });
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('http 503: Down');
    expect(new ApiError('http', { status: 404 }).message).toBe('http 404');
    expect(new ApiError('network').message).toBe('network');
    expect(new ApiError('invalid-answer', { reason: 'x' }).message).toBe('invalid-answer: x');
  });

  it('keeps what caused it', () => {
    const cause = new TypeError('Failed to fetch');
    expect(new ApiError('network', { cause }).cause).toBe(cause);
  });

  it('is unauthorized only as an HTTP 401', () => {
    expect(new ApiError('http', { status: 401 }).isUnauthorized).toBe(true);
    expect(new ApiError('http', { status: 403 }).isUnauthorized).toBe(false);
    expect(new ApiError('invalid-answer', { status: 401 }).isUnauthorized).toBe(false);
    expect(new ApiError('network').isUnauthorized).toBe(false);
  });

  it('is told apart from any other error', () => {
    expect(isApiError(new ApiError('timeout'))).toBe(true);
    expect(isApiError(new Error('http 500'))).toBe(false);
    expect(isApiError({ name: 'ApiError', kind: 'http' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
