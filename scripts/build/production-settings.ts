import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { isHttpsUrl, partnersFrom, PartnerSettingError, type Partner } from '../../src/domain/partners.ts';
import { isSepaCreditorId } from '../../src/domain/sepa-creditor-id.ts';

/**
 * What ships to a provider refuses to build with placeholders (issue 30, docs/decisions/028): every
 * link and address customers see, and the creditor that the SEPA mandate names, is a setting
 * without a default in production. The dev server, the demo bundle and the tests keep their
 * samples (src/config.ts).
 */
type Kind = 'https' | 'email' | 'creditorName' | 'creditorAddress' | 'creditorId' | 'days';

export const requiredProductionSettings: Readonly<Record<string, Kind>> = {
  VITE_IMPRINT_URL: 'https',
  VITE_PRIVACY_URL: 'https',
  VITE_STATUS_URL: 'https',
  VITE_SERVICE_DESCRIPTION_URL: 'https',
  VITE_LEGAL_NOTES_URL: 'https',
  VITE_TERMS_URL: 'https',
  VITE_DPA_URL: 'https',
  VITE_SUPPORT_EMAIL: 'email',
  VITE_SALES_EMAIL: 'email',
  VITE_SEPA_CREDITOR_NAME: 'creditorName',
  VITE_SEPA_CREDITOR_ADDRESS: 'creditorAddress',
  VITE_SEPA_CREDITOR_ID: 'creditorId',
  VITE_LICENCE_NOTICE_DAYS: 'days',
};

/**
 * An address customers write to: something, one @, a domain with a dot, no spaces. (The sign-up
 * rule, `isEmail` in src/domain/fields.ts, is not imported: Vite's config loader would carry its
 * extensionless imports.)
 */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A SEPA creditor's name has at most 70 characters (EPC, attribute AT-03). */
const CREDITOR_NAME_MAX = 70;

/**
 * The creditor's postal address, printed in the mandate (decision 041): one line, street and number,
 * a comma, then postcode and city ("Musterweg 1, 12345 Musterstadt"; a country may follow after
 * another comma). At most 140 characters: the EPC's two address lines of 70 (AT-05).
 */
const CREDITOR_ADDRESS_MAX = 140;
const creditorAddressPattern = /^[^,\p{Cc}]*\p{L}[^,\p{Cc}]*, *[^,\p{Cc}]*\d[^,\p{Cc}]*\p{L}[^\p{Cc}]*$/u;

const refusal: Record<Kind, (value: string) => string | null> = {
  https: (value) => (isHttpsUrl(value) ? null : 'not an https address'),
  email: (value) => (emailPattern.test(value) ? null : 'not an email address'),
  creditorName: (value) => (value.length <= CREDITOR_NAME_MAX ? null : `longer than ${CREDITOR_NAME_MAX} characters`),
  creditorAddress: (value) =>
    value.length > CREDITOR_ADDRESS_MAX
      ? `longer than ${CREDITOR_ADDRESS_MAX} characters`
      : creditorAddressPattern.test(value)
        ? null
        : 'not one line "street and number, postcode and city"',
  creditorId: (value) => (isSepaCreditorId(value) ? null : 'not a SEPA creditor identifier such as DE98ZZZ09999999999'),
  days: (value) => (/^[1-9]\d{0,2}$/.test(value) && Number(value) <= 365 ? null : 'not a number of days from 1 to 365'),
};

/**
 * Values that are examples by definition: the domains reserved for examples (RFC 2606), the
 * Bundesbank's test creditor identifier and the sample creditor. .env.production.example is made of
 * them, so that a copy of it that nobody filled in is refused too; only the builds for tests
 * (`npm run build:example`, which sets `PORTAL_EXAMPLE_SETTINGS=true`) accept them.
 */
const exampleDomain = /(^|\.)example(\.(com|net|org))?$/i;
const example: Record<Kind, (value: string) => boolean> = {
  https: (value) => exampleDomain.test(new URL(value).hostname),
  email: (value) => exampleDomain.test(value.slice(value.lastIndexOf('@') + 1)),
  creditorName: (value) => /^example\b/i.test(value),
  // The words of invented addresses, in English and German ("Beispielstraße 1, 12345 Beispielstadt").
  creditorAddress: (value) => /(^|[^\p{L}])(example|beispiel|muster)/iu.test(value),
  creditorId: (value) => value === 'DE98ZZZ09999999999',
  // A notice period is the provider's own choice: no value of it is an example.
  days: () => false,
};

type Env = Readonly<Record<string, string | undefined>>;

interface Production {
  /** Whether a partner's logo is a file in `public/`. */
  logoExists: (path: string) => boolean;
  /** True for the builds of tests and CI, which use .env.production.example. */
  examplesAllowed: boolean;
}

/**
 * The partner list's problem, or null. Every build checks that it is a list of partners; a
 * production build also refuses samples and logos that are not files in `public/`.
 */
