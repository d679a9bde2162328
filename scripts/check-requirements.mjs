#!/usr/bin/env node
/**
 * Every reference to the specification must resolve in docs/requirements.md, so that a clone of the
 * repository can follow it. Reads the sections (`## §n …`) and requirement ids (`**Rn.m**`) of that
 * file, then scans src/, tests/, scripts/, docs/, deploy/ and README.md for
 *
 *   - a section sign directly followed by a number (`SPEC §5`, `SPEC §3/§7`, `§4 and §9`): the section;
 *   - a section and a number (`SPEC §2.4`): the requirement R2.4;
 *   - a requirement id (`R2.4`): that requirement.
 *
 * A legal paragraph is written with a space after the sign (`§ 312j BGB`) and is not a reference.
 * Fails with file:line for each reference that does not resolve, and when the requirements file
 * defines an id twice or under another section. In the requirements file itself only the cross
 * references are checked (its headings and its ids' definitions are not counted). Otherwise prints
 * how many references it checked.
 *
 *   node scripts/check-requirements.mjs [--root DIR]   (default: this repository)
 *
 * Exit codes: 0 all resolve, 1 some do not, 2 bad arguments or no requirements file.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const requirementsFile = 'docs/requirements.md';
/** What is scanned, relative to the root; a missing entry is skipped. */
export const scanned = ['src', 'tests', 'scripts', 'docs', 'deploy', 'README.md'];
const skippedDirectories = new Set(['node_modules', 'dist', 'dist-demo', '.git', 'coverage', 'test-results']);
const textExtensions = new Set([
  'ts',
  'tsx',
  'js',
  'mjs',
  'cjs',
  'json',
  'md',
  'conf',
  'css',
  'html',
  'sh',
  'yml',
  'yaml',
  'txt',
  'svg',
]);

const sectionHeading = /^##\s+§(\d+)\b/;
const requirementDefinition = /^\s*-\s+\*\*R(\d+)\.(\d+)\*\*/;
/** `§n`, `§n.m` or `Rn.m` (the last not inside a longer word). */
const reference = /§(\d+)(?:\.(\d+))?|(?<![\w.])R(\d+)\.(\d+)/g;

/** The sections and requirement ids that docs/requirements.md defines, and what is wrong with them. */
export function readRequirements(text) {
  const sections = new Set();
  const ids = new Set();
  const problems = [];
  let section = null;
  text.split('\n').forEach((line, index) => {
    const heading = sectionHeading.exec(line);
    if (heading) {
      section = heading[1];
      sections.add(section);
      return;
    }
    const definition = requirementDefinition.exec(line);
    if (!definition) return;
    const id = `R${definition[1]}.${definition[2]}`;
    if (ids.has(id)) problems.push(`${requirementsFile}:${index + 1}: ${id} is defined twice`);
    if (definition[1] !== section)
      problems.push(`${requirementsFile}:${index + 1}: ${id} is not under ## §${definition[1]}`);
    ids.add(id);
  });
  return { sections, ids, problems };
}

/** The references in one text, each with its line, its wording and what it must resolve to. */
export function findReferences(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(reference)) {
      const [wording, section, number, rSection, rNumber] = match;
      if (rSection !== undefined) found.push({ line: index + 1, wording, id: `R${rSection}.${rNumber}` });
      else if (number !== undefined) found.push({ line: index + 1, wording, id: `R${section}.${number}` });
      else found.push({ line: index + 1, wording, section });
    }
  });
  return found;
}

/** The requirements file with its section headings and its ids' definitions blanked, lines kept. */
function withoutDefinitions(text) {
  return text
    .split('\n')
    .map((line) => (sectionHeading.test(line) ? '' : line.replace(requirementDefinition, '')))
    .join('\n');
}

function filesUnder(root, entry) {
  const path = join(root, entry);
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => join(dirent.parentPath, dirent.name))
    .filter(
      (file) =>
        !relative(root, file)
          .split(sep)
          .some((part) => skippedDirectories.has(part)),
    )
    .filter((file) => textExtensions.has(file.slice(file.lastIndexOf('.') + 1)));
}

/** Checks every reference under `root`; returns what was checked and what does not resolve. */
export function checkRequirements(root) {
  const definitions = join(root, requirementsFile);
  if (!existsSync(definitions)) return { error: `No ${requirementsFile} under ${root}.` };
  const { sections, ids, problems } = readRequirements(readFileSync(definitions, 'utf8'));
  const unresolved = [...problems];
  let references = 0;
  let files = 0;
  for (const file of scanned.flatMap((entry) => filesUnder(root, entry)).sort()) {
    const name = relative(root, file).split(sep).join('/');
    const text = readFileSync(file, 'utf8');
    const found = findReferences(name === requirementsFile ? withoutDefinitions(text) : text);
    if (found.length > 0) files += 1;
    references += found.length;
    for (const { line, wording, section, id } of found) {
      if (section !== undefined && !sections.has(section)) {
        unresolved.push(`${name}:${line}: ${wording}: there is no section §${section}`);
      } else if (id !== undefined && !ids.has(id)) {
        unresolved.push(`${name}:${line}: ${wording}: there is no requirement ${id}`);
      }
    }
  }
  return { references, files, sections: sections.size, ids: ids.size, unresolved };
}

function rootFrom(args) {
  const at = args.indexOf('--root');
  if (at === -1) return fileURLToPath(new URL('..', import.meta.url));
  const value = args[at + 1];
  return value === undefined || value.startsWith('--') ? null : resolve(value);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const root = rootFrom(args);
  if (
    root === null ||
    args.some((arg, index) => arg.startsWith('--') && arg !== '--root' && args[index - 1] !== '--root')
  ) {
    console.error('Usage: node scripts/check-requirements.mjs [--root DIR]');
    process.exit(2);
  }
  const result = checkRequirements(root);
  if (result.error !== undefined) {
    console.error(result.error);
    process.exit(2);
  }
  if (result.unresolved.length > 0) {
    console.error(`${result.unresolved.length} reference(s) do not resolve in ${requirementsFile}:`);
    for (const line of result.unresolved) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(
    `Requirements: ${result.references} references in ${result.files} files resolve ` +
      `(${result.sections} sections, ${result.ids} requirements in ${requirementsFile}).`,
  );
}
