/**
 * The `Retry-After` header of an answer (RFC 9110, section 10.2.3): either a number of seconds or an
 * HTTP date. Read as whole seconds from `now`, rounded up; a date in the past is 0 seconds. A
 * value that is neither (or is negative) counts as not sent, and the caller keeps its default.
 */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date always names its weekday and its time zone (GMT); a bare number was handled above.
  if (!/^[A-Za-z]{3},/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
