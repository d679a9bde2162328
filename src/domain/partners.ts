/**
 * The partners that the landing page shows (SPEC §2 "partner logos"), from the provider's setting
 * `VITE_PARTNERS`: a JSON list such as
 * `[{"name":"Systemhaus Nord GmbH","logo":"/partners/systemhaus-nord.svg","url":"https://systemhaus-nord.de/"}]`.
 * The build refuses a list that does not match (scripts/build/production-settings.ts), so the page
 * never meets one; none configured means no partner section at all.
 */
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

export interface Partner {
  name: string;
  logo?: string;
  url?: string;
  /** A sample for the demo, marked as such on the page; a production build refuses it. */
  sample?: boolean;
}

/** Why a partner setting cannot be read: where (`partner 0.url`, or the whole list) and what. */
export class PartnerSettingError extends Error {
  readonly where: string | null;
  constructor(where: string | null, problem: string) {
    super(where === null ? problem : `${where}: ${problem}`);
    this.name = 'PartnerSettingError';
    this.where = where;
  }
}

const fields = ['name', 'logo', 'url', 'sample'];

/** A text field of a partner that must pass `rule`, or be left out where `optional`. */
function text(
  entry: Record<string, unknown>,
  at: string,
  field: string,
  rule: (value: string) => boolean,
  problem: string,
): string | undefined {
  const value = entry[field];
  if (value === undefined && field !== 'name') return undefined;
  if (typeof value !== 'string') throw new PartnerSettingError(`${at}.${field}`, `${problem} (a text)`);
  if (!rule(value)) throw new PartnerSettingError(`${at}.${field}`, problem);
  return value;
}

/** One entry of the list, checked field by field; no other field is allowed. */
function partnerAt(entry: unknown, index: number): Partner {
  const at = `partner ${index}`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new PartnerSettingError(at, 'not a partner (an object with a name)');
  const record: Record<string, unknown> = { ...entry };
  const unknown = Object.keys(record).find((field) => !fields.includes(field));
  if (unknown !== undefined) throw new PartnerSettingError(`${at}.${unknown}`, 'not a field (name, logo, url, sample)');
  const name = text(record, at, 'name', (value) => value.trim() !== '', 'a partner needs a name') ?? '';
  const logo = text(record, at, 'logo', isLogoPath, 'a logo is a path such as /partners/x.svg');
  const url = text(record, at, 'url', isHttpsUrl, 'a partner link is an https address');
  const sample = record.sample;
  if (sample !== undefined && typeof sample !== 'boolean')
    throw new PartnerSettingError(`${at}.sample`, 'true or false');
  return {
    name,
    ...(logo === undefined ? {} : { logo }),
    ...(url === undefined ? {} : { url }),
    ...(sample === undefined ? {} : { sample }),
  };
}

/**
 * The partners of a list read from JSON; throws a `PartnerSettingError` saying where the list
 * does not match. The build reads the setting with it (scripts/build/production-settings.ts) and
 * refuses a list that does not match, so the page never meets one.
 */
export function partnersFrom(list: unknown): Partner[] {
  if (!Array.isArray(list)) throw new PartnerSettingError(null, 'not a list of partners');
  return list.map(partnerAt);
}

/** The partners of the setting; none when it is unset or blank. Throws when it does not match. */
export function readPartners(setting: string): Partner[] {
  if (setting.trim() === '') return [];
  return partnersFrom(JSON.parse(setting));
}
