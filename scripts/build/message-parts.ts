/**
 * Splits the translations into parts, so that a first visit loads only the messages its page can
 * show (docs/decisions/020). The `core` part holds every message that the app itself or a module
 * it imports can show; each page directory of src/views gets a part with every other message its
 * own modules name, those it shares with other pages included (decision 047).
 *
 * Which page can show a message follows from the import graph of src: src/main.tsx and what it
 * imports make `core`; each page that src/app/router.tsx loads with
 * `preloadable(() => import('../views/<dir>/…'), '<dir>')` starts its own part, and every module
 * it imports (statically or not) belongs to that part, and to the part of every other page that
 * reaches it, unless `core` reaches it too. A message id that no module names literally stays in
 * `core`, so the split can only ever put a message where fewer pages load it when the modules of
 * those pages name it.
 *
 * A view may load a piece of its own on demand the same way (`preloadable(() =>
 * import('../<dir>/…'), '<dir>')` in a module of src/views: the login's second step, issue 44):
 * that piece starts a part too, so that its messages stay out of the first visit of the page
 * that loads it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const corePart = 'core';

const routesFile = 'src/app/router.tsx';
const entryFile = 'src/main.tsx';

/** The source files of the app (src/**.ts(x)), by path relative to `root`. */
function readSources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
        sources.set(relative(root, path), readFileSync(path, 'utf8'));
    }
  };
  walk(join(root, 'src'));
  return sources;
}

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)'(\.{1,2}\/[^']+)'/g;

function resolveImport(from: string, specifier: string, sources: Map<string, string>): string | undefined {
  const base = join(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) =>
    sources.has(path),
  );
}

/** The pages that src/app/router.tsx loads lazily, by their directory; throws on a page without its part. */
export function pagesOf(routes: string): { module: string; part: string }[] {
  const pages: { module: string; part: string }[] = [];
  for (const match of routes.matchAll(/import\('(\.\.\/views\/([^/']+)\/[^']*)'\)(?:, '([^']*)'\))?/g)) {
    const [, module = '', directory = '', part] = match;
    if (part !== directory) {
      throw new Error(
        `${routesFile}: the page ${module} must be preloadable(() => import('${module}'), '${directory}'), so that its messages load with it`,
      );
    }
    pages.push({ module, part });
  }
  return pages;
}

/**
 * The pieces that views load on demand with a part of their own, by the module that starts them:
 * `preloadable(() => import('<path>'), '<dir>')` where the path leads to `src/views/<dir>/`.
 * Throws on such a piece whose part is not named after its directory.
 */
export function piecesOf(file: string, text: string, sources: Map<string, string>): { module: string; part: string }[] {
  const pieces: { module: string; part: string }[] = [];
  for (const match of text.matchAll(
    /preloadable(?:<[^>]*>)?\(\s*\(\)\s*=>\s*import\('(\.{1,2}\/[^']+)'\)(?:,\s*'([^']*)')?/g,
  )) {
    const [, specifier = '', part] = match;
    const module = resolveImport(file, specifier, sources);
    const directory = module?.match(/^src\/views\/([^/]+)\//)?.[1];
    if (module === undefined || directory === undefined) continue;
    if (part !== directory) {
      throw new Error(
        `${file}: the piece ${specifier} must be preloadable(() => import('${specifier}'), '${directory}'), so that its messages load with it`,
      );
    }
    pieces.push({ module, part });
  }
  return pieces;
}

/** The modules that start a part of their own: the pages of the routes and the views' pieces. */
function partRoots(sources: Map<string, string>): Map<string, string> {
  const routes = sources.get(routesFile);
  if (routes === undefined) throw new Error(`No ${routesFile}`);
  const roots = new Map(
    pagesOf(routes).flatMap(({ module, part }) => {
      const file = resolveImport(routesFile, module, sources);
      return file ? [[file, part] as const] : [];
    }),
  );
  for (const [file, text] of sources) {
    if (!file.startsWith('src/views/')) continue;
    for (const { module, part } of piecesOf(file, text, sources)) roots.set(module, part);
  }
  return roots;
}

/** For every source file, the parts whose pages can load it. */
function partsOfFiles(sources: Map<string, string>): Map<string, Set<string>> {
  const pageRoots = partRoots(sources);
  const parts = new Map<string, Set<string>>();
  const visit = (start: string, part: string) => {
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      const found = parts.get(file) ?? new Set<string>();
      if (found.has(part)) continue;
      found.add(part);
      parts.set(file, found);
      for (const match of (sources.get(file) ?? '').matchAll(importPattern)) {
        const target = resolveImport(file, match[1] ?? '', sources);
        // A page loaded by the routes starts its own part.
        if (target && !pageRoots.has(target)) queue.push(target);
      }
    }
  };
  visit(entryFile, corePart);
  for (const [file, part] of pageRoots) visit(file, part);
  return parts;
}

/**
 * The parts of each message id: `core` alone, or the part of every page whose modules name it. A
 * message that several pages share (and the app does not) is in each of their parts, so that no
 * page's first visit loads the messages of pages it does not show.
 */
export function partitionMessages(ids: Iterable<string>, sources: Map<string, string>): Map<string, string[]> {
  const fileParts = partsOfFiles(sources);
  const literals = new Map<string, Set<string>>();
  for (const [file, text] of sources) {
    const partsOfFile = fileParts.get(file);
    if (!partsOfFile) continue;
    for (const match of text.matchAll(/'([^'\n\\]+)'|"([^"\n\\]+)"|`([^`$\\]+)`/g)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? '';
      const known = literals.get(literal) ?? new Set<string>();
      for (const part of partsOfFile) known.add(part);
      literals.set(literal, known);
    }
  }
  const result = new Map<string, string[]>();
  for (const id of ids) {
    const partsOfId = literals.get(id);
    result.set(id, !partsOfId || partsOfId.has(corePart) ? [corePart] : [...partsOfId].sort());
  }
  return result;
}

/** The parts of a language's messages, every page part present (an empty one included). */
export function splitMessages<T>(
  messages: Record<string, T>,
  partOf: Map<string, string[]>,
  parts: Iterable<string>,
): Map<string, Record<string, T>> {
  const split = new Map<string, Record<string, T>>([
    [corePart, {}],
    ...[...parts].map((part) => [part, {}] as [string, Record<string, T>]),
  ]);
  for (const [id, message] of Object.entries(messages)) {
    for (const part of partOf.get(id) ?? [corePart]) (split.get(part) as Record<string, T>)[id] = message;
  }
  return split;
}

/** Reads the sources under `root` and partitions the ids of translations/en.json. */
export function partitionProject(root: string): { partOf: Map<string, string[]>; parts: string[] } {
  const sources = readSources(root);
  const english = resolve(root, 'translations/en.json');
  const ids = existsSync(english) ? Object.keys(JSON.parse(readFileSync(english, 'utf8')) as object) : [];
  const parts = [...new Set(partRoots(sources).values())];
  return { partOf: partitionMessages(ids, sources), parts };
}
