import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import { errorForAudience, isUnanswered, publicCallError, userErrorFrom } from '../../src/machines/user-error';

describe('what the customer reads of a failure (SPEC §8, decision 017)', () => {
  // The reasons here are as the API client hands them on: already plain (tests/domain/plain-text.test.ts).
  it.each([
    [
      'a 4xx with a reason shows the reason',
      new ApiError('http', { status: 409, reason: 'The name is taken.' }),
      { key: 'server', reason: 'The name is taken.' },
    ],
    [
      'a refusal inside a 200 answer shows its reason',
      new ApiError('http', { status: 200, reason: 'Unknown token' }),
      { key: 'server', reason: 'Unknown token' },
    ],
    ['a 4xx without a reason shows the general message', new ApiError('http', { status: 400 }), { key: 'general' }],
    [
      'a 5xx with a reason shows the reason',
      new ApiError('http', { status: 503, reason: 'Wartungsarbeiten bis 14 Uhr' }),
      { key: 'server', reason: 'Wartungsarbeiten bis 14 Uhr' },
    ],
    [
      'a 500 with an English reason shows it on any page, as the server wrote it',
      new ApiError('http', { status: 500, reason: 'Internal server error' }),
      { key: 'server', reason: 'Internal server error' },
    ],
    ['a 5xx without a reason shows the general message', new ApiError('http', { status: 500 }), { key: 'general' }],
    [
      'a 401 ends the session, whatever its reason',
      new ApiError('http', { status: 401, reason: 'Not logged in' }),
      { key: 'sessionExpired' },
    ],
    [
      'a 429 of the rate limit, which gives no reason and no Retry-After, says to wait a minute (decision 031)',
      new ApiError('http', { status: 429 }),
      { key: 'tooManyRequests', waitSeconds: 60 },
    ],
    [
      'a 429 with a Retry-After says to wait that long (decision 044)',
      new ApiError('http', { status: 429, retryAfterSeconds: 20 }),
      { key: 'tooManyRequests', waitSeconds: 20 },
    ],
    [
      "a 429 of the API with a reason says too many attempts in the portal's words, never a generic error (decision 044)",
      new ApiError('http', { status: 429, reason: 'Try again in 5 minutes.' }),
      { key: 'tooManyRequests', waitSeconds: 60 },
    ],
    [
      'a 429 asking for more than an hour is believed for an hour',
      new ApiError('http', { status: 429, retryAfterSeconds: 86_400 }),
      { key: 'tooManyRequests', waitSeconds: 3600 },
    ],
    ['a network failure has its own message', new ApiError('network'), { key: 'network' }],
    ['a client timeout has its own message', new ApiError('timeout'), { key: 'timeout' }],
    [
      'a malformed answer has its own message',
      new ApiError('invalid-answer', { status: 200 }),
      { key: 'invalidAnswer' },
    ],
    ['anything that is no ApiError shows the general message', new Error('bug'), { key: 'general' }],
    [
      'a payload the client refused to send shows the general message',
      new ApiError('invalid-request'),
      { key: 'general' },
    ],
  ])('%s', (_name, error, expected) => {
    expect(userErrorFrom(error)).toEqual(expected);
  });

  it('keeps a visitor\'s public call from reading "your session has ended"', () => {
    expect(publicCallError(new ApiError('http', { status: 401 }))).toEqual({ key: 'general' });
    expect(errorForAudience(userErrorFrom(new ApiError('http', { status: 401 })), false)).toEqual({ key: 'general' });
    expect(errorForAudience(userErrorFrom(new ApiError('http', { status: 503, reason: 'Down' })), false)).toEqual({
      key: 'server',
      reason: 'Down',
    });
  });

  it("leaves a customer's error line empty on a 401, because the login dialog says that the session ended", () => {
    expect(errorForAudience(userErrorFrom(new ApiError('http', { status: 401 })), true)).toBeNull();
    expect(errorForAudience({ key: 'network' }, true)).toEqual({ key: 'network' });
    expect(errorForAudience(null, true)).toBeNull();
  });
});

describe('a call without an answer (decision 026)', () => {
  it.each([
    ['a dropped connection', new ApiError('network'), true],
    ['a timeout', new ApiError('timeout'), true],
    ['a gateway that gave up', new ApiError('http', { status: 502 }), true],
    ['a gateway timeout', new ApiError('http', { status: 504 }), true],
    ['a server error', new ApiError('http', { status: 500 }), false],
    ['an unavailable server', new ApiError('http', { status: 503 }), false],
    ['a refusal', new ApiError('http', { status: 409 }), false],
    ['an aborted call', new ApiError('aborted'), false],
    ['a malformed answer', new ApiError('invalid-answer', { status: 200 }), false],
    ['anything else', new Error('bug'), false],
  ])('%s is unanswered: %s', (_name, error, unanswered) => {
    expect(isUnanswered(error)).toBe(unanswered);
  });
});
