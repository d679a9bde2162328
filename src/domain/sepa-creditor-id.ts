/**
 * The SEPA creditor identifier (Gläubiger-Identifikationsnummer) that a direct-debit mandate names:
 * the country (2 letters), 2 check digits, a business code of 3 characters (any letters or digits,
 * left out of the check) and the national identifier (letters and digits, up to 28). The check
 * digits are ISO 7064 MOD 97-10 over the national identifier, the country and "00", with the
 * letters counted A = 10 … Z = 35, as for an IBAN (EPC262-08, "Creditor Identifier").
 */
const shape = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/;

/** A German identifier's national part is 11 digits (Deutsche Bundesbank), 18 characters in all. */
const nationalLength: Readonly<Record<string, number>> = { DE: 11 };

/** Letters as their numbers (A = 10 … Z = 35), digits as themselves. */
function digitsOf(text: string): string {
  return [...text].map((character) => parseInt(character, 36).toString()).join('');
}

/** The remainder of a long decimal number divided by 97, computed in pieces. */
function mod97(digits: string): number {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
}

/** The check digits of a country and national identifier: 98 minus the remainder, two digits. */
export function creditorIdCheckDigits(country: string, national: string): string {
  return String(98 - mod97(digitsOf(`${national}${country}00`))).padStart(2, '0');
}

/** True for a creditor identifier in its printed form: capitals and digits, no spaces. */
export function isSepaCreditorId(value: string): boolean {
  const match = shape.exec(value);
  if (!match) return false;
  // Stryker disable next-line StringLiteral: the three groups always match; the defaults only satisfy the type
  const [, country = '', check = '', national = ''] = match;
  const length = nationalLength[country];
  if (length !== undefined && (national.length !== length || !/^\d+$/.test(national))) return false;
  return creditorIdCheckDigits(country, national) === check;
}
