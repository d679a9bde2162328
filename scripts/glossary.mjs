/**
 * The terminology check of `npm run i18n -- check`: reads docs/glossary.md (its tables "Terms" and
 * "Allowed", only what stands in backticks) and finds, in a set of messages of one language, each
 * variant the glossary rules out, each plain space before a unit, and each ellipsis written the other
 * way. How the page is read is described at its top.
 */

const UNITS = ['TB', 'GB', 'MB', '%', '€'];
/** A digit, `#` or the end of an ICU placeholder, a plain space, a unit that no letter follows. */
const PLAIN_SPACE_BEFORE_UNIT = new RegExp(`([0-9#}]) (${UNITS.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
/** German only (DIN 5008): a number and its unit of time, and the abbreviation "zzgl. USt.", stay on one line. */
const TIME_UNITS_DE = [
  'Minute',
  'Minuten',
  'Stunde',
  'Stunden',
  'Tag',
  'Tage',
  'Tagen',
  'Werktag',
  'Werktage',
  'Werktagen',
  'Uhr',
];
const PLAIN_SPACE_BEFORE_TIME_UNIT_DE = new RegExp(`([0-9#]) (${TIME_UNITS_DE.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
const PLAIN_SPACE_IN_VAT_DE = /(zzgl\.) (USt\.)/gu;

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The backticked phrases of a table cell. */
function phrases(cell) {
  return [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

/** The rows of the first table under the heading `## {title}`, each a list of cells. */
function table(markdown, title) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) throw new Error(`docs/glossary.md has no section "## ${title}"`);
  const rows = [];
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('## ')) break;
    if (!line.trim().startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line
      .trim()
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (cells.every((cell) => /^-+$/.test(cell))) continue;
    rows.push(cells);
  }
  return rows.slice(1); // without the header
}

/**
 * The glossary as the check uses it: per concept, the chosen terms and the ruled-out variants of
 * each language; and the phrases allowed despite a variant, each with the message ids it is allowed
 * in (none: everywhere).
 */
export function readGlossary(markdown) {
  const terms = table(markdown, 'Terms').map(([concept, de, en, ruledOutDe, ruledOutEn]) => ({
    concept,
    chosen: { de: phrases(de), en: phrases(en) },
    ruledOut: { de: phrases(ruledOutDe), en: phrases(ruledOutEn) },
  }));
  const allowed = table(markdown, 'Allowed').map(([language, phrase, , only]) => ({
    language,
    phrase: phrases(phrase)[0] ?? '',
    only: phrases(only),
  }));
  for (const entry of allowed)
    if (!['de', 'en'].includes(entry.language) || entry.phrase === '')
      throw new Error(`docs/glossary.md: an "Allowed" row needs a language (de or en) and a phrase in backticks`);
  return { terms, allowed };
}

/** Finds `phrase` as a whole word or phrase: no letter, digit or hyphen right before or after it. */
function wholePhrase(phrase) {
  return new RegExp(`(?<![\\p{L}\\p{N}-])${escape(phrase)}(?![\\p{L}\\p{N}-])`, 'giu');
}

function without(text, phrasesToRemove) {
  let rest = text;
  for (const phrase of [...phrasesToRemove].sort((a, b) => b.length - a.length))
    rest = rest.replace(wholePhrase(phrase), ' ');
  return rest;
}

/**
 * The problems of `messages` (id → text) in `language` ('de' or 'en') against `glossary`, each a
 * line that names the message and what it found.
 */
export function checkMessages(messages, language, glossary, source = `${language}.json`) {
  const problems = [];
  for (const [id, text] of Object.entries(messages)) {
    const allowed = glossary.allowed
      .filter((entry) => entry.language === language && (entry.only.length === 0 || entry.only.includes(id)))
      .map((entry) => entry.phrase);
    // Placeholder and tag names (`{tutorial}`, `<link>`) are code, not words.
    const words = text.replace(/\{\s*[\w.]+/g, '{').replace(/<\/?[\w-]+>/g, ' ');
    const rest = without(words, allowed);
    const reported = new Set();
    for (const term of glossary.terms) {
      const own = without(rest, term.chosen[language] ?? []);
      for (const variant of term.ruledOut[language] ?? []) {
        const found = own.match(wholePhrase(variant));
        if (found && !reported.has(found[0].toLowerCase()))
          problems.push(
            `${source} "${id}" uses "${found[0]}", which docs/glossary.md rules out for ${term.concept} (say ${
              (term.chosen[language] ?? []).map((chosen) => `"${chosen}"`).join(' or ') || 'it otherwise'
            })`,
          ) && reported.add(found[0].toLowerCase());
      }
    }
    const plainSpaces = [
      ...text.matchAll(PLAIN_SPACE_BEFORE_UNIT),
      ...(language === 'de'
        ? [...text.matchAll(PLAIN_SPACE_BEFORE_TIME_UNIT_DE), ...text.matchAll(PLAIN_SPACE_IN_VAT_DE)]
        : []),
    ];
    for (const match of plainSpaces)
      problems.push(
        `${source} "${id}" has a plain space before "${match[2]}" ("${match[0]}"): write a non-breaking space (U+00A0)`,
      );
    const ellipsis = language === 'de' ? /(?<![\s\u00a0])…/u : /[\s\u00a0]…/u;
    if (ellipsis.test(rest))
      problems.push(
        language === 'de'
          ? `${source} "${id}" has "…" without a space before it (German writes "Wird gespeichert …"; see docs/glossary.md)`
          : `${source} "${id}" has a space before "…" (English writes "Saving…"; see docs/glossary.md)`,
      );
  }
  return problems;
}
