import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = join(process.cwd(), 'scripts/count-casts.mjs');
const folder = mkdtempSync(join(tmpdir(), 'count-casts-'));
mkdirSync(join(folder, 'mocks'));
writeFileSync(
  join(folder, 'code.ts'),
  [
    'const a = value as string;',
    'const b = <number>other;',
    "const c = ['x', 'y'] as const;",
    'const d = thing as unknown as Date;',
  ].join('\n'),
);
writeFileSync(join(folder, 'view.tsx'), 'export const e = (props as { id: string }).id;\n');
writeFileSync(join(folder, 'mocks', 'db.ts'), 'export const f = row as Row;\n');

function count(...args: string[]) {
  const result = spawnSync(process.execPath, [script, folder, ...args], { encoding: 'utf8' });
  return { code: result.status, out: result.stdout };
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('scripts/count-casts.mjs', () => {
  it('counts as and angle-bracket assertions per file, but not as const', () => {
    const { code, out } = count();
    expect(code).toBe(0);
    expect(out).toMatch(/^\s+4\s+.*code\.ts \(line 1, 2, 4, 4\)$/m);
    expect(out).toMatch(/^\s+1\s+.*view\.tsx/m);
    expect(out).toMatch(/^\s+6\s+total$/m);
  });

  it('leaves out an excluded folder', () => {
    expect(count('--exclude', join(folder, 'mocks')).out).toMatch(/^\s+5\s+total$/m);
  });

  it('fails when the total is above the budget and passes at it', () => {
    expect(count('--max', '5').code).toBe(1);
    expect(count('--max', '6').code).toBe(0);
  });
});
