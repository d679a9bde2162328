/**
 * The field rules at their boundaries (SPEC §5): the first and the last value each rule accepts,
 * the first one it refuses, and the error code the forms translate.
 */
import { describe, expect, it } from 'vitest';
import { object, refine, string, type Struct } from 'superstruct';
import {
  country,
  cpuCount,
  datastoreIdentifier,
  email,
  fieldErrors,
  isEmail,
  isPostcode,
  loginPassword,
  password,
  postcode,
  text,
  volume,
  type FieldErrorCode,
} from '../../src/domain/fields';

/** The error code of one value under one rule, or null when the rule accepts it. */
const codeOf = <T>(rule: Struct<T, null>, value: unknown) =>
  fieldErrors<'value'>(object({ value: rule }), { value }).value ?? null;

describe('a text field', () => {
  it('accepts up to its maximum and refuses one character more', () => {
    expect(codeOf(text({ max: 5 }), 'abcde')).toBeNull();
    expect(codeOf(text({ max: 5 }), 'abcdef')).toBe('tooLong');
  });

  it('allows 200 characters unless told otherwise', () => {
    expect(codeOf(text(), 'x'.repeat(200))).toBeNull();
    expect(codeOf(text(), 'x'.repeat(201))).toBe('tooLong');
  });

  it('may be left empty unless it is required, and a blank required one is missing', () => {
    expect(codeOf(text(), '')).toBeNull();
    expect(codeOf(text({ required: true }), '')).toBe('required');
    expect(codeOf(text({ required: true }), ' \t ')).toBe('required');
    expect(codeOf(text({ required: true }), ' a ')).toBeNull();
  });

  it('takes a login password of up to 1000 characters, and requires one', () => {
    expect(codeOf(loginPassword, '')).toBe('required');
    expect(codeOf(loginPassword, 'p'.repeat(1000))).toBeNull();
    expect(codeOf(loginPassword, 'p'.repeat(1001))).toBe('tooLong');
  });

  it('takes a postcode of up to 10 characters, and requires one', () => {
    expect(codeOf(postcode, ' ')).toBe('required');
    expect(codeOf(postcode, '1234567890')).toBeNull();
    expect(codeOf(postcode, '12345678901')).toBe('tooLong');
  });
});

describe('the email field', () => {
  it('asks for an address when it is blank', () => {
    expect(codeOf(email, '')).toBe('required');
    expect(codeOf(email, '   ')).toBe('required');
  });

  it('accepts an address and refuses a text without a domain', () => {
    expect(codeOf(email, 'erika@example.com')).toBeNull();
    expect(codeOf(email, 'erika@example')).toBe('email');
    expect(codeOf(email, 'erika')).toBe('email');
  });

  it('accepts an address of 254 characters and refuses one of 255', () => {
    const domain = '@example.com';
    expect(isEmail('a'.repeat(254 - domain.length) + domain)).toBe(true);
    expect(isEmail('a'.repeat(255 - domain.length) + domain)).toBe(false);
  });

  it('refuses white space or a second address before or after the address', () => {
    expect(isEmail('erika mustermann@example.com')).toBe(false);
    expect(isEmail('erika@example.com other')).toBe(false);
    expect(isEmail('erika@example.com.')).toBe(false);
  });
});

describe('the new password field (more than 15 characters, lower and upper case, a digit)', () => {
  it('asks for a password when it is empty', () => {
    expect(codeOf(password, '')).toBe('required');
  });

  it('accepts 16 characters with all kinds and refuses 15', () => {
    expect(codeOf(password, 'Abcdefghijklmn15')).toBeNull();
    expect(codeOf(password, 'Abcdefghijklm15')).toBe('passwordPolicy');
  });

  it('refuses a long password without a digit, a capital or a small letter', () => {
    expect(codeOf(password, 'Abcdefghijklmnopq')).toBe('passwordPolicy');
    expect(codeOf(password, 'abcdefghijklmnop1')).toBe('passwordPolicy');
    expect(codeOf(password, 'ABCDEFGHIJKLMNOP1')).toBe('passwordPolicy');
  });

  it('refuses more than 200 characters, however good they are', () => {
    const good = 'Aa1'.repeat(67);
    expect(codeOf(password, good.slice(0, 200))).toBeNull();
    expect(codeOf(password, `${good.slice(0, 200)}x`)).toBe('tooLong');
  });
});

