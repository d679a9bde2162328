import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../src/api/retry-after';

const now = Date.parse('2026-11-27T08:00:00Z');

describe('the Retry-After header (decision 044)', () => {
  it.each([
    ['seconds', '30', 30],
    ['seconds with spaces', ' 120 ', 120],
    ['zero seconds', '0', 0],
    ['an HTTP date 90 seconds ahead', 'Fri, 27 Nov 2026 08:01:30 GMT', 90],
    ['an HTTP date with a part of a second, rounded up', new Date(now + 1_500).toUTCString(), 1],
    ['an HTTP date in the past', 'Fri, 27 Nov 2026 07:00:00 GMT', 0],
  ])('reads %s', (_name, value, expected) => {
    expect(retryAfterSeconds(value, now)).toBe(expected);
  });

  it.each([
    ['no header', null],
    ['a negative number', '-5'],
    ['a fraction', '1.5'],
    ['text', 'soon'],
    ['a date that is no HTTP date', '2026-11-27'],
    ['an HTTP date that cannot be read', 'Fri, 99 Nov 2026 99:00:00 GMT'],
  ])('counts %s as not sent', (_name, value) => {
    expect(retryAfterSeconds(value, now)).toBeUndefined();
  });
});
