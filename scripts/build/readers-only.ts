import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * A node of the syntax tree as far as this file reads it (ESTree, as the bundler's parser gives it).
 */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** What of a message descriptor only the translators read (docs/decisions/047). */
const translatorsOnly = new Set(['defaultMessage', 'description']);

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** The name of an object property's or a JSX attribute's key, if it is a plain one. */
function keyName(node: Node): string | undefined {
  const key = (node.type === 'JSXAttribute' ? node.name : node.key) as Node | undefined;
  if (!key || node.computed === true) return undefined;
  if (key.type === 'Identifier' || key.type === 'JSXIdentifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return undefined;
}

/** A text written out in the source: a string or a template without placeholders. */
const isText = (node: unknown): boolean =>
  isNode(node) &&
  ((node.type === 'Literal' && typeof node.value === 'string') ||
    (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0));

/**
 * The source ranges that cut the members marked in `cut` from `members` (an object's properties
 * or an element's attributes). In an object, each run of cut properties goes with the commas that
 * separate it from the kept ones, so that what is left is still an object (`closing`: where its
 * closing brace is).
 */
function cutsOf(members: Node[], cut: boolean[], separated: boolean, closing = 0): [number, number][] {
  if (!separated) return members.filter((_, index) => cut[index]).map((member) => [member.start, member.end]);
  const cuts: [number, number][] = [];
  for (let first = 0; first < members.length; first += 1) {
    if (!cut[first]) continue;
    let last = first;
    while (cut[last + 1]) last += 1;
    const next = members[last + 1];
    const previous = members[first - 1];
    const start = next || !previous ? (members[first] as Node).start : previous.end;
    // With nothing left, up to the closing brace (a trailing comma alone is no object).
    const end = next ? next.start : previous ? (members[last] as Node).end : closing;
    cuts.push([start, end]);
    first = last;
  }
  return cuts;
}

/**
 * A message descriptor's default message and description (`{ id, defaultMessage }` or
 * `<FormattedMessage id defaultMessage />`): members with an `id` and a `defaultMessage`.
 */
function messageCuts(members: Node[], separated: boolean): [number, number][] {
  const names = members.map(keyName);
  if (!names.includes('id') || !names.includes('defaultMessage')) return [];
  return cutsOf(
    members,
    names.map((name) => translatorsOnly.has(name ?? '')),
    separated,
  );
}

/**
 * The descriptions of a machine's states and transitions, written out in its `createMachine`
 * configuration; the context and everything computed (functions, calls) are left alone.
 */
function machineCuts(config: Node): [number, number][] {
  if (config.type === 'ArrayExpression') return (config.elements as unknown[]).filter(isNode).flatMap(machineCuts);
  if (config.type !== 'ObjectExpression') return [];
  const properties = (config.properties as Node[]).filter(isNode);
  const names = properties.map(keyName);
  const own = cutsOf(
    properties,
    properties.map((property, index) => names[index] === 'description' && isText(property.value)),
    true,
    config.end - 1,
  );
  return [
    ...own,
    ...properties.flatMap((property, index) =>
      names[index] === 'context' || property.type !== 'Property' || !isNode(property.value)
        ? []
        : machineCuts(property.value),
    ),
  ];
}

const isCreateMachine = (callee: unknown): boolean =>
  isNode(callee) &&
  ((callee.type === 'Identifier' && callee.name === 'createMachine') ||
    (callee.type === 'MemberExpression' && keyName({ ...callee, key: callee.property }) === 'createMachine'));

/** Every cut of a module's syntax tree, in source order. */
export function translatorsOnlyCuts(program: Node): [number, number][] {
  const cuts: [number, number][] = [];
  const visit = (node: Node) => {
    if (node.type === 'ObjectExpression') cuts.push(...messageCuts((node.properties as Node[]).filter(isNode), true));
    if (node.type === 'JSXOpeningElement') cuts.push(...messageCuts((node.attributes as Node[]).filter(isNode), false));
    if (node.type === 'CallExpression' && isCreateMachine(node.callee)) {
      const [config] = node.arguments as Node[];
      if (config) cuts.push(...machineCuts(config));
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(program);
  return cuts.sort(([a], [b]) => a - b);
}

/**
 * A build leaves out what only people read in the source: the default messages and descriptions
 * of the message descriptors, and the descriptions of the machines' states and transitions.
 *
 * The messages' defaults are there for the translators (`npm run i18n -- extract` reads them from
 * the source), but a build never shows one: every message is in translations/ in both languages
 * (the translation check), and a build carries no message parser that could format a default.
 * The machines' descriptions are there for the reviewers (`npm run diagrams` reads them from the
 * source machines); nothing in the portal reads them at run time. Left in, they were the English
 * text of every message a second time, and a paragraph per state, in the JavaScript of every page
 * (docs/decisions/047).
 */
export function readersOnly(): Plugin {
  return {
    name: 'portal-readers-only',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\/src\/.*\.tsx?$/.test(file) || !/defaultMessage|createMachine/.test(code)) return null;
      const program = this.parse(code, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }) as unknown as Node;
      const cuts = translatorsOnlyCuts(program);
      if (cuts.length === 0) return null;
      const edited = new MagicString(code);
      for (const [start, end] of cuts) edited.remove(start, end);
      return { code: edited.toString(), map: edited.generateMap({ hires: true, source: file }) };
    },
  };
}
