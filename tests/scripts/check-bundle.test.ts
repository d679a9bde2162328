import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleCanary } from '../../scripts/example-settings.mjs';

const script = join(process.cwd(), 'scripts/check-bundle.mjs');
const made: string[] = [];

interface Sizes {
  entry: number;
  dashboard?: number;
  /** The logged-in layout chunk, which src/app/router.tsx loads lazily for logged-in pages. */
  layout?: number;
  /** The shared chunk of src/api/auth.ts, which the session imports on first use (GET /me). */
  auth?: number;
  css?: number;
  /** The login page's chunk. */
  login?: number;
  /** The German core messages; English ones are 1000 bytes. */
  german?: number;
  /** The German messages of the dashboard page; English ones are 500 bytes. */
  germanDashboard?: number;
}

/**
 * A fake production build shaped like Vite's: random (incompressible) bytes, so gzip sizes are
 * about the sizes given. The boot script loads the app, which loads the pages and the logged-in
 * layout lazily; the session chunk loads the auth and language chunks lazily.
 */
function build(sizes: Sizes, extra: Record<string, string> = {}): string {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-'));
  made.push(dist);
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, '.vite'), { recursive: true });
  const write = (name: string, bytes: number) => writeFileSync(join(dist, name), randomBytes(bytes));
  write('assets/index.js', 100);
  write('assets/main.js', sizes.entry);
  write('assets/session.js', 100);
  write('assets/messages-en-core.js', 1000);
  write('assets/messages-de-core.js', sizes.german ?? 1000);
  write('assets/messages-en-dashboard.js', 500);
  write('assets/messages-de-dashboard.js', sizes.germanDashboard ?? 500);
  write('assets/index.css', sizes.css ?? 2000);
  write('assets/login-page.js', sizes.login ?? 1000);
  write('assets/register-page.js', 1000);
  write('assets/reset-page.js', 1000);
  write('assets/landing-page.js', 1000);
  write('assets/licences.js', 200);
  write('assets/prerendered-form-reader.js', 300);
  write('assets/shop-page.js', 1000);
  write('assets/dashboard-page.js', sizes.dashboard ?? 1000);
  write('assets/portal-layout.js', sizes.layout ?? 1000);
  write('assets/auth.js', sizes.auth ?? 500);
  write('assets/login-call.js', 300);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dist, name), text);
  const messages = ['messages-en-core', 'messages-de-core', 'messages-en-dashboard', 'messages-de-dashboard'];
  const page = (name: string, imports: string[] = []) => ({
    file: `assets/${name}.js`,
    isDynamicEntry: true,
    imports: ['_session.js', 'src/main.tsx', ...imports],
  });
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index.js',
        css: ['assets/index.css'],
        isEntry: true,
        dynamicImports: ['src/main.tsx'],
      },
      'src/main.tsx': {
        file: 'assets/main.js',
        isDynamicEntry: true,
        imports: ['_session.js', 'index.html'],
        dynamicImports: [
          'src/lib/prerendered-form-reader.ts',
          'src/views/landing/landing-page.tsx',
          'src/views/login/login-page.tsx',
          'src/views/reset/reset-page.tsx',
          'src/views/register/register-page.tsx',
          'src/views/shop/shop-page.tsx',
          'src/views/dashboard/dashboard-page.tsx',
          'src/views/layout/portal-layout.tsx',
        ],
      },
      '_session.js': {
        file: 'assets/session.js',
        name: 'session',
        imports: ['index.html'],
        dynamicImports: ['virtual:portal-messages', '_auth.js'],
      },
      'virtual:portal-messages': {
        file: 'assets/portal-messages.js',
        dynamicImports: messages.map((part) => `virtual:portal-messages/${part}`),
      },
      '_auth.js': { file: 'assets/auth.js', name: 'auth' },
      // The login's call (src/api/login.ts), which the login page's first visit counts.
      'src/api/login.ts': { file: 'assets/login-call.js', isDynamicEntry: true },
      '_licences.js': { file: 'assets/licences.js', name: 'licences' },
      ...Object.fromEntries(
        messages.map((part) => [
          `virtual:portal-messages/${part}`,
          { file: `assets/${part}.js`, isDynamicEntry: true },
        ]),
      ),
      'src/views/login/login-page.tsx': page('login-page', ['_auth.js']),
      'src/views/register/register-page.tsx': page('register-page'),
      'src/views/reset/reset-page.tsx': page('reset-page', ['_auth.js']),
      'src/views/landing/landing-page.tsx': page('landing-page'),
      'src/lib/prerendered-form-reader.ts': { file: 'assets/prerendered-form-reader.js', isDynamicEntry: true },
      'src/views/shop/shop-page.tsx': { ...page('shop-page'), dynamicImports: ['_licences.js'] },
      'src/views/dashboard/dashboard-page.tsx': page('dashboard-page'),
      'src/views/layout/portal-layout.tsx': page('portal-layout'),
    }),
  );
  return dist;
}

