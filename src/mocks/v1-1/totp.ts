/**
 * Authenticator codes in the mock (issue 44, decision 058): TOTP by RFC 6238 with `otpauth`, as
 * the v1.1 description promises a server checks them: HMAC-SHA-1, six digits, 30-second steps, one
 * step of drift either way, and each code taken once (RFC 6238 §5.2: a step at or before the last
 * one accepted for the factor is refused, so a code seen over a shoulder cannot be replayed).
 */
import { Secret, TOTP } from 'otpauth';

/** What the mock's authenticators use, as most apps expect (Google Authenticator's defaults). */
const totpSettings = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** One step of drift either way (RFC 6238 §5.2 recommends at most one). */
const drift = 1;

/** The issuer an app shows beside the account. */
const totpIssuer = 'Cloud Backup Portal';

interface CodeSettings {
  algorithm: 'SHA1' | 'SHA256' | 'SHA512';
  digits: number;
  period: number;
}

function totpOf(secret: string, settings: CodeSettings = totpSettings, label = 'OTPAuth'): TOTP {
  return new TOTP({ issuer: totpIssuer, label, secret: Secret.fromBase32(secret), ...settings });
}

/** A new secret, Base32, of 160 bits (RFC 4226 §4: the length of SHA-1's output). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an app reads from the QR code. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, totpSettings, email).toString();
}

/** The code of `secret` at `timestamp` (epoch milliseconds). */
export function codeAt(secret: string, timestamp: number, settings: CodeSettings = totpSettings): string {
  return totpOf(secret, settings).generate({ timestamp });
}

/** The step (RFC 6238's T) of a moment. */
export function stepAt(timestamp: number, period: number = totpSettings.period): number {
  return Math.floor(timestamp / 1000 / period);
}

export type CodeVerdict = { accepted: true; step: number } | { accepted: false; why: 'wrong' | 'used' };

/**
 * Checks a code typed at `now` against a factor whose last accepted step is `lastStep` (null before
 * its first code). Accepted, the caller stores the returned step as the factor's last.
 */
export function checkCode(secret: string, code: string, now: number, lastStep: number | null): CodeVerdict {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return { accepted: false, why: 'wrong' };
  const delta = totpOf(secret).validate({ token: typed, timestamp: now, window: drift });
  if (delta === null) return { accepted: false, why: 'wrong' };
  const step = stepAt(now) + delta;
  if (lastStep !== null && step <= lastStep) return { accepted: false, why: 'used' };
  return { accepted: true, step };
}
