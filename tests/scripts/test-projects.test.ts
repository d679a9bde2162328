import { readFileSync } from 'node:fs';
import { glob } from 'tinyglobby';
import type { UserConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from '../../vite.config';
import contractConfig from '../../vitest.contract.config';

type ConfigFunction = (env: { mode: string; command: 'serve' | 'build' }) => UserConfig;

/** The files each Vitest project runs (`npm test`, `npm run test:tooling`, `npm run test:heavy`), and those of `npm run contract -- test`. */
async function filesByProject() {
  const config = (viteConfig as ConfigFunction)({ mode: 'test', command: 'serve' });
  const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];
  const runs = projects.map(async ({ test }) => ({
    name: test?.name as string,
    files: await glob(test?.include ?? [], { ignore: test?.exclude ?? [] }),
  }));
  const contract = contractConfig.test?.include ?? [];
  return [...(await Promise.all(runs)), { name: 'contract', files: await glob(contract) }];
}

describe('the test projects', () => {
  it('run every test file of the project exactly once, in Node or in a document', async () => {
    const projects = await filesByProject();
    const all = await glob('tests/**/*.test.{ts,tsx}');
    const runs = new Map(
      all.map((file) => [
        file,
        projects.filter((project) => project.files.includes(file)).map((project) => project.name),
      ]),
    );
    expect([...runs].filter(([, names]) => names.length !== 1)).toEqual([]);
    expect(projects.map((project) => project.name)).toEqual(['node', 'tooling', 'dom', 'heavy', 'page', 'contract']);
    // A rendered view needs a document: no .tsx test runs in the node projects.
    expect(projects.slice(0, 2).flatMap((project) => project.files.filter((file) => file.endsWith('.tsx')))).toEqual(
      [],
    );
  });

  it('start the Sentry SDK only on a page of its own: its client is global, and node and dom files share modules', async () => {
    const projects = await filesByProject();
    const shared = projects.filter((project) => ['node', 'tooling', 'dom', 'heavy'].includes(project.name));
    const starting = shared
      .flatMap((project) => project.files)
      .filter((file) => /\b(initSentry|startReporting)\(/.test(readFileSync(file, 'utf8')));
    expect(starting).toEqual([]);
  });

  it('are each run by an npm script that CI runs', async () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const validate = readFileSync('scripts/validate.mjs', 'utf8');
    const run = ['test', 'test:tooling', 'test:heavy'].filter((name) =>
      name === 'test' ? validate.includes("['test']") : validate.includes(`'${name}'`),
    );
    expect(run).toEqual(['test', 'test:tooling', 'test:heavy']);
    const named = run.flatMap((name) =>
      [...(scripts[name] ?? '').matchAll(/--project (\S+)/g)].map((match) => match[1]),
    );
    const vitest = (await filesByProject()).map((project) => project.name).filter((name) => name !== 'contract');
    expect(named.sort()).toEqual(vitest.sort());
  });
});

describe('the benchmark of the dashboard', () => {
  it('has a project of its own, for `npm run bench -- dashboard`, only while the bench asks for it', async () => {
    expect((await filesByProject()).map((project) => project.name)).not.toContain('bench');
    vi.stubEnv('DASHBOARD_BENCH_OUT', 'bench-results/dashboard-render.json');
    try {
      const config = (viteConfig as ConfigFunction)({ mode: 'test', command: 'serve' });
      const projects = (config.test?.projects ?? []) as TestProjectInlineConfiguration[];
      const bench = projects.find(({ test }) => test?.name === 'bench');
      expect(bench?.test?.environment).toBe('jsdom');
      expect(await glob(bench?.test?.include ?? [])).toEqual(['tests/bench/dashboard-render.bench.tsx']);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the number of cases per property', () => {
  async function runsWith(ci: string | undefined) {
    vi.resetModules();
    vi.stubEnv('CI', ci);
    try {
      return (await import('../support/property-runs')).propertyRuns;
    } finally {
      vi.unstubAllEnvs();
    }
  }

  it('is at least 3000 in CI and moderate in the change-test loop', async () => {
    expect(await runsWith('true')).toBeGreaterThanOrEqual(3000);
    const local = await runsWith(undefined);
    expect(local).toBeGreaterThan(0);
    expect(local).toBeLessThan(3000);
  });
});
