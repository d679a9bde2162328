/**
 * SPEC §5: the IBAN is reformatted live; only digits and capital letters are kept, grouped
 * in blocks of four separated by spaces. Lower-case letters are taken as their capitals.
 */
import { isSEPACountry, isValidIBAN } from 'ibantools';

/** ISO 13616: no IBAN is longer than 34 characters (Saint Lucia, Russia). */
export const IBAN_MAX_LENGTH = 34;

export function compactIban(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN with all but its last four characters hidden, for the company view. */
export function maskIban(value: string): string {
  const compact = compactIban(value);
  // Stryker disable next-line EqualityOperator: at exactly four characters the mask of none is the same text
  if (compact.length <= 4) return compact;
  const masked = '•'.repeat(compact.length - 4) + compact.slice(-4);
  return masked.replace(/(.{4})(?=.)/gu, '$1 ');
}

/**
 * Live formatting of a field whose caret stands at `caret` in the raw `value` the customer
 * produced (typing, pasting, deleting anywhere): the result is `formatIban`, cut to the
 * longest IBAN, and the caret stays after the same kept character it followed, so that
 * typing in the middle of the IBAN does not throw the caret to the end.
 *
 * `deletion` is given when the change was a deletion key (Backspace: backward, Delete:
 * forward) with the value before it. When that key removed only a block separator, the
 * character beside the separator goes instead: otherwise the space would come straight back
 * and the key would seem dead. Pasting or typing never removes anything.
 */
export function formatIbanAt(
  value: string,
  caret: number,
  deletion?: { previous: string; direction: 'backward' | 'forward' },
): { value: string; caret: number } {
  const compact = compactIban(value).slice(0, IBAN_MAX_LENGTH);
  const kept = Math.min(compactIban(value.slice(0, Math.max(0, caret))).length, compact.length);
  const onlySeparator =
    deletion !== undefined &&
    value.length === deletion.previous.length - 1 &&
    compactIban(deletion.previous) === compactIban(value);
  if (onlySeparator) {
    const index = deletion.direction === 'backward' ? kept - 1 : kept;
    if (index >= 0 && index < compact.length) {
      return placeCaret(compact.slice(0, index) + compact.slice(index + 1), index);
    }
  }
  return placeCaret(compact, kept);
}

/** The formatted IBAN with the caret after its first `kept` characters. */
function placeCaret(compact: string, kept: number): { value: string; caret: number } {
  const formatted = formatIban(compact);
  // Each full block of four before the caret adds one space, but no space is ever added
  // after the last character.
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the caret is capped at the formatted length, which ends without a space
  const spaces = kept === 0 ? 0 : Math.floor((kept - 1) / 4) + (kept % 4 === 0 && kept < compact.length ? 1 : 0);
  return { value: formatted, caret: Math.min(kept + spaces, formatted.length) };
}

/**
 * Direct debit is a SEPA payment: the IBAN must belong to a SEPA country, have that
 * country's length and BBAN format, and pass the ISO 7064 mod-97 checksum (ibantools also
 * checks national account checksums where a country has one). Spaces and case are ignored.
 */
export function isValidIban(value: string): boolean {
  const compact = compactIban(value);
  return isSEPACountry(compact.slice(0, 2)) && isValidIBAN(compact);
}
