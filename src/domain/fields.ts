/**
 * Field rules shared by the forms, the machines and the mock API (SPEC §5). Each rule is a
 * superstruct struct whose failure message is a stable error code; views turn codes into
 * translated text (see `src/views/shared/field-error.tsx`), the mock answers with them.
 */
import { boolean, number, refine, string, type Struct } from 'superstruct';
import { business } from '../domain/constants';
import { isOneOf } from './one-of';

export type FieldErrorCode =
  | 'required'
  | 'email'
  | 'passwordPolicy'
  | 'passwordMismatch'
  | 'identifier'
  | 'postcode'
  | 'iban'
  | 'mandate'
  | 'country'
  | 'volume'
  | 'cpu'
  | 'tooLong'
  | 'terms'
  | 'invalid';

const fieldErrorCodes: readonly FieldErrorCode[] = [
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
  'terms',
  // Stryker disable next-line StringLiteral: a message outside this list is read as 'invalid' anyway
  'invalid',
];

const MAX_TEXT = 200;

/** Any text; `required` when blank, `tooLong` past `max` characters. */
export function text(options: { required?: boolean; max?: number } = {}): Struct<string, null> {
  const { required = false, max = MAX_TEXT } = options;
  // Stryker disable next-line StringLiteral: a rule's name is never read; a failure is read by its message, the error code
  return refine(string(), 'text', (value) => {
    if (required && value.trim() === '') return 'required';
    if (value.length > max) return 'tooLong';
    return true;
  });
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value.trim());
}

// Stryker disable next-line StringLiteral: a rule's name is never read; a failure is read by its message, the error code
export const email = refine(string(), 'email', (value) => {
  if (value.trim() === '') return 'required';
  return isEmail(value) || 'email';
});

/** SPEC §5: longer than 15 characters, lower and upper case letters and at least one number. */
const PASSWORD_MIN_LENGTH = 16;

export interface PasswordChecks {
  length: boolean;
  lower: boolean;
  upper: boolean;
  digit: boolean;
}

export function passwordChecks(value: string): PasswordChecks {
  return {
    length: [...value].length >= PASSWORD_MIN_LENGTH,
    lower: /\p{Ll}/u.test(value),
    upper: /\p{Lu}/u.test(value),
    digit: /\p{Nd}/u.test(value),
  };
}

export function meetsPasswordPolicy(value: string): boolean {
  const checks = passwordChecks(value);
  return checks.length && checks.lower && checks.upper && checks.digit;
}

// Stryker disable next-line StringLiteral: a rule's name is never read; a failure is read by its message, the error code
export const password = refine(string(), 'password', (value) => {
  if (value === '') return 'required';
  if (value.length > MAX_TEXT) return 'tooLong';
  return meetsPasswordPolicy(value) || 'passwordPolicy';
});

/** A password on the login form: only required, the policy is the server's business there. */
export const loginPassword = text({ required: true, max: 1000 });

export const country = refine(string(), 'country', (value) => isOneOf(business.countries, value) || 'country');

const POSTCODE_PATTERNS: Record<string, RegExp> = {
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  LUX: /^(L-?)?\d{4}$/i,
};

export function isPostcode(value: string, countryCode: string): boolean {
  const pattern = POSTCODE_PATTERNS[countryCode];
  return pattern ? pattern.test(value.trim()) : value.trim() !== '';
}

/** Postcode alone: required and short; the country-specific shape is checked by `postcodeFor`. */
export const postcode = text({ required: true, max: 10 });

/** SPEC §5: 1 to 8 characters, letters and digits only. */
const IDENTIFIER_PATTERN = /^[A-Za-z0-9]{1,8}$/;

export function isDatastoreIdentifier(value: string): boolean {
  return IDENTIFIER_PATTERN.test(value);
}

// Stryker disable next-line StringLiteral: a rule's name is never read; a failure is read by its message, the error code
export const datastoreIdentifier = refine(string(), 'identifier', (value) => {
  if (value === '') return 'required';
  return isDatastoreIdentifier(value) || 'identifier';
});

/** SPEC §5 slider: min 1, step 1, max from configuration. */
export const volume = refine(
  number(),
  // Stryker disable next-line StringLiteral: a rule's name is never read; a failure is read by its message, the error code
  'volume',
  (value) => (Number.isInteger(value) && value >= 1 && value <= business.maxVolumeTb) || 'volume',
);

export const cpuCount = refine(number(), 'cpu', (value) => isOneOf(business.cpuChoices, value) || 'cpu');

export const consent = boolean();

/** Collects the first failure of each field of an object struct as an error code. */
export function fieldErrors<K extends string>(
  struct: Pick<Struct<unknown, unknown>, 'validate'>,
  values: unknown,
): Partial<Record<K, FieldErrorCode>> {
  const [error] = struct.validate(values);
  // Keyed by any field name: the struct's own fields are the form's (K).
  const errors: Partial<Record<string, FieldErrorCode>> = {};
  if (!error) return errors;
  for (const failure of error.failures()) {
    const key = failure.path[0];
    if (typeof key !== 'string' || key in errors) continue;
    errors[key] = isOneOf(fieldErrorCodes, failure.message) ? failure.message : 'invalid';
  }
  return errors;
}
