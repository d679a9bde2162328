import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();

/** The paths named in the feature map of docs/architecture.md, row by row. */
function featureMap(): { feature: string; paths: string[] }[] {
  const text = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = text.split('\n## Feature map\n')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| feature') && !line.startsWith('| ---'))
    .map((line) => ({
      feature: line.split('|')[1]?.trim() ?? '',
      paths: [...line.matchAll(/`((?:src|tests)\/[^`]*)`/g)].map((match) => match[1] ?? ''),
    }));
}

const filesIn = (folder: string) =>
  readdirSync(join(root, folder))
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `${folder}/${name}`);
const foldersIn = (folder: string) =>
  readdirSync(join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}/`);

describe('the feature map of docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const rows = featureMap();
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.flatMap((row) => row.paths).filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('places every API module, domain rule, machine, mock handler and view folder in a row', () => {
    const named = new Set(featureMap().flatMap((row) => row.paths));
    const expected = [
      ...filesIn('src/api'),
      ...filesIn('src/domain'),
      ...filesIn('src/machines'),
      ...filesIn('src/mocks/handlers'),
      ...foldersIn('src/views'),
    ];
    expect(expected.filter((path) => !named.has(path))).toEqual([]);
  });
});
