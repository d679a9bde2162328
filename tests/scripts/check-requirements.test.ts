import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { findReferences, readRequirements } from '../../scripts/check-requirements.mjs';

const script = join(process.cwd(), 'scripts/check-requirements.mjs');
const folder = mkdtempSync(join(tmpdir(), 'requirements-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The references below are built from parts, so that this file holds none that the check of the
// real repository would read (and fail on).
const sign = '\u00a7';
const spec = (section: string) => `SPEC ${sign}${section}`;
const id = (number: string) => `R${number}`;

const requirements = [
  '# Requirements',
  '',
  `## ${sign}1 Purpose`,
  '',
  `- **${id('1.1')}** The portal serves customers.`,
  `- **${id('1.2')}** Visitors order licences (see ${id('1.1')}).`,
  '',
  `## ${sign}2 Screens`,
  '',
  `- **${id('2.1')}** The routes.`,
].join('\n');

let roots = 0;
/** A repository of its own with the given files, each path relative to its root. */
function repository(files: Record<string, string>) {
  roots += 1;
  const root = join(folder, `repo-${roots}`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function check(...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
}

describe('the requirements check', () => {
  it('reads the sections and ids of the requirements file and finds ids defined twice or out of place', () => {
    const read = readRequirements(requirements) as { sections: Set<string>; ids: Set<string>; problems: string[] };
    expect([...read.sections]).toEqual(['1', '2']);
    expect([...read.ids]).toEqual([id('1.1'), id('1.2'), id('2.1')]);
    expect(read.problems).toEqual([]);

    const wrong = readRequirements(`${requirements}\n- **${id('2.1')}** Again.\n- **${id('1.3')}** Misplaced.`) as {
      problems: string[];
    };
    expect(wrong.problems).toEqual([
      `docs/requirements.md:11: ${id('2.1')} is defined twice`,
      `docs/requirements.md:12: ${id('1.3')} is not under ## ${sign}1`,
    ]);
  });

  it('finds sections, sections with a number and requirement ids, but not a legal paragraph', () => {
    const text = `// ${spec('3')}/${sign}7 and ${sign}9\n// ${spec('2.4')}, ${id('5.1')}; ${sign} 312j BGB; HTTP/1.1; XR1.2`;
    expect(findReferences(text)).toEqual([
      { line: 1, wording: `${sign}3`, section: '3' },
      { line: 1, wording: `${sign}7`, section: '7' },
      { line: 1, wording: `${sign}9`, section: '9' },
      { line: 2, wording: `${sign}2.4`, id: id('2.4') },
      { line: 2, wording: id('5.1'), id: id('5.1') },
    ]);
  });

  it('passes a repository whose references all resolve and says how many it checked', () => {
    const root = repository({
      'docs/requirements.md': requirements,
      'src/login.ts': `/** The login (${spec('1')}, ${id('1.2')}). */\nexport {};\n`,
      'tests/routes.test.ts': `// ${spec('2')} and ${spec('2.1')}\n`,
      'deploy/nginx/portal.conf': `# ${spec('2')}\n`,
      'README.md': `The calls of ${spec('1')}.\n`,
      'node_modules/some-package/index.js': `// ${spec('8')}\n`,
    });
    const result = check('--root', root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    // Six in the four files, one in the requirements file's own text; none in node_modules.
    expect(result.stdout).toContain('7 references in 5 files resolve');
  });

  it('fails on a section or an id that does not exist, naming each by file and line', () => {
    const root = repository({
      'docs/requirements.md': requirements,
      'src/ok.ts': `// ${spec('1')}\n`,
      'src/shop.ts': `export {};\n// The catalogue (${spec('7')}).\n`,
      'docs/decisions/001-x.md': `Context\n\n${spec('2.9')} and ${id('1.3')} say so.\n`,
    });
    const result = check('--root', root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('3 reference(s) do not resolve');
    expect(result.stderr).toContain(`docs/decisions/001-x.md:3: ${sign}2.9: there is no requirement ${id('2.9')}`);
    expect(result.stderr).toContain(`docs/decisions/001-x.md:3: ${id('1.3')}: there is no requirement ${id('1.3')}`);
    expect(result.stderr).toContain(`src/shop.ts:2: ${sign}7: there is no section ${sign}7`);
    expect(result.stderr).not.toContain('src/ok.ts');
  });

  it('checks the cross references inside the requirements file, not its own headings and ids', () => {
    const root = repository({ 'docs/requirements.md': `${requirements}\n- **${id('2.2')}** As ${id('2.7')} says.` });
    const result = check('--root', root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`docs/requirements.md:11: ${id('2.7')}: there is no requirement ${id('2.7')}`);
    expect(result.stderr).not.toContain(`${id('2.2')}:`);
  });

  it('refuses to run without a requirements file or with an unknown argument', () => {
    expect(check('--root', repository({ 'src/a.ts': `// ${spec('1')}\n` })).status).toBe(2);
    const unknown = check('--strict');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Usage');
  });

  it('passes on this repository', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Requirements: \d+ references in \d+ files resolve/);
  });
});
