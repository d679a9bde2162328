import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactIban, formatIban, formatIbanAt, IBAN_MAX_LENGTH, isValidIban, maskIban } from '../../src/domain/iban';
import { isValidIban as mockIsValidIban } from '../../src/mocks/rules';

/** Whatever a customer may type or paste: letters of both cases, digits, spaces and other marks. */
const typed = fc.string({ unit: fc.constantFrom(...'abcdeDEFGXYZ0123456789 -./äß\t'.split('')), maxLength: 60 });

/** Builds a valid IBAN for a country from any account digits by computing its mod-97 check digits. */
function withCheckDigits(country: string, bban: string): string {
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

const germanIban = fc
  .string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 18, maxLength: 18 })
  .map((bban) => withCheckDigits('DE', bban));

describe('IBAN formatting (SPEC §5)', () => {
  it('keeps only capitals and digits, in blocks of four separated by single spaces', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const formatted = formatIban(value);
        expect(formatted).toMatch(/^([0-9A-Z]{4} )*[0-9A-Z]{0,4}$/);
        expect(compactIban(formatted)).toBe(compactIban(value));
      }),
    );
  });

  it('formats an IBAN typed in lower case with spaces', () => {
    expect(formatIban('de89 3704 0044 0532 0130 00')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(compactIban(' de89-3704.0044 0532 0130 00 ')).toBe('DE89370400440532013000');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(typed, (value) => {
        expect(formatIban(formatIban(value))).toBe(formatIban(value));
      }),
    );
  });

  it('masks all but the last four characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('•••• •••• •••• •••• ••30 00');
    expect(maskIban('de12')).toBe('DE12');
    fc.assert(
      fc.property(typed, (value) => {
        const compact = compactIban(value);
        const masked = maskIban(value).replace(/ /g, '');
        expect(masked.length).toBe(compact.length);
        expect(masked.slice(-4)).toBe(compact.slice(-4));
      }),
    );
  });
});

describe('live formatting with the caret', () => {
  it('keeps the caret after the character it followed, wherever the customer types', () => {
    fc.assert(
      fc.property(typed, fc.nat(), (value, position) => {
        const caret = position % (value.length + 1);
        const result = formatIbanAt(value, caret);
        expect(result.value).toBe(formatIban(compactIban(value).slice(0, IBAN_MAX_LENGTH)));
        expect(result.caret).toBeGreaterThanOrEqual(0);
        expect(result.caret).toBeLessThanOrEqual(result.value.length);
        const keptBefore = Math.min(compactIban(value.slice(0, caret)).length, IBAN_MAX_LENGTH);
        expect(compactIban(result.value.slice(0, result.caret))).toBe(compactIban(value).slice(0, keptBefore));
      }),
    );
  });

  it('puts the caret after the new space when a block of four is full and more follows', () => {
    // Typing "9" before "3" in "DE8|3": the fourth character fills the block.
    expect(formatIbanAt('DE893', 4)).toEqual({ value: 'DE89 3', caret: 5 });
    // Typing the fourth character at the end: no trailing space.
    expect(formatIbanAt('DE89', 4)).toEqual({ value: 'DE89', caret: 4 });
    // Typing the fifth character at the end.
    expect(formatIbanAt('DE893', 5)).toEqual({ value: 'DE89 3', caret: 6 });
  });

  it('keeps the caret where a character was inserted in the middle', () => {
    // "DE89 3704 0044" with an "x" typed after "37": caret after "x".
    expect(formatIbanAt('DE89 37x04 0044', 8)).toEqual({ value: 'DE89 37X0 4004 4', caret: 8 });
  });

  it('keeps the caret in place when a refused character is typed', () => {
    expect(formatIbanAt('DE89 -3704', 6)).toEqual({ value: 'DE89 3704', caret: 5 });
  });

  it('deletes the character before a block space when Backspace removed only the space', () => {
    // "DE89 3704 0044" with Backspace just after the first space: the "9" goes, not the space.
    expect(formatIbanAt('DE893704 0044', 4, { previous: 'DE89 3704 0044', direction: 'backward' })).toEqual({
      value: 'DE83 7040 044',
      caret: 3,
    });
  });

  it('deletes the character after a block space when Delete removed only the space', () => {
    expect(formatIbanAt('DE893704 0044', 4, { previous: 'DE89 3704 0044', direction: 'forward' })).toEqual({
      value: 'DE89 7040 044',
      caret: 5,
    });
  });

  it('removes exactly the character before the caret for Backspace anywhere, a separator meaning the one before it', () => {
    fc.assert(
      fc.property(typed, fc.nat(), (raw, position) => {
        const previous = formatIban(compactIban(raw).slice(0, IBAN_MAX_LENGTH));
        const caret = position % (previous.length + 1);
        if (caret === 0) return;
        // What the browser does on Backspace: the character before the caret is gone.
        const removedAt = caret - 1;
        const value = previous.slice(0, removedAt) + previous.slice(caret);
        const result = formatIbanAt(value, removedAt, { previous, direction: 'backward' });
        // Independent of the implementation: which character of the compact IBAN was meant.
        const before = compactIban(previous.slice(0, removedAt)).length;
        const meant = previous[removedAt] === ' ' ? before - 1 : before;
        const compact = compactIban(previous);
        expect(compactIban(result.value)).toBe(compact.slice(0, meant) + compact.slice(meant + 1));
        expect(compactIban(result.value.slice(0, result.caret))).toBe(compact.slice(0, meant));
      }),
    );
  });

  it('keeps every character of a paste over the whole IBAN, though it has no spaces', () => {
    const previous = 'DE89 3704 0044 0532 0130 00';
    expect(formatIbanAt('DE89370400440532013000', 22)).toEqual({ value: previous, caret: previous.length });
  });

  it('cuts a paste to the longest IBAN', () => {
    const long = 'A'.repeat(50);
    const result = formatIbanAt(long, 50);
    expect(compactIban(result.value)).toHaveLength(IBAN_MAX_LENGTH);
    expect(result.caret).toBe(result.value.length);
  });
});

describe('IBAN validation', () => {
  it('accepts valid IBANs of SEPA countries, in any case and with spaces', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'de89370400440532013000',
      'FR14 2004 1010 0505 0001 3M02 606',
      'LU28 0019 4006 4475 0000',
      'AT61 1904 3002 3457 3201',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('refuses a wrong checksum, a wrong length for the country, an unknown country and a non-SEPA country', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130 000')).toBe(false);
    expect(isValidIban('XX89 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('BR18 0036 0305 0000 1000 9795 493C 1')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('accepts every German IBAN with correct check digits, as the mock API does', () => {
    fc.assert(
      fc.property(germanIban, (iban) => {
        expect(isValidIban(iban)).toBe(true);
        expect(isValidIban(formatIban(iban).toLowerCase())).toBe(true);
        expect(mockIsValidIban(iban)).toBe(true);
      }),
    );
  });

  it('refuses any single changed digit of a valid IBAN', () => {
    fc.assert(
      fc.property(germanIban, fc.integer({ min: 2, max: 21 }), fc.integer({ min: 1, max: 9 }), (iban, index, delta) => {
        const digit = (Number(iban[index]) + delta) % 10;
        const changed = `${iban.slice(0, index)}${digit}${iban.slice(index + 1)}`;
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });
});
