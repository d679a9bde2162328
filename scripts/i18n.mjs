#!/usr/bin/env node
// @ts-check
/** `npm run i18n -- extract | check | add-de`: the messages of translations/. */
import { dispatch, run } from './lib/commands.mjs';

await dispatch('npm run i18n -- extract | check | add-de', {
  extract: {
    what: 'rewrites translations/en.json from the messages declared in the code',
    run: (rest) =>
      run('formatjs', [
        'extract',
        'src/**/*.{ts,tsx}',
        '--ignore',
        'src/**/*.d.ts',
        '--out-file',
        'translations/en.json',
        '--format',
        'simple',
        '--preserve-whitespace',
        ...rest,
      ]),
  },
  check: {
    what: 'every message in both languages with the same placeholders, none unused, the glossary kept',
    run: (rest) => run('node', ['scripts/check-translations.mjs', ...rest]),
  },
  'add-de': {
    what: 'adds the German texts given for new messages to translations/de.json',
    run: (rest) => run('node', ['scripts/i18n-add-de.mjs', ...rest]),
  },
});
