import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = join(process.cwd(), 'scripts/check-bundle.mjs');
const made: string[] = [];

/** A fake production build: random (incompressible) bytes, so gzip sizes are about the sizes given. */
function build(sizes: { entry: number; dashboard?: number; css?: number }, extra: Record<string, string> = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-'));
  made.push(dist);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'), { recursive: true });
  const write = (name: string, bytes: number) => writeFileSync(join(dist, name), randomBytes(bytes));
  write('assets/index.js', sizes.entry);
  write('assets/en.js', 1000);
  write('assets/index.css', sizes.css ?? 2000);
  write('assets/dashboard-page.js', sizes.dashboard ?? 1000);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dist, name), text);
  writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify({
    'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true },
    'translations/en.json': { file: 'assets/en.js' },
    'src/views/dashboard/dashboard-page.tsx': { file: 'assets/dashboard-page.js', imports: ['index.html'] },
  }));
  return dist;
}

function run(dist: string) {
  const result = spawnSync(process.execPath, [script, dist], { encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('the bundle budget check', () => {
  afterEach(() => {
    for (const dist of made.splice(0)) rmSync(dist, { recursive: true, force: true });
  });

  it('passes a build within every budget', () => {
    const result = run(build({ entry: 60 * 1024, dashboard: 20 * 1024 }));
    expect(result.out).toContain('Bundle check passed');
    expect(result.code).toBe(0);
  });

  it('fails when the landing page loads more than 110 kB of JavaScript', () => {
    const result = run(build({ entry: 115 * 1024 }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/JavaScript of \/ is 11\d\.\d kB, over its budget of 110 kB/);
  });

  it('fails when the dashboard loads more than 150 kB although the landing page is within budget', () => {
    const result = run(build({ entry: 100 * 1024, dashboard: 60 * 1024 }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/JavaScript of \/dashboard is 16\d\.\d kB, over its budget of 150 kB/);
    expect(result.out).not.toMatch(/JavaScript of \/ is/);
  });

  it('fails when the CSS is over 15 kB', () => {
    const result = run(build({ entry: 10 * 1024, css: 20 * 1024 }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/CSS is 2\d\.\d kB, over its budget of 15 kB/);
  });

  it('fails when mock code slipped into the build', () => {
    const result = run(build({ entry: 10 * 1024 }, { 'mockServiceWorker.js': 'self.addEventListener("fetch", () => {})' }));
    expect(result.code).toBe(1);
    expect(result.out).toContain('dist/ ships mockServiceWorker.js');
  });
});
