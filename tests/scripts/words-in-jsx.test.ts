import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import wordsInJsx from '../../scripts/eslint/words-in-jsx.mjs';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('portal/words-in-jsx', wordsInJsx, {
  valid: [
    { name: 'a message from the catalogue', code: 'const a = <p><FormattedMessage {...messages.title} /></p>;' },
    {
      name: 'punctuation, symbols and spaces',
      code: 'const a = <p>{text}{\' · \'}<span aria-hidden="true">✓ </span>–</p>;',
    },
    { name: 'a command in <code>', code: 'const a = <code>{`export PBS_REPOSITORY=${repository}`} backup</code>;' },
    { name: 'an attribute nobody reads', code: 'const a = <div className="card wide" data-state="open" />;' },
    { name: 'a label from the catalogue', code: 'const a = <nav aria-label={intl.formatMessage(messages.nav)} />;' },
  ],
  invalid: [
    { name: 'words as text', code: 'const a = <p>Saved</p>;', errors: [{ messageId: 'words', line: 1 }] },
    { name: 'German words too', code: "const a = <p>{'Gespeichert'}</p>;", errors: [{ messageId: 'words' }] },
    {
      name: 'words in a template',
      code: 'const a = <p>{`${count} datastores`}</p>;',
      errors: [{ messageId: 'words' }],
    },
    {
      name: 'a label a screen reader reads',
      code: 'const a = <nav aria-label="Main" />;',
      errors: [{ messageId: 'words' }],
    },
    {
      name: 'a placeholder',
      code: "const a = <input placeholder={'name@example.com'} />;",
      errors: [{ messageId: 'words' }],
    },
    {
      name: 'words on the line where they stand, not where the text node starts',
      code: 'const a = (\n  <p>\n    Saved\n  </p>\n);',
      errors: [{ messageId: 'words', line: 3 }],
    },
  ],
});
