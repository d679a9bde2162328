#!/usr/bin/env node
/**
 * Counts the type assertions in the portal's code: `value as Type` and `<Type>value`, but not
 * `as const`, which asserts nothing about a type. Prints the count per file and the total.
 *
 *   node scripts/count-casts.mjs [dir …] [--exclude dir …] [--max N]
 *
 * The directories default to `src`. With `--max N` it fails when the total is above N.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const dirs = [];
const excluded = [];
let max;
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index];
  if (arg === '--max') max = Number(args[(index += 1)]);
  else if (arg === '--exclude') excluded.push(resolve(root, args[(index += 1)]));
  else dirs.push(resolve(root, arg));
}
if (dirs.length === 0) dirs.push(join(root, 'src'));
if (max !== undefined && !Number.isInteger(max)) {
  console.error('--max needs a whole number');
  process.exit(2);
}

function* sourceFiles(dir) {
  if (excluded.some((path) => dir === path || dir.startsWith(`${path}/`))) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !excluded.includes(path)) yield path;
  }
}

function isConstAssertion(type) {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'const';
}

function castsIn(path) {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && !isConstAssertion(node.type)) {
      found.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

let total = 0;
for (const dir of dirs) {
  for (const path of [...sourceFiles(dir)].sort()) {
    const lines = castsIn(path);
    if (lines.length === 0) continue;
    total += lines.length;
    console.log(`${String(lines.length).padStart(4)}  ${relative(root, path)} (line ${lines.join(', ')})`);
  }
}
console.log(`${String(total).padStart(4)}  total`);
if (max !== undefined && total > max) {
  console.error(`${total} type assertions, more than the budget of ${max}.`);
  process.exit(1);
}
