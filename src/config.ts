/**
 * Business constants (SPEC §9) and deployment settings. Deployment settings come from
 * Vite's environment (`VITE_*`) so that one bundle can be pointed at another API or
 * other external pages without code changes.
 */
const env = import.meta.env;

function setting(value: string | undefined, fallback: string): string {
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

export const config = {
  /** Base of the versioned API (SPEC §7). */
  apiBaseUrl: setting(env.VITE_API_BASE_URL, '/api/v1'),
  /** Milliseconds before a call is given up as timed out. */
  apiTimeoutMs: Number(setting(env.VITE_API_TIMEOUT_MS, '20000')),
  statusPageUrl: setting(env.VITE_STATUS_URL, 'https://status.example.com/'),
  privacyUrl: setting(env.VITE_PRIVACY_URL, 'https://www.example.com/privacy'),
  imprintUrl: setting(env.VITE_IMPRINT_URL, 'https://www.example.com/imprint'),
  serviceDescriptionUrl: setting(env.VITE_SERVICE_DESCRIPTION_URL, 'https://www.example.com/service-description.pdf'),
  legalNotesUrl: setting(env.VITE_LEGAL_NOTES_URL, 'https://www.example.com/terms'),
  supportEmail: setting(env.VITE_SUPPORT_EMAIL, 'support@example.com'),
  salesEmail: setting(env.VITE_SALES_EMAIL, 'sales@example.com'),
} as const;

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

export type Country = (typeof business.countries)[number];
export type Language = (typeof business.languages)[number];
export type CpuChoice = (typeof business.cpuChoices)[number];
export type LicenceType = (typeof business.licenceTypes)[number];
