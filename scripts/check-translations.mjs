#!/usr/bin/env node
/**
 * Fails when translations/en.json is not what the code declares (run `npm run i18n -- extract`),
 * when de.json misses a message or keeps one the code no longer uses, or when a German message
 * does not parse or uses other placeholders than its English original; and when a message, or a
 * German text of the feedback widget, uses a term that docs/glossary.md rules out or a plain space
 * before a unit (scripts/glossary.mjs).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { checkMessages, readGlossary } from './glossary.mjs';

const root = new URL('..', import.meta.url).pathname;

/** The feedback widget's German texts (SPEC §9), which live in the code rather than in de.json. */
function feedbackTexts() {
  const source = readFileSync(join(root, 'src/reporting/feedback/feedback-texts.ts'), 'utf8');
  const texts = {};
  for (const match of source.matchAll(/^\s*(\w+):\s*\n?\s*'((?:[^'\\]|\\.)*)'/gm)) texts[match[1]] = match[2];
  return texts;
}
const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
const extracted = join(dir, 'en.json');
try {
  execFileSync(
    join(root, 'node_modules/.bin/formatjs'),
    [
      'extract',
      'src/**/*.{ts,tsx}',
      '--ignore',
      'src/**/*.d.ts',
      '--format',
      'simple',
      '--preserve-whitespace',
      '--out-file',
      extracted,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const declared = JSON.parse(readFileSync(extracted, 'utf8'));
  const en = JSON.parse(readFileSync(join(root, 'translations/en.json'), 'utf8'));
  const de = JSON.parse(readFileSync(join(root, 'translations/de.json'), 'utf8'));
  const problems = [];

  for (const [id, text] of Object.entries(declared)) {
    if (en[id] !== text) problems.push(`en.json is stale for "${id}" (run npm run i18n -- extract)`);
    if (typeof de[id] !== 'string' || de[id].trim() === '') problems.push(`de.json misses "${id}"`);
  }
  for (const id of Object.keys(en))
    if (!(id in declared)) problems.push(`en.json keeps unused "${id}" (run npm run i18n -- extract)`);
  for (const id of Object.keys(de)) if (!(id in declared)) problems.push(`de.json keeps unused "${id}"`);

  const argumentsOf = (message, id, language) => {
    const names = new Set();
    const walk = (elements) => {
      for (const element of elements) {
        if (element.type !== TYPE.literal && element.type !== TYPE.pound && 'value' in element)
          names.add(element.value);
        if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
        if ('children' in element) walk(element.children);
      }
    };
    try {
      walk(parse(message));
    } catch (error) {
      problems.push(`${language} message "${id}" does not parse: ${error.message}`);
    }
    return [...names].sort().join(',');
  };
  for (const [id, text] of Object.entries(declared)) {
    if (typeof de[id] !== 'string') continue;
    const english = argumentsOf(text, id, 'en');
    const german = argumentsOf(de[id], id, 'de');
    if (english !== german) problems.push(`de message "${id}" uses {${german}} where English uses {${english}}`);
  }

  const glossary = readGlossary(readFileSync(join(root, 'docs/glossary.md'), 'utf8'));
  problems.push(...checkMessages(en, 'en', glossary), ...checkMessages(de, 'de', glossary));
  problems.push(...checkMessages(feedbackTexts(), 'de', glossary, 'feedback-texts.ts'));

  const count = Object.keys(declared).length;
  if (problems.length > 0) {
    console.error(`Translations: ${problems.length} problem(s) in ${count} messages:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`Translations: ${count} messages, complete in en and de.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
