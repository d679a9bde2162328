/**
 * Build-time and deployment settings only. They come from Vite's environment (`VITE_*`) so
 * that one bundle can be pointed at another API or other external pages without code changes.
 * The product's rules (SPEC §9 constants and timers) are in `src/domain/constants.ts`.
 *
 * Each setting is read by its own name, `import.meta.env.VITE_…`, so that Vite puts into the
 * bundle only the values the code uses, never the environment as a whole.
 */

function setting(value: string | undefined, fallback = ''): string {
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

/**
 * Samples for the dev server, the demo bundle and the tests. A production build has none: it
 * refuses to start without the real values (scripts/build/production-settings.ts), and since Vite
 * writes `MODE` into the code, the samples are not even in its bundle.
 */
const samples =
  import.meta.env.MODE === 'production'
    ? null
    : {
        statusPageUrl: 'https://status.example.com/',
        privacyUrl: 'https://www.example.com/privacy',
        imprintUrl: 'https://www.example.com/imprint',
        serviceDescriptionUrl: 'https://www.example.com/service-description.pdf',
        legalNotesUrl: 'https://www.example.com/legal-notes',
        termsUrl: 'https://www.example.com/terms',
        dataProcessingAgreementUrl: 'https://www.example.com/data-processing-agreement',
        supportEmail: 'support@example.com',
        salesEmail: 'sales@example.com',
        sepaCreditorName: 'Example Hosting GmbH',
        sepaCreditorAddress: 'Musterweg 1, 12345 Musterstadt',
        /** The Deutsche Bundesbank's test creditor identifier. */
        sepaCreditorId: 'DE98ZZZ09999999999',
        licenceNoticeDays: '30',
      };

export const config = {
  /** Base of the versioned API (SPEC §7). */
  apiBaseUrl: setting(import.meta.env.VITE_API_BASE_URL, '/api/v1'),
  /** Milliseconds before a call is given up as timed out. */
  apiTimeoutMs: Number(setting(import.meta.env.VITE_API_TIMEOUT_MS, '20000')),
  statusPageUrl: setting(import.meta.env.VITE_STATUS_URL, samples?.statusPageUrl),
  privacyUrl: setting(import.meta.env.VITE_PRIVACY_URL, samples?.privacyUrl),
  imprintUrl: setting(import.meta.env.VITE_IMPRINT_URL, samples?.imprintUrl),
  serviceDescriptionUrl: setting(import.meta.env.VITE_SERVICE_DESCRIPTION_URL, samples?.serviceDescriptionUrl),
  legalNotesUrl: setting(import.meta.env.VITE_LEGAL_NOTES_URL, samples?.legalNotesUrl),
  /** The general terms and conditions (AGB) a customer accepts at registration and licence order. */
  termsUrl: setting(import.meta.env.VITE_TERMS_URL, samples?.termsUrl),
  /** The data processing agreement (AVV, Art. 28 GDPR) for the personal data in customers' backups (decision 041). */
  dataProcessingAgreementUrl: setting(import.meta.env.VITE_DPA_URL, samples?.dataProcessingAgreementUrl),
  /** Days before the end of a licence year by which a renewal can be cancelled (decision 032). */
  licenceNoticeDays: Number(setting(import.meta.env.VITE_LICENCE_NOTICE_DAYS, samples?.licenceNoticeDays)),
  supportEmail: setting(import.meta.env.VITE_SUPPORT_EMAIL, samples?.supportEmail),
  salesEmail: setting(import.meta.env.VITE_SALES_EMAIL, samples?.salesEmail),
  /** The creditor that the SEPA direct-debit mandate names (the provider's company name). */
  sepaCreditorName: setting(import.meta.env.VITE_SEPA_CREDITOR_NAME, samples?.sepaCreditorName),
  /** Its postal address in one line, "street and number, postcode and city" (decision 041). */
  sepaCreditorAddress: setting(import.meta.env.VITE_SEPA_CREDITOR_ADDRESS, samples?.sepaCreditorAddress),
  /** Its creditor identifier (Gläubiger-Identifikationsnummer). */
  sepaCreditorId: setting(import.meta.env.VITE_SEPA_CREDITOR_ID, samples?.sepaCreditorId),
  /** The landing page's partners as JSON (src/domain/partners.ts); none when unset. */
  partners: setting(import.meta.env.VITE_PARTNERS),
} as const;
