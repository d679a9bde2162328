import { describe, expect, it } from 'vitest';
import { reverseChargeApplies } from '../../src/domain/vat';

describe('the reverse charge (decision 032)', () => {
  it('applies to a company in France or Luxembourg that gives its VAT id', () => {
    expect(reverseChargeApplies('FR', 'FR12345678901')).toBe(true);
    expect(reverseChargeApplies('LUX', 'LU12345678')).toBe(true);
  });

  it('does not apply without a VAT id, or with one of spaces only', () => {
    expect(reverseChargeApplies('FR', null)).toBe(false);
    expect(reverseChargeApplies('FR', undefined)).toBe(false);
    expect(reverseChargeApplies('LUX', '')).toBe(false);
    expect(reverseChargeApplies('LUX', '   ')).toBe(false);
  });

  it('does not apply in Germany, in another country or without a country, VAT id or not', () => {
    expect(reverseChargeApplies('DE', 'DE123456789')).toBe(false);
    expect(reverseChargeApplies('AT', 'ATU12345678')).toBe(false);
    expect(reverseChargeApplies(null, 'FR12345678901')).toBe(false);
    expect(reverseChargeApplies(undefined, 'FR12345678901')).toBe(false);
  });
});
