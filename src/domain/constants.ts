/**
 * SPEC §9 business constants and timers: rules of the product, the same in every build and
 * every deployment. Deployment settings (the API's address, external pages) are in
 * `src/config.ts`.
 */

/** SPEC §9 business constants. */
export const business = {
  maxVolumeTb: 20,
  dynamicPricePerGbEur: 0.02,
  volumePricePerTbEur: 20,
  gbPerTb: 1000,
  spaceWarningPercent: 80,
  countries: ['DE', 'FR', 'LUX'] as const,
  languages: ['de', 'en'] as const,
  cpuChoices: [1, 2, 4] as const,
  licenceTypes: ['VE', 'PBS', 'MG'] as const,
  defaultDatastoreIdentifier: 'backup',
} as const;

/** SPEC §9 timers, in milliseconds. Machines refer to them by name as delays. */
export const timers = {
  errorTtl: 30_000,
  loadingTimeout: 120_000,
  postBuyDelay: 2_000,
  passwordVisible: 5 * 60_000,
} as const;

/**
 * The portal's own timers, beside the spec's: after this long a call that changes something says
 * in place that it is still working (docs/decisions/026).
 */
export const waiting = {
  stillWorking: 6_000,
} as const;

export type Country = (typeof business.countries)[number];
export type Language = (typeof business.languages)[number];
export type CpuChoice = (typeof business.cpuChoices)[number];
export type LicenceType = (typeof business.licenceTypes)[number];
