/** Types of scripts/eslint/words-in-jsx.mjs, for its test. */
import type { Rule } from 'eslint';

declare const wordsInJsx: Rule.RuleModule;
export default wordsInJsx;
