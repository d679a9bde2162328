import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(import.meta.url), '../../..');

interface Report {
  ok: boolean;
  problems: string[];
  figures: Record<'off' | 'dsn only' | 'on', { firstLoad: number; lazy: number }>;
}

/**
 * Builds the wiring of src/main.tsx with Vite, with the flags off and on, in a separate Node
 * process (the build needs no DOM): scripts/check-reporting-bundle.mjs, which CI can run as well.
 */
async function checkBundle(): Promise<Report> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/check-reporting-bundle.mjs'], {
    cwd: root,
    // A production build, as CI makes it, not one in the test runner's mode.
    env: { ...process.env, NODE_ENV: 'production' },
  })
    .catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const last = stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last) as Report;
}

describe('the reporting code in the bundle', () => {
  it('is absent with the flags off and stays out of the first page with them on', async () => {
    const report = await checkBundle();
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // Off: no lazily loaded chunk exists at all, so nothing of Sentry can be fetched later either.
    expect(report.figures.off.lazy).toBe(0);
    expect(report.figures['dsn only'].lazy).toBe(0);
    // On: the SDK and the widget are all in chunks loaded after the first page.
    expect(report.figures.on.lazy).toBeGreaterThan(50 * 1024);
    expect(report.figures.on.firstLoad).toBeLessThan(3 * 1024);
  }, 120_000);
});
