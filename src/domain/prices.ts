import { business } from './constants';

/** SPEC §9: prices are shown in EUR with German formatting, whatever the interface language. */
const eur = new Intl.NumberFormat('de-DE', {
  style: 'currency',
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
