/**
 * Server-side rules of the mock that the portal itself does not need: billing dates, space
 * texts and the IBAN checksum. Pure functions, so the tests can pin them with fixed times.
 */

/** The provider is German: calendar days are counted in Europe/Berlin. */
const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date (yyyy-mm-dd) at the provider, for the given epoch milliseconds. */
function providerToday(now: number = Date.now()): string {
  return berlinDate.format(new Date(now));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole days added to a yyyy-mm-dd date, calendar arithmetic in UTC. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDate(date);
}

/** The last day of the month of a yyyy-mm-dd date. */
function monthEnd(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return isoDate(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
}

const NOTICE_DAYS = 28;

/**
 * SPEC §9: billing is monthly, at the end of each calendar month, and a cancellation takes
 * four weeks to the billing date: the contract ends on the first month-end that is at least
 * 28 days away (2026-11-22 → 2026-12-31, 2026-12-10 → 2027-01-31). See docs/decisions/002.
 */
export function cancellationEndDate(now: number = Date.now()): string {
  return monthEnd(addDays(providerToday(now), NOTICE_DAYS));
}

/** A datastore has ended once its end date lies in the past; the end date is its last day. */
export function hasEnded(contractEndDate: string | null, now: number = Date.now()): boolean {
  return contractEndDate !== null && contractEndDate < providerToday(now);
}

const TB = 1e12;
const GB = 1e9;
const MB = 1e6;

function trimmed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** SPEC §9: 1 TB is 1000 GB. '4.25 TB', '120 GB', '5.3 GB', '800 MB'. */
export function spaceText(bytes: number): string {
  if (bytes >= TB) return `${trimmed(bytes / TB, 2)} TB`;
  if (bytes >= 10 * GB) return `${Math.round(bytes / GB)} GB`;
  if (bytes >= GB) return `${trimmed(bytes / GB, 1)} GB`;
  return `${Math.round(bytes / MB)} MB`;
}

/** The booked size of a datastore; the dynamic rate has none (docs/decisions/002). */
export function totalSpaceText(volumeTb: number): string {
  return volumeTb === 0 ? 'unlimited' : `${volumeTb} TB`;
}

/** IBAN lengths of the SEPA countries (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Country length and the ISO 7064 mod-97 checksum; spaces and case are ignored. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
