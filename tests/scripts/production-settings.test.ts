import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requiredProductionSettings, settingsMessage, settingsProblems } from '../../scripts/build/production-settings';
import { exampleSettings } from '../../scripts/example-settings.mjs';

const root = new URL('../..', import.meta.url).pathname;
const names = Object.keys(requiredProductionSettings);
const complete = {
  VITE_IMPRINT_URL: 'https://www.provider.example/impressum',
  VITE_PRIVACY_URL: 'https://www.provider.example/datenschutz',
  VITE_STATUS_URL: 'https://status.provider.example/',
  VITE_SERVICE_DESCRIPTION_URL: 'https://www.provider.example/leistungsbeschreibung.pdf',
  VITE_LEGAL_NOTES_URL: 'https://www.provider.example/agb',
  VITE_SUPPORT_EMAIL: 'support@provider.example',
  VITE_SALES_EMAIL: 'vertrieb@provider.example',
  VITE_SEPA_CREDITOR_NAME: 'Provider Hosting GmbH',
  VITE_SEPA_CREDITOR_ID: 'DE98ZZZ09999999999',
};
const production = { logoExists: (path: string) => path === '/partners/nord.svg' };

describe('the check of the production settings', () => {
  it('passes complete settings', () => {
    expect(settingsProblems(complete, production)).toEqual([]);
  });

  it('names every missing setting, blank ones included, in one line', () => {
    const problems = settingsProblems({ VITE_IMPRINT_URL: '  ' }, production);
    expect(problems).toEqual(names.map((name) => `${name} (missing)`));
    const message = settingsMessage(problems);
    expect(message.split('\n')).toHaveLength(1);
    for (const name of names) expect(message).toContain(name);
    expect(message).toContain('.env.production.example');
  });

  it.each([
    ['VITE_IMPRINT_URL', 'http://www.provider.example/impressum', 'not an https address'],
    ['VITE_PRIVACY_URL', '/datenschutz', 'not an https address'],
    ['VITE_STATUS_URL', 'status.provider.example', 'not an https address'],
    ['VITE_SUPPORT_EMAIL', 'support', 'not an email address'],
    ['VITE_SALES_EMAIL', 'vertrieb@provider', 'not an email address'],
    ['VITE_SEPA_CREDITOR_NAME', 'x'.repeat(71), 'longer than 70 characters'],
    ['VITE_SEPA_CREDITOR_ID', 'DE97ZZZ09999999999', 'not a SEPA creditor identifier such as DE98ZZZ09999999999'],
    ['VITE_SEPA_CREDITOR_ID', 'DE98ZZZ0999999999', 'not a SEPA creditor identifier such as DE98ZZZ09999999999'],
  ])('refuses %s = %j as %s', (name, value, why) => {
    expect(settingsProblems({ ...complete, [name]: value }, production)).toEqual([`${name} (${why})`]);
  });

  it('accepts partners whose logos are files in public/, and refuses other logos and samples in production', () => {
    const nord = { name: 'Systemhaus Nord', logo: '/partners/nord.svg', url: 'https://nord.example/' };
    expect(settingsProblems({ ...complete, VITE_PARTNERS: JSON.stringify([nord]) }, production)).toEqual([]);
    const missingLogo = JSON.stringify([{ ...nord, logo: '/partners/sued.svg' }]);
    expect(settingsProblems({ ...complete, VITE_PARTNERS: missingLogo }, production)).toEqual([
      'VITE_PARTNERS (partner Systemhaus Nord: /partners/sued.svg is not a file in public/)',
    ]);
    const samples = JSON.stringify([nord, { name: 'Datenwerk Süd', sample: true }]);
    expect(settingsProblems({ ...complete, VITE_PARTNERS: samples }, production)).toEqual([
      'VITE_PARTNERS (partner 1: a sample in a production build)',
    ]);
    expect(settingsProblems({ VITE_PARTNERS: samples }, null)).toEqual([]);
  });

  it('refuses a partner setting that is not a list of partners, in every mode', () => {
    expect(settingsProblems({ VITE_PARTNERS: '[{name:"x"}]' }, null)).toEqual(['VITE_PARTNERS (not JSON)']);
    expect(settingsProblems({ VITE_PARTNERS: '{"name":"x"}' }, null)).toEqual([
      'VITE_PARTNERS (not a list of partners)',
    ]);
    expect(settingsProblems({ VITE_PARTNERS: '[{"name":"x","link":"https://x.example/"}]' }, null)).toEqual([
      'VITE_PARTNERS (partner 0.link: not a field (name, logo, url, sample))',
    ]);
    expect(settingsProblems({ VITE_PARTNERS: '[{"name":"x","url":"http://x.example/"}]' }, null)).toEqual([
      'VITE_PARTNERS (partner 0.url: a partner link is an https address)',
    ]);
  });

  it('asks nothing of the dev server, the demo and the tests but a well-formed partner list', () => {
    expect(settingsProblems({}, null)).toEqual([]);
  });
});

describe('the example settings', () => {
  it('are complete and pass the check, with no partners, so that the landing page built with them has none', () => {
    const settings = exampleSettings();
    expect(Object.keys(settings).sort()).toEqual([...names].sort());
    expect(settingsProblems(settings, { logoExists: () => false })).toEqual([]);
    expect(Object.values(settings).join(' ')).not.toMatch(/example\.com/);
  });

  it('are what CI builds with, while a provider’s .env.production.local stays out of git', () => {
    const ci = readFileSync(join(root, '.ci/run'), 'utf8');
    expect(ci).toMatch(/npm run build:example/);
    expect(ci).not.toMatch(/npm run build(\s|;|$)/m);
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts['build:example']).toBe('node scripts/example-settings.mjs npm run build');
    const ignored = spawnSync('git', ['check-ignore', '--quiet', '--no-index', '.env.production.local'], { cwd: root });
    expect(ignored.status).toBe(0);
  });
});

describe('vite build in mode production', () => {
  let envDir = '';
  let outDir = '';

  beforeEach(() => {
    // No .env file of the checkout (a developer's .env.production.local) and none of the settings
    // from the environment: the build sees only what the test gives it.
    envDir = mkdtempSync(join(tmpdir(), 'settings-env-'));
    outDir = join(mkdtempSync(join(tmpdir(), 'settings-build-')), 'dist');
    for (const name of [...names, 'VITE_PARTNERS']) vi.stubEnv(name, undefined);
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    rmSync(envDir, { recursive: true, force: true });
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  });

  const viteBuild = () =>
    build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      envDir,
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });

  it('fails without the settings, in one line naming each of them, and writes nothing', async () => {
    const failure: unknown = await viteBuild().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = failure instanceof Error ? failure.message : '';
    expect(message).toBe(settingsMessage(names.map((name) => `${name} (missing)`)));
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);

  it('fails with a malformed creditor identifier, naming only it', async () => {
    for (const [name, value] of Object.entries(exampleSettings())) vi.stubEnv(name, value);
    vi.stubEnv('VITE_SEPA_CREDITOR_ID', 'DE99ZZZ09999999999');
    await expect(viteBuild()).rejects.toThrow(
      settingsMessage(['VITE_SEPA_CREDITOR_ID (not a SEPA creditor identifier such as DE98ZZZ09999999999)']),
    );
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);
});
