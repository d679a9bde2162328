/**
 * `portal/words-in-jsx`: words written into a view's JSX, which a customer would read in one
 * language only. Every text a customer reads comes from the message catalogue (react-intl), so a
 * view shows itself in German and English alike; what is left in JSX may be punctuation, symbols
 * and spaces, and the content of `<code>` (commands and host names are not translated). An
 * attribute a screen reader or a browser reads (aria-label, alt, title, placeholder) counts as text.
 * Because of this rule a view's behaviour is tested in one language (docs/decisions/056).
 */
const letter = /\p{L}/u;
const readAttributes = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'alt', 'title', 'placeholder']);

/** Inside `<code>`: a command or an address, the same in every language. */
function insideCode(node) {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (
      parent.type === 'JSXElement' &&
      parent.openingElement.name.type === 'JSXIdentifier' &&
      parent.openingElement.name.name === 'code'
    ) {
      return true;
    }
  }
  return false;
}

/** The words of a literal string or template (its fixed parts). */
function wordsOf(expression) {
  if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value;
  if (expression.type === 'TemplateLiteral')
    return expression.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
  return '';
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Text a customer reads comes from the message catalogue, not from JSX.' },
    messages: {
      words: 'Words in JSX ("{{words}}") are read in one language only: take them from the message catalogue.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, words) =>
      context.report({ node, messageId: 'words', data: { words: words.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (!letter.test(node.value) || insideCode(node)) return;
        // Reported where the words start, the line a disable comment names, not where the text node
        // starts (after the previous element's line break).
        const start = context.sourceCode.getLocFromIndex(node.range[0] + node.value.search(/\S/));
        context.report({ loc: start, messageId: 'words', data: { words: node.value.trim().slice(0, 40) } });
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        const words = wordsOf(node.expression);
        if (letter.test(words) && !insideCode(node)) report(node, words);
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !readAttributes.has(node.name.name) || !node.value) return;
        const words =
          node.value.type === 'JSXExpressionContainer' ? wordsOf(node.value.expression) : wordsOf(node.value);
        if (letter.test(words)) report(node, words);
      },
    };
  },
};