function partnersProblem(setting: string | undefined, production: Production | null): string | null {
  if (setting === undefined || setting.trim() === '') return null;
  let list: unknown;
  try {
    list = JSON.parse(setting);
  } catch {
    return 'not JSON';
  }
  let partners: Partner[];
  try {
    partners = partnersFrom(list);
  } catch (error) {
    if (!(error instanceof PartnerSettingError)) throw error;
    return error.message;
  }
  if (!production) return null;
  const sample = partners.findIndex((partner) => partner.sample === true);
  if (sample >= 0) return `partner ${sample}: a sample in a production build`;
  const missing = partners.find((partner) => partner.logo !== undefined && !production.logoExists(partner.logo));
  return missing ? `partner ${missing.name}: ${missing.logo} is not a file in public/` : null;
}

/**
 * Where the API is, in a build for customers (security review N4, decision 045). The portal's own
 * origin is where deploy/nginx refuses calls that another site made the browser send (decision 031);
 * a build cannot know its own address, so the API on that origin is written as a path (`/api/v1`).
 * An absolute address is another origin, which the guard does not cover: it is built only when the
 * operator says, with VITE_API_CROSS_ORIGIN_GUARDED=true, that the origin refuses such calls too.
 */
function apiBaseProblem(base: string | undefined, guarded: string | undefined): string | null {
  const value = base?.trim() ?? '';
  const guardedValue = guarded?.trim() ?? '';
  if (guardedValue !== '' && guardedValue !== 'true' && guardedValue !== 'false')
    return 'VITE_API_CROSS_ORIGIN_GUARDED (not true or false)';
  if (value === '' || (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'))) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'VITE_API_BASE_URL (not a path such as /api/v1 nor an https address)';
  }
  if (url.protocol !== 'https:') return 'VITE_API_BASE_URL (not a path such as /api/v1 nor an https address)';
  if (guardedValue === 'true') return null;
  return (
    `VITE_API_BASE_URL (${url.origin} is another origin than the portal's, which its nginx does not guard: ` +
    "give the path on the portal's own origin, such as /api/v1, or set VITE_API_CROSS_ORIGIN_GUARDED=true " +
    'once that origin refuses cross-site calls as deploy/nginx does)'
  );
}

/** Each problem as "VITE_NAME (why)"; none when the settings may be built. */
export function settingsProblems(env: Env, production: Production | null): string[] {
  const problems: string[] = [];
  if (production) {
    for (const [name, kind] of Object.entries(requiredProductionSettings)) {
      const value = env[name]?.trim() ?? '';
      const why =
        value === ''
          ? 'missing'
          : (refusal[kind](value) ??
            (!production.examplesAllowed && example[kind](value) ? "an example, not the provider's own" : null));
      if (why) problems.push(`${name} (${why})`);
    }
    const api = apiBaseProblem(env.VITE_API_BASE_URL, env.VITE_API_CROSS_ORIGIN_GUARDED);
    if (api) problems.push(api);
    // The in-browser mock answers every call itself: a build for customers would never reach the API.
    const mock = env.VITE_MOCK_API?.trim() ?? '';
    if (mock === 'true')
      problems.push('VITE_MOCK_API (the in-browser mock API in a build for customers: use npm run build:demo)');
    else if (mock !== '' && mock !== 'false') problems.push('VITE_MOCK_API (not true or false)');
  }
  const partners = partnersProblem(env.VITE_PARTNERS, production);
  if (partners) problems.push(`VITE_PARTNERS (${partners})`);
  return problems;
}

/** One line that names every problem and says where the settings go. */
export function settingsMessage(problems: readonly string[], mode = 'production'): string {
  const where =
    mode === 'production'
      ? 'in the environment or in .env.production.local (.env.production.example lists them all)'
      : `in the environment or in .env.${mode}`;
  return `Settings missing or invalid (mode ${mode}): ${problems.join(', ')}. Set them ${where}.`;
}

/**
 * Checks the settings once Vite has read them (the environment and the `.env` files of the mode):
 * `vite build` in mode production stops before bundling anything, with the one-line message and
 * no stack trace, which would only point into Vite.
 */
export function productionSettings(): Plugin {
  return {
    name: 'portal-production-settings',
    configResolved(config) {
      const production = config.command === 'build' && config.mode === 'production';
      const logoExists = (path: string) =>
        config.publicDir !== '' && existsSync(join(config.publicDir, ...path.split('/').filter(Boolean)));
      const examplesAllowed = process.env.PORTAL_EXAMPLE_SETTINGS === 'true';
      const problems = settingsProblems(config.env, production ? { logoExists, examplesAllowed } : null);
      if (problems.length === 0) return;
      const error = new Error(settingsMessage(problems, config.mode));
      error.stack = error.message;
      throw error;
    },
  };
}
