/**
 * Property-based tests of the field rules and formatters (SPEC §5, §9) against independent
 * oracles written without the implementation's regular expressions; thousands of cases each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cpuCount,
  datastoreIdentifier,
  isDatastoreIdentifier,
  isEmail,
  isPostcode,
  meetsPasswordPolicy,
  passwordChecks,
  volume,
} from '../../src/domain/fields';
import type { CpuChoice } from '../../src/domain/constants';
import { licenceTotal } from '../../src/domain/licence-order';
import { formatEur, volumeInGb, volumePriceEur } from '../../src/domain/prices';
import { propertyRuns } from '../support/property-runs';

// Cases per property: tests/setup/common.ts (the full count in CI).
const runs = { numRuns: propertyRuns };

const isAsciiLetterOrDigit = (char: string) => {
  const code = char.charCodeAt(0);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
};

describe('the datastore identifier rule (1 to 8 letters and digits)', () => {
  it('agrees with a character-by-character oracle on any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12, unit: 'binary' }), (value) => {
        const oracle =
          value.length >= 1 &&
          value.length <= 8 &&
          [...value].every((char) => char.length === 1 && isAsciiLetterOrDigit(char));
        expect(isDatastoreIdentifier(value)).toBe(oracle);
        expect(datastoreIdentifier.is(value)).toBe(oracle);
      }),
      runs,
    );
  });

  it('accepts every identifier built from letters and digits of length 1 to 8', () => {
    const char = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    fc.assert(
      fc.property(
        fc.array(char, { minLength: 1, maxLength: 8 }).map((chars) => chars.join('')),
        (value) => {
          expect(isDatastoreIdentifier(value)).toBe(true);
        },
      ),
      runs,
    );
  });
});

describe('the password policy (more than 15 characters, lower and upper case, a digit)', () => {
  const alphabet = fc.constantFrom(...'abcxyzäöüßABCXYZÄÖÜ0123456789 -_!?.#€'.split(''));
  it('agrees with an oracle built on case mapping and character codes', () => {
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 24 }).map((chars) => chars.join('')),
        (value) => {
          const chars = [...value];
          const lower = chars.some((char) => char.toLowerCase() === char && char.toUpperCase() !== char);
          const upper = chars.some((char) => char.toUpperCase() === char && char.toLowerCase() !== char);
          const digit = chars.some((char) => char >= '0' && char <= '9');
          expect(passwordChecks(value)).toEqual({ length: chars.length > 15, lower, upper, digit });
          expect(meetsPasswordPolicy(value)).toBe(chars.length > 15 && lower && upper && digit);
        },
      ),
      runs,
    );
  });
});

describe('the email rule', () => {
  it('accepts generated valid addresses', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((value) => value.length <= 254),
        (value) => {
          expect(isEmail(value)).toBe(true);
        },
      ),
      runs,
    );
  });

  it('refuses anything without exactly one @ or with white space inside', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const parts = value.split('@');
        const oracleMayPass =
          parts.length === 2 && !/\s/.test(value.trim()) && parts[0] !== '' && (parts[1] ?? '').includes('.');
        if (!oracleMayPass) expect(isEmail(value)).toBe(false);
      }),
      runs,
    );
  });

  it('agrees with an oracle built by splitting at @ and dots, on strings made of the tricky characters', () => {
    const isBlank = (char: string) => char.trim() === '';
    const solid = (part: string) => part.length > 0 && ![...part].some(isBlank);
    const tricky = fc.string({ unit: fc.constantFrom(...'ab.@ \tä-_+x1'.split('')), maxLength: 24 });
    fc.assert(
      fc.property(tricky, (value) => {
        const [local, domain, ...more] = value.trim().split('@');
        const labels = (domain ?? '').split('.');
        const oracle =
          value.length <= 254 &&
          more.length === 0 &&
          local !== undefined &&
          solid(local) &&
          labels.length >= 2 &&
          labels.every(solid);
        expect(isEmail(value)).toBe(oracle);
      }),
      runs,
    );
  });
});

describe('the postcode rule', () => {
  const digits = (text: string) => [...text].every((char) => char >= '0' && char <= '9');
  it('agrees with an oracle per country', () => {
    const candidate = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer({ min: 0, max: 999999 }).map(String),
      fc.integer({ min: 0, max: 9999 }).map((code) => `L-${String(code).padStart(4, '0')}`),
    );
    fc.assert(
      fc.property(candidate, fc.constantFrom('DE', 'FR', 'LUX'), (value, country) => {
        const trimmed = value.trim();
        const lux = trimmed.toUpperCase().startsWith('L-')
          ? trimmed.slice(2)
          : trimmed.toUpperCase().startsWith('L')
            ? trimmed.slice(1)
            : trimmed;
        const oracle = country === 'LUX' ? lux.length === 4 && digits(lux) : trimmed.length === 5 && digits(trimmed);
        expect(isPostcode(value, country)).toBe(oracle);
      }),
      runs,
    );
  });
});

describe('the CPU choice and the volume slider', () => {
  it('accepts only 1, 2 or 4 CPUs', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -10, max: 10 }), fc.double()), (value) => {
        expect(cpuCount.is(value)).toBe(value === 1 || value === 2 || value === 4);
      }),
      runs,
    );
  });

  it('accepts whole terabytes from 1 to 20 only', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -5, max: 30 }), fc.double({ min: -5, max: 30 })), (value) => {
        expect(volume.is(value)).toBe(Number.isInteger(value) && value >= 1 && value <= 20);
      }),
      runs,
    );
  });
});

describe('prices', () => {
  it('charge 20 EUR per TB and show 1 TB as 1000 GB', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (tb) => {
        expect(volumePriceEur(tb)).toBe(tb * 20);
        expect(volumeInGb(tb)).toBe(tb * 1000);
      }),
      runs,
    );
  });

  it('make the licence total the catalogue price of the chosen CPU count, never a product', () => {
    const price = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(price, price, price, fc.constantFrom<CpuChoice>(1, 2, 4), (one, two, four, cpus) => {
        const licence = { price_1_cpu: one, price_2_cpu: two, price_4_cpu: four };
        const byName: Record<string, number> = { ...licence };
        expect(licenceTotal(licence, cpus)).toBe(byName[`price_${cpus}_cpu`]);
      }),
      runs,
    );
  });

  it('format any amount in German EUR notation that reads back to the amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const text = formatEur(cents / 100);
        expect(text).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
        const back = Number(
          text
            .replace(/\u00a0€$/, '')
            .replace(/\./g, '')
            .replace(',', '.'),
        );
        expect(Math.round(back * 100)).toBe(cents);
      }),
      runs,
    );
  });
});
