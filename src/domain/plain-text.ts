/**
 * A server's text as the customer may read it (SPEC §8, decision 017). The API client makes every
 * `reason` or `message` plain as it reads it, so no markup of a server's ever reaches a page.
 */

/** The most characters of a server's text the customer reads: one line, not a page (decision 017). */
export const REASON_MAX_LENGTH = 300;

// What is read of a text at most: far more than is shown, and it bounds the patterns' work on a
// server's whole error page.
const SCRUB_INPUT_LIMIT = 10_000;

// Elements whose content is no text at all: dropped with their content.
const NON_TEXT_ELEMENTS = /<(script|style|head|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
// Tags that end a line or a block: a space, so that `a<br>b` does not read `ab`.
const BREAKING_TAGS = /<\/?(?:br|p|div|li|ul|ol|tr|td|th|h[1-6]|hr|table|section|article|header|footer)\b[^>]*>/gi;
// Any other tag, comment or declaration; a `<` that opens no tag (as in "a < b" or "<5") stays.
const TAGS = /<!--[\s\S]*?-->|<[a-z!/?][^>]*>/gi;
// C0 and C1 controls (line breaks and tabs included: the line is one line) and the bidi
// overrides and isolates, which could show the text in another order than it was sent.
const CONTROLS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** The text's user-perceived characters, so that a cut never splits an emoji or an accent. */
function characters(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(
      // Stryker disable next-line ObjectLiteral: graphemes are what a segmenter cuts by default
      new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
      ({ segment }) => segment,
    );
  }
  return Array.from(text);
}

/**
 * A server's `reason`/`message` as the customer may read it (SPEC §8, decision 017): HTML tags and
 * control characters removed, whitespace collapsed, trimmed, and cut to `REASON_MAX_LENGTH`
 * characters with a closing "…" when longer. `null` when nothing readable is left, so that the
 * caller shows the general message instead of an empty line.
 */
export function plainReason(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const plain = text
    .slice(0, SCRUB_INPUT_LIMIT)
    .replace(/[\uD800-\uDBFF]$/, '')
    .replace(NON_TEXT_ELEMENTS, ' ')
    .replace(BREAKING_TAGS, ' ')
    .replace(TAGS, '')
    .replace(CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return null;
  if (plain.length <= REASON_MAX_LENGTH) return plain;
  const chars = characters(plain);
  if (chars.length <= REASON_MAX_LENGTH) return plain;
  return `${chars
    .slice(0, REASON_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}
