import { describe, expect, it } from 'vitest';
import { plainReason, REASON_MAX_LENGTH } from '../../src/domain/plain-text';

describe('a server text made plain', () => {
  it.each([
    ['keeps plain text as it is', 'The name is taken.', 'The name is taken.'],
    ['removes tags and keeps their text', '<b>Wartung</b> bis 14 Uhr', 'Wartung bis 14 Uhr'],
    ['keeps words apart across block tags', 'Line one<br>line two</p><p>three', 'Line one line two three'],
    ['keeps a word whole across inline tags', 'Wart<i>ung</i>', 'Wartung'],
    [
      'drops scripts and styles with their content',
      '<style>p{color:red}</style>Down<script>alert(1)</script> now',
      'Down now',
    ],
    ['drops comments', 'Down<!-- node 7 --> now', 'Down now'],
    ['keeps a "<" that opens no tag', 'a < b and size <5', 'a < b and size <5'],
    ['turns control characters into spaces', 'Down\u0000now\r\nand\u0085later\u001b[31m', 'Down now and later [31m'],
    ['removes bidi overrides', 'abc\u202Edef\u2069', 'abc def'],
    ['collapses whitespace and trims', '  Down \t\t for\u00a0 maintenance \n', 'Down for maintenance'],
  ])('%s', (_name, text, expected) => {
    expect(plainReason(text)).toBe(expected);
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['an empty text', ''],
    ['only whitespace', ' \n\u00a0\t'],
    ['only tags', '<div><span></span></div>'],
    ['only controls', '\u0001\u0002'],
  ])('is null for %s', (_name, text) => {
    expect(plainReason(text)).toBeNull();
  });

  it('keeps a text of exactly 300 characters whole', () => {
    expect(plainReason('z'.repeat(300))).toBe('z'.repeat(300));
  });

  it('counts characters after the scrub, not before', () => {
    expect(plainReason(`<b>${'z'.repeat(300)}</b>`)).toBe('z'.repeat(300));
  });

  it('cuts on a character boundary, never inside an emoji or an accented letter', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const accented = 'e\u0301';
    const cut = plainReason(`${'a'.repeat(298)}${family}${accented}${'b'.repeat(50)}`);
    expect(cut).toBe(`${'a'.repeat(298)}${family}…`);
    expect(cut?.endsWith('\u200D…')).toBe(false);
  });

  it('does not leave a space before the ellipsis', () => {
    expect(plainReason(`${'w'.repeat(298)} ${'v'.repeat(10)}`)).toBe(`${'w'.repeat(298)}…`);
  });

  it('reads a huge text in bounded time and still cuts it', () => {
    const cut = plainReason('<!--'.repeat(50_000) + 'x'.repeat(100_000));
    expect(cut).not.toBeNull();
    expect(Array.from(cut ?? '').length).toBeLessThanOrEqual(REASON_MAX_LENGTH);
  });
});

describe('a server text made plain, at the edges of its patterns', () => {
  it.each([
    ['drops a script with attributes and its content', '<script type="text/javascript">alert(1)</script>Down', 'Down'],
    ['drops a style whose content has spaces and lines', '<style>\np { color: red }\n</style>Down', 'Down'],
    ['keeps a heading apart from the text after it', '<h1>Maintenance</h1>until 2 pm', 'Maintenance until 2 pm'],
    ['keeps a table cell apart from the next', '<td>a</td><td>b</td>', 'a b'],
    ['drops a comment over several lines', 'Down<!-- node 7\n  rack 3 --> now', 'Down now'],
    ['drops an element without text between two words with a space', 'a<script>x</script>b', 'a b'],
    ['drops half an emoji at the very end', 'Down\uD83D', 'Down'],
  ])('%s', (_name, text, expected) => {
    expect(plainReason(text)).toBe(expected);
  });

  it('keeps 300 emoji whole: it counts characters, not code units', () => {
    const emoji = '\u{1F600}'.repeat(300);
    expect(plainReason(emoji)).toBe(emoji);
    expect(plainReason(`${emoji}\u{1F600}`)).toBe(`${'\u{1F600}'.repeat(299)}…`);
  });

  it('cuts by code points where the browser cannot segment text', () => {
    // A browser without Intl.Segmenter (Firefox before 125).
    const segmenter = Object.getOwnPropertyDescriptor(Intl, 'Segmenter');
    Reflect.deleteProperty(Intl, 'Segmenter');
    try {
      expect(plainReason(`${'a'.repeat(299)}\u{1F600}\u{1F600}`)).toBe(`${'a'.repeat(299)}…`);
      expect(plainReason('\u{1F600}'.repeat(300))).toBe('\u{1F600}'.repeat(300));
    } finally {
      if (segmenter) Object.defineProperty(Intl, 'Segmenter', segmenter);
    }
  });
});