function run(dist: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [script, dist, ...args], { encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

interface Figures {
  routes: Record<string, { js: number; css: number; files: string[] }>;
}

function figures(dist: string): Figures {
  return JSON.parse(run(dist, '--json').out) as Figures;
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

  it('fails when the landing page loads more than 103.5 kB of JavaScript', () => {
    const result = run(build({ entry: 106 * 1024 }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/JavaScript of \/ is 10\d\.\d kB, over its budget of 103.5 kB/);
  });

  it("prints issue 33's goals beside the figures and marks those a route is over", () => {
    const result = run(build({ entry: 96 * 1024 }));
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ {2}\/ +\d+\.\d kB .* 95\.0 kB over$/m);
    expect(result.out).toMatch(/^ {2}\/dashboard +\d+\.\d kB .* {8}-$/m);
  });

  it.each([
    { route: '/login', budget: 118.6, sizes: { login: 21 * 1024 }, figure: /12\d\.\d/ },
    { route: '/dashboard', budget: 146.5, sizes: { dashboard: 60 * 1024 }, figure: /16\d\.\d/ },
  ])(
    'fails when $route loads more than $budget kB although the landing page is within budget',
    ({ route, budget, sizes, figure }) => {
      const result = run(build({ entry: 100 * 1024, ...sizes }));
      expect(result.code).toBe(1);
      expect(result.out).toMatch(
        new RegExp(
          `JavaScript of ${route.replace('/', '\\/')} is ${figure.source} kB, over its budget of ${budget} kB`,
        ),
      );
      expect(result.out).not.toMatch(/JavaScript of \/ is/);
    },
  );

  it('counts the logged-in layout and the auth chunk in the first visit of the dashboard, not in the public pages', () => {
    const { routes } = figures(build({ entry: 10 * 1024 }));
    expect(routes['/dashboard']?.files).toEqual(
      expect.arrayContaining([
        'assets/main.js',
        'assets/dashboard-page.js',
        'assets/portal-layout.js',
        'assets/auth.js',
      ]),
    );
    expect(routes['/login']?.files).toContain('assets/login-call.js');
    for (const route of ['/', '/login', '/register', '/shop'])
      expect(routes[route]?.files).not.toContain('assets/portal-layout.js');
    expect(routes['/register']?.files).toEqual(
      expect.arrayContaining(['assets/main.js', 'assets/register-page.js', 'assets/prerendered-form-reader.js']),
    );
    expect(routes['/']?.files).not.toContain('assets/auth.js');
  });

  it('fails when the logged-in layout takes the dashboard over 146.5 kB', () => {
    // Without the layout (30 kB) the dashboard would load about 141 kB.
    const result = run(build({ entry: 100 * 1024, dashboard: 39 * 1024, layout: 30 * 1024 }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/JavaScript of \/dashboard is 17\d\.\d kB, over its budget of 146.5 kB/);
  });

  it('counts the core messages of the heavier language', () => {
    const { routes } = figures(build({ entry: 10 * 1024, german: 5000 }));
    expect(routes['/']?.files).toContain('assets/messages-de-core.js');
    expect(routes['/']?.files).not.toContain('assets/messages-en-core.js');
  });

  it('counts the messages of the dashboard page in its own first visit and in no other', () => {
    const { routes } = figures(build({ entry: 10 * 1024, german: 5000, germanDashboard: 3000 }));
    expect(routes['/dashboard']?.files).toEqual(
      expect.arrayContaining(['assets/messages-de-core.js', 'assets/messages-de-dashboard.js']),
    );
    for (const route of ['/', '/login', '/shop'])
      expect(routes[route]?.files).not.toContain('assets/messages-de-dashboard.js');
    expect(routes['/dashboard']?.files.filter((file) => file.startsWith('assets/messages-'))).toHaveLength(2);
  });

  it('fails when a measured page is missing from the manifest instead of leaving it out', () => {
    const dist = build({ entry: 10 * 1024 });
    const manifestPath = join(dist, '.vite/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    delete manifest['src/views/layout/portal-layout.tsx'];
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const result = run(dist);
    expect(result.code).toBe(1);
    expect(result.out).toContain('src/views/layout/portal-layout.tsx');
  });

  it('fails when the CSS is over 15 kB', () => {
    const result = run(build({ entry: 10 * 1024, css: 20 * 1024 }));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/CSS is 2\d\.\d kB, over its budget of 15 kB/);
  });

  it('fails when mock code slipped into the build', () => {
    const result = run(
      build({ entry: 10 * 1024 }, { 'mockServiceWorker.js': 'self.addEventListener("fetch", () => {})' }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('dist/ ships mockServiceWorker.js');
  });

  it('fails when a sample page of the dev server and the demo slipped into the build', () => {
    const result = run(
      build({ entry: 10 * 1024 }, { 'assets/config.js': 'const imprint = "https://www.example.com/imprint";' }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('sample settings: assets/config.js contains "https://www.example.com/"');
  });

  it('fails when the value of a VITE_ variable the portal does not read reached the build (decision 031)', () => {
    const result = run(
      build(
        { entry: 10 * 1024 },
        { 'assets/env.js': `const env = { ${bundleCanary.name}: "${bundleCanary.value}", MODE: "production" };` },
      ),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      `the build's whole environment: assets/env.js contains the unused ${bundleCanary.name}`,
    );
  });
});
