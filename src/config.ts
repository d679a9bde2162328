/**
 * Build-time and deployment settings only. They come from Vite's environment (`VITE_*`) so
 * that one bundle can be pointed at another API or other external pages without code changes.
 * The product's rules (SPEC §9 constants and timers) are in `src/domain/constants.ts`.
 *
 * Each setting is read by its own name, `import.meta.env.VITE_…`, so that Vite puts into the
 * bundle only the values the code uses, never the environment as a whole.
 */

function setting(value: string | undefined, fallback: string): string {
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

/**
 * A sample for the dev server, the demo bundle and the tests. A production build has none: it
 * refuses to start without the real value (scripts/build/production-settings.ts), and Vite drops
 * the sample from its bundle because `MODE` is known at build time.
 */
function sample(value: string): string {
  return import.meta.env.MODE === 'production' ? '' : value;
}

export const config = {
  /** Base of the versioned API (SPEC §7). */
  apiBaseUrl: setting(import.meta.env.VITE_API_BASE_URL, '/api/v1'),
  /** Milliseconds before a call is given up as timed out. */
  apiTimeoutMs: Number(setting(import.meta.env.VITE_API_TIMEOUT_MS, '20000')),
  statusPageUrl: setting(import.meta.env.VITE_STATUS_URL, sample('https://status.example.com/')),
  privacyUrl: setting(import.meta.env.VITE_PRIVACY_URL, sample('https://www.example.com/privacy')),
  imprintUrl: setting(import.meta.env.VITE_IMPRINT_URL, sample('https://www.example.com/imprint')),
  serviceDescriptionUrl: setting(
    import.meta.env.VITE_SERVICE_DESCRIPTION_URL,
    sample('https://www.example.com/service-description.pdf'),
  ),
  legalNotesUrl: setting(import.meta.env.VITE_LEGAL_NOTES_URL, sample('https://www.example.com/terms')),
  supportEmail: setting(import.meta.env.VITE_SUPPORT_EMAIL, sample('support@example.com')),
  salesEmail: setting(import.meta.env.VITE_SALES_EMAIL, sample('sales@example.com')),
  /** The creditor that the SEPA direct-debit mandate names (the provider's company name). */
  sepaCreditorName: setting(import.meta.env.VITE_SEPA_CREDITOR_NAME, sample('Example Hosting GmbH')),
  /** Its creditor identifier (Gläubiger-Identifikationsnummer); the sample is the Bundesbank's test number. */
  sepaCreditorId: setting(import.meta.env.VITE_SEPA_CREDITOR_ID, sample('DE98ZZZ09999999999')),
  /** The landing page's partners as JSON (src/domain/partners.ts); none when unset. */
  partners: setting(import.meta.env.VITE_PARTNERS, ''),
} as const;
