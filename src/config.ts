/**
 * Build-time and deployment settings only. They come from Vite's environment (`VITE_*`) so
 * that one bundle can be pointed at another API or other external pages without code changes.
 * The product's rules (SPEC §9 constants and timers) are in `src/domain/constants.ts`.
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
