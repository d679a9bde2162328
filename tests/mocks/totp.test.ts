/**
 * The mock's authenticator codes (src/mocks/v1-1/totp.ts): RFC 6238's own test vectors, one step
 * of drift, and each code taken once.
 */
import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { checkCode, codeAt, newTotpSecret, stepAt, totpUri } from '../../src/mocks/v1-1/totp';

/** RFC 6238, Appendix B: the seeds of the three algorithms (ASCII), as Base32. */
const seeds = {
  SHA1: Secret.fromLatin1('12345678901234567890').base32,
  SHA256: Secret.fromLatin1('12345678901234567890123456789012').base32,
  SHA512: Secret.fromLatin1('1234567890123456789012345678901234567890123456789012345678901234').base32,
} as const;

/** RFC 6238, Appendix B: time (s) → the eight-digit TOTP of SHA-1, SHA-256 and SHA-512. */
const vectors: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('the mock’s authenticator codes', () => {
  it.each(vectors)('are those of RFC 6238’s Appendix B at %i s', (seconds, sha1, sha256, sha512) => {
    const at = seconds * 1000;
    const eight = { digits: 8, period: 30 };
    expect(codeAt(seeds.SHA1, at, { algorithm: 'SHA1', ...eight })).toBe(sha1);
    expect(codeAt(seeds.SHA256, at, { algorithm: 'SHA256', ...eight })).toBe(sha256);
    expect(codeAt(seeds.SHA512, at, { algorithm: 'SHA512', ...eight })).toBe(sha512);
  });

  it('take the code of the step before and after the present one, and no other', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    for (const [offset, accepted] of [
      [-60_000, false],
      [-30_000, true],
      [0, true],
      [30_000, true],
      [60_000, false],
    ] as const) {
      expect(checkCode(secret, codeAt(secret, now + offset), now, null).accepted, `${offset} ms`).toBe(accepted);
    }
  });

  it('take a code once: the same code, or one of an earlier step, is refused as used', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const first = checkCode(secret, codeAt(secret, now), now, null);
    expect(first).toEqual({ accepted: true, step: stepAt(now) });
    const lastStep = first.accepted ? first.step : null;
    expect(checkCode(secret, codeAt(secret, now), now + 5_000, lastStep)).toEqual({ accepted: false, why: 'used' });
    expect(checkCode(secret, codeAt(secret, now - 30_000), now, lastStep)).toEqual({ accepted: false, why: 'used' });
    expect(checkCode(secret, codeAt(secret, now + 30_000), now + 30_000, lastStep)).toEqual({
      accepted: true,
      step: stepAt(now) + 1,
    });
  });

  it('refuse what is not six digits, and read a code typed with spaces', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = codeAt(secret, now);
    expect(checkCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null).accepted).toBe(true);
    for (const typed of ['', '12345', '1234567', 'abcdef', `${code}0`]) {
      expect(checkCode(secret, typed, now, null), typed).toEqual({ accepted: false, why: 'wrong' });
    }
  });

  it('make a new 160-bit secret each time, and an address an app can read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = new URL(totpUri(secret, 'kunde@firma.de'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Cloud Backup Portal:kunde@firma.de');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Cloud Backup Portal',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
