import { describe, expect, it } from 'vitest';
import { creditorIdCheckDigits, isSepaCreditorId } from '../../src/domain/sepa-creditor-id';

describe('the SEPA creditor identifier', () => {
  it.each([
    ['DE98ZZZ09999999999', "the Deutsche Bundesbank's test identifier"],
    ['DE98ABC09999999999', 'the same with another business code, which the check leaves out'],
    ['DE13ZZZ00000012345', 'a German identifier whose check digits are computed from its national part'],
    ['FR72ZZZ123456', 'a French identifier (national part of 6 characters)'],
    ['NL69ZZZ123456780000', 'a Dutch identifier (national part with its own length)'],
  ])('accepts %s, %s', (value) => {
    expect(isSepaCreditorId(value)).toBe(true);
  });

  it.each([
    ['', 'nothing'],
    ['DE97ZZZ09999999999', 'wrong check digits'],
    ['DE98ZZZ09999999998', 'a changed digit of the national part'],
    ['de98zzz09999999999', 'small letters'],
    ['DE98 ZZZ0 9999 9999 99', 'spaces'],
    ['DE98ZZZ0999999999', 'a German national part of 10 digits'],
    ['DE98ZZZ099999999990', 'a German national part of 12 digits'],
    ['DE18ZZZ0999999999', 'a German national part of 10 digits, with the check digits that fit it'],
    ['DE74ZZZ099999999990', 'a German national part of 12 digits, with the check digits that fit it'],
    ['DE60ZZZA9999999999', 'a letter in a German national part, with the check digits that fit it'],
    ['DE03ZZZ0999999999A', 'a letter at the end of a German national part, with the check digits that fit it'],
    [' DE98ZZZ09999999999', 'a space before it'],
    ['DE98ZZZ09999999999-', 'a character after it'],
    ['DEXXZZZ09999999999', 'letters for check digits'],
    ['D198ZZZ09999999999', 'a digit in the country'],
    ['DE98ZZ', 'no national part'],
    ['DE98ZZZ-9999999999', 'a hyphen'],
    [`FR00ZZZ${'1'.repeat(29)}`, 'a national part longer than 28 characters'],
  ])('refuses %j: %s', (value) => {
    expect(isSepaCreditorId(value)).toBe(false);
  });

  it('computes the check digits over the national part, the country and "00", letters counted A = 10 … Z = 35', () => {
    // 09999999999 DE 00 → 09999999999 13 14 00; 98 − (099999999991314 00 mod 97) = 98
    expect(creditorIdCheckDigits('DE', '09999999999')).toBe('98');
    // A check below 10 keeps its leading zero.
    const national = Array.from({ length: 200 }, (_, n) => String(n).padStart(11, '0')).find(
      (candidate) => Number(creditorIdCheckDigits('DE', candidate)) < 10,
    );
    expect(national).toBeDefined();
    expect(creditorIdCheckDigits('DE', national ?? '')).toMatch(/^0\d$/);
    expect(isSepaCreditorId(`DE${creditorIdCheckDigits('DE', national ?? '')}ZZZ${national ?? ''}`)).toBe(true);
  });
});
