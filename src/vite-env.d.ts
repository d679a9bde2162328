/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_API_TIMEOUT_MS?: string;
  readonly VITE_STATUS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_IMPRINT_URL?: string;
  readonly VITE_SERVICE_DESCRIPTION_URL?: string;
  readonly VITE_LEGAL_NOTES_URL?: string;
  readonly VITE_TERMS_URL?: string;
  /** The data processing agreement (AVV, Art. 28 GDPR); required in production. */
  readonly VITE_DPA_URL?: string;
  readonly VITE_LICENCE_NOTICE_DAYS?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_SALES_EMAIL?: string;
  /** The creditor that the SEPA mandate names, its address and its creditor identifier (all required in production). */
  readonly VITE_SEPA_CREDITOR_NAME?: string;
  readonly VITE_SEPA_CREDITOR_ADDRESS?: string;
  readonly VITE_SEPA_CREDITOR_ID?: string;
  /** The landing page's partners, a JSON list of `{ name, logo?, url? }` (src/domain/partners.ts). */
  readonly VITE_PARTNERS?: string;
  /** 'true' serves the app from the in-browser mock API (dev and demo builds). */
  readonly VITE_MOCK_API?: string;
  readonly VITE_MOCK_STRICT?: string;
  /** 'true' (with a DSN) turns on error reporting with Sentry: replay and tracing (SPEC §9). */
  readonly VITE_SENTRY_ENABLED?: string;
  readonly VITE_SENTRY_DSN?: string;
  /** 'true' lets reports carry the customer's email and username; stripped otherwise. */
  readonly VITE_SENTRY_SEND_PII?: string;
  /** 'true' (with a DSN) shows the feedback widget "Fehler melden" (SPEC §9). */
  readonly VITE_FEEDBACK_WIDGET?: string;
  /** 'true' in development starts the Stately inspector (`VITE_INSPECT=true npm run dev`). */
  readonly VITE_INSPECT?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
