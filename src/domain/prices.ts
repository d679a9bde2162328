import { business } from './constants';

/** SPEC §9: prices are shown in EUR with German formatting, whatever the interface language. */
// Stryker disable next-line StringLiteral: module-level, so Vitest keeps the first evaluation; checked by hand: '' for the locale, the style or the currency makes Intl throw and every price test fail
const eur = new Intl.NumberFormat('de-DE', {
  // Stryker disable next-line StringLiteral: as above, checked by hand
  style: 'currency',
  // Stryker disable next-line StringLiteral: as above, checked by hand
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEur(amount: number): string {
  return eur.format(amount);
}

/** SPEC §9: the price calculation is volume times 20 (EUR per month). */
export function volumePriceEur(volumeTb: number): number {
  return volumeTb * business.volumePricePerTbEur;
}

/** SPEC §9: 1 TB is shown as 1000 GB. */
export function volumeInGb(volumeTb: number): number {
  return volumeTb * business.gbPerTb;
}
