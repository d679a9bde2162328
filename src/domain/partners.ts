/**
 * The partners that the landing page shows (SPEC §2 "partner logos"), from the provider's setting
 * `VITE_PARTNERS`: a JSON list such as
 * `[{"name":"Systemhaus Nord GmbH","logo":"/partners/systemhaus-nord.svg","url":"https://systemhaus-nord.de/"}]`.
 * The build refuses a list that does not match (scripts/build/production-settings.ts), so the page
 * never meets one; none configured means no partner section at all.
 */
import { array, boolean, create, object, optional, refine, string, type Infer } from 'superstruct';

/** An absolute https address (a link customers follow out of the portal). */
export function isHttpsUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  return new URL(value).protocol === 'https:';
}

/**
 * A logo is a file the portal serves itself, from `public/` (the CSP allows images from the
 * portal's own origin only): a path from the root, without a second slash or a backslash at its
 * start (which would leave the origin) and without `..`.
 */
export function isLogoPath(value: string): boolean {
  return /^\/[^/\\]/.test(value) && !value.split('/').includes('..') && !/[\s?#]/.test(value);
}

// Stryker disable StringLiteral: a rule's name is never read; its message is shown by the build (tests/domain/partners.test.ts checks each)
const PartnerStruct = object({
  name: refine(string(), 'name', (value) => value.trim() !== '' || 'a partner needs a name'),
  logo: optional(refine(string(), 'logo', (value) => isLogoPath(value) || 'a logo is a path such as /partners/x.svg')),
  url: optional(refine(string(), 'url', (value) => isHttpsUrl(value) || 'a partner link is an https address')),
  /** A sample for the demo, marked as such on the page; a production build refuses it. */
  sample: optional(boolean()),
});
// Stryker restore StringLiteral

export const PartnersStruct = array(PartnerStruct);

export type Partner = Infer<typeof PartnerStruct>;

/** The partners of the setting; none when it is unset or blank. Throws when it does not match. */
export function readPartners(setting: string): Partner[] {
  if (setting.trim() === '') return [];
  const list: unknown = JSON.parse(setting);
  return create(list, PartnersStruct);
}
