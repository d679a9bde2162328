import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client';
import {
  errorForAudience,
  plainReason,
  publicCallError,
  REASON_MAX_LENGTH,
  userErrorFrom,
} from '../../src/machines/user-error';

describe('what the customer reads of a failure (SPEC §8, decision 017)', () => {
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
      'a 5xx whose reason is only whitespace shows the general message',
      new ApiError('http', { status: 502, reason: ' \n\t ' }),
      { key: 'general' },
    ],
    [
      'a 5xx whose reason is only HTML tags shows the general message',
      new ApiError('http', { status: 500, reason: '<p> <br/> </p>' }),
      { key: 'general' },
    ],
    [
      'a 5xx whose reason is only control characters shows the general message',
      new ApiError('http', { status: 500, reason: '\u0000\u0007\u001b' }),
      { key: 'general' },
    ],
    [
      'a 5xx reason with markup shows its text',
      new ApiError('http', { status: 503, reason: '<b>Wartung</b> bis 14 Uhr' }),
      { key: 'server', reason: 'Wartung bis 14 Uhr' },
    ],
    [
      'a 4xx reason with markup shows its text',
      new ApiError('http', { status: 422, reason: '<em>IBAN</em>  is\ninvalid' }),
      { key: 'server', reason: 'IBAN is invalid' },
    ],
    [
      'a 401 ends the session, whatever its reason',
      new ApiError('http', { status: 401, reason: 'Not logged in' }),
      { key: 'sessionExpired' },
    ],
    ['a network failure has its own message', new ApiError('network'), { key: 'network' }],
    ['a client timeout has its own message', new ApiError('timeout'), { key: 'timeout' }],
    [
      'a malformed answer has its own message',
      new ApiError('invalid-answer', { status: 200 }),
      { key: 'invalidAnswer' },
    ],
    ['anything that is no ApiError shows the general message', new Error('bug'), { key: 'general' }],
  ])('%s', (_name, error, expected) => {
    expect(userErrorFrom(error)).toEqual(expected);
  });

  it('cuts a 1000-character 5xx reason to 300 characters ending with an ellipsis', () => {
    const error = userErrorFrom(new ApiError('http', { status: 500, reason: 'x'.repeat(1000) }));
    expect(error.key).toBe('server');
    expect(error.reason).toHaveLength(REASON_MAX_LENGTH);
    expect(error.reason).toBe(`${'x'.repeat(299)}…`);
  });

  it('cuts a long 4xx reason the same way', () => {
    expect(userErrorFrom(new ApiError('http', { status: 400, reason: 'y'.repeat(301) })).reason).toBe(
      `${'y'.repeat(299)}…`,
    );
  });

  it('keeps a visitor\'s public call from reading "your session has ended"', () => {
    expect(publicCallError(new ApiError('http', { status: 401 }))).toEqual({ key: 'general' });
    expect(errorForAudience(userErrorFrom(new ApiError('http', { status: 401 })), false)).toEqual({ key: 'general' });
    expect(errorForAudience(userErrorFrom(new ApiError('http', { status: 503, reason: 'Down' })), false)).toEqual({
      key: 'server',
      reason: 'Down',
    });
  });
});

describe('a server text made plain', () => {
  it.each([
    ['keeps plain text as it is', 'The name is taken.', 'The name is taken.'],
    ['removes tags and keeps their text', '<b>Wartung</b> bis 14 Uhr', 'Wartung bis 14 Uhr'],
    ['keeps words apart across block tags', 'Line one<br>line two</p><p>three', 'Line one line two three'],
    ['keeps a word whole across inline tags', 'Wart<i>ung</i>', 'Wartung'],
    [
      'drops scripts and styles with their content',
      '<style>p{color:red}</style>Down<script>alert(1)</script> now',
      'Down now',
    ],
    ['drops comments', 'Down<!-- node 7 --> now', 'Down now'],
    ['keeps a "<" that opens no tag', 'a < b and size <5', 'a < b and size <5'],
    ['turns control characters into spaces', 'Down\u0000now\r\nand\u0085later\u001b[31m', 'Down now and later [31m'],
    ['removes bidi overrides', 'abc\u202Edef\u2069', 'abc def'],
    ['collapses whitespace and trims', '  Down \t\t for\u00a0 maintenance \n', 'Down for maintenance'],
  ])('%s', (_name, text, expected) => {
    expect(plainReason(text)).toBe(expected);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty text', ''],
    ['only whitespace', ' \n\u00a0\t'],
    ['only tags', '<div><span></span></div>'],
    ['only controls', '\u0001\u0002'],
  ])('is null for %s', (_name, text) => {
    expect(plainReason(text)).toBeNull();
  });

  it('keeps a text of exactly 300 characters whole', () => {
    expect(plainReason('z'.repeat(300))).toBe('z'.repeat(300));
  });

  it('counts characters after the scrub, not before', () => {
    expect(plainReason(`<b>${'z'.repeat(300)}</b>`)).toBe('z'.repeat(300));
  });

  it('cuts on a character boundary, never inside an emoji or an accented letter', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const accented = 'e\u0301';
    const cut = plainReason(`${'a'.repeat(298)}${family}${accented}${'b'.repeat(50)}`);
    expect(cut).toBe(`${'a'.repeat(298)}${family}…`);
    expect(cut?.endsWith('\u200D…')).toBe(false);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(plainReason(`${'w'.repeat(298)} ${'v'.repeat(10)}`)).toBe(`${'w'.repeat(298)}…`);
  });

  it('reads a huge text in bounded time and still cuts it', () => {
    const cut = plainReason('<!--'.repeat(50_000) + 'x'.repeat(100_000));
    expect(cut).not.toBeNull();
    expect(Array.from(cut ?? '').length).toBeLessThanOrEqual(REASON_MAX_LENGTH);
  });
});
