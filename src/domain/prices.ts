import { createIntl } from '@formatjs/intl';
import { business } from './constants';

/**
 * SPEC §9: prices are shown in EUR with German formatting, whatever the interface language. The
 * same formatter serves views, machines, the prerendered pages and the mock's mails: formatjs's
 * intl object outside React (react-intl builds on it, so it adds nothing to the bundle), which
 * keeps one formatter per set of options.
 */
// Stryker disable next-line StringLiteral: module-level, so Vitest keeps the first evaluation; checked by hand: '' for the locale makes every price test fail
const german = createIntl({ locale: 'de-DE' });

export function formatEur(amount: number): string {
  return german.formatNumber(amount, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

/** SPEC §9: the price calculation is volume times 20 (EUR per month). */
export function volumePriceEur(volumeTb: number): number {
  return volumeTb * business.volumePricePerTbEur;
}

/** SPEC §9: 1 TB is shown as 1000 GB. */
export function volumeInGb(volumeTb: number): number {
  return volumeTb * business.gbPerTb;
}