describe('the country field (SPEC §9: Germany, France, Luxembourg)', () => {
  it('accepts DE, FR and LUX only', () => {
    for (const code of ['DE', 'FR', 'LUX']) expect(codeOf(country, code)).toBeNull();
    for (const code of ['AT', 'de', 'LU', '', 'DEU']) expect(codeOf(country, code)).toBe('country');
  });
});

describe('the postcode of a country', () => {
  it('takes five digits in Germany and France and four, with or without L-, in Luxembourg', () => {
    expect(isPostcode('10115', 'DE')).toBe(true);
    expect(isPostcode(' 75001 ', 'FR')).toBe(true);
    expect(isPostcode('1011', 'DE')).toBe(false);
    expect(isPostcode('L-1234', 'LUX')).toBe(true);
    expect(isPostcode('l1234', 'LUX')).toBe(true);
    expect(isPostcode('1234', 'LUX')).toBe(true);
    expect(isPostcode('L--1234', 'LUX')).toBe(false);
    expect(isPostcode('12345', 'LUX')).toBe(false);
  });

  it('takes any non-blank postcode for a country without a pattern', () => {
    expect(isPostcode(' A-1 ', 'XX')).toBe(true);
    expect(isPostcode('  ', 'XX')).toBe(false);
  });
});

describe('the numbers of a purchase and an order', () => {
  it('accepts whole terabytes from 1 to 20', () => {
    expect(codeOf(volume, 1)).toBeNull();
    expect(codeOf(volume, 20)).toBeNull();
    for (const value of [0, 21, 1.5, -1]) expect(codeOf(volume, value)).toBe('volume');
  });

  it('accepts 1, 2 or 4 CPUs only', () => {
    for (const value of [1, 2, 4]) expect(codeOf(cpuCount, value)).toBeNull();
    for (const value of [0, 3, 8]) expect(codeOf(cpuCount, value)).toBe('cpu');
  });

  it('asks for a datastore identifier when it is empty and refuses a wrong one', () => {
    expect(codeOf(datastoreIdentifier, '')).toBe('required');
    expect(codeOf(datastoreIdentifier, 'ab-c')).toBe('identifier');
    expect(codeOf(datastoreIdentifier, 'abc12345')).toBeNull();
  });
});

describe('the errors of a form', () => {
  const codes: FieldErrorCode[] = [
    'required',
    'email',
    'passwordPolicy',
    'passwordMismatch',
    'identifier',
    'postcode',
    'iban',
    'mandate',
    'country',
    'volume',
    'cpu',
    'tooLong',
    'invalid',
  ];

  it.each(codes)('hands the code %s through as it is', (code) => {
    expect(
      codeOf(
        refine(string(), 'any', () => code),
        'x',
      ),
    ).toBe(code);
  });

  it('names any other failure "invalid", such as a value of the wrong type', () => {
    expect(
      codeOf(
        refine(string(), 'any', () => 'no such code'),
        'x',
      ),
    ).toBe('invalid');
    expect(codeOf(text(), 42)).toBe('invalid');
  });

  it('keeps the first failure of each field and one entry per field', () => {
    const rules = object({ name: text({ required: true }), mail: email });
    expect(fieldErrors(rules, { name: '', mail: 'x' })).toEqual({ name: 'required', mail: 'email' });
    expect(fieldErrors(rules, { name: 'Erika', mail: 'erika@example.com' })).toEqual({});
  });
});
