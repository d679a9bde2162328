import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requiredProductionSettings, settingsMessage, settingsProblems } from '../../scripts/build/production-settings';
import { bundleCanary, exampleEnvironment, exampleSettings } from '../../scripts/example-settings.mjs';

const root = new URL('../..', import.meta.url).pathname;
const names = Object.keys(requiredProductionSettings);
/** The settings of where the API is and whether the mock answers instead (review N4). */
const apiSettings = ['VITE_API_BASE_URL', 'VITE_API_CROSS_ORIGIN_GUARDED', 'VITE_MOCK_API'];
/** The settings whose example values are placeholders: a notice period is the provider's choice, 30 days included. */
const placeholders = names.filter((name) => name !== 'VITE_LICENCE_NOTICE_DAYS');
/** A provider's settings (the domain is invented, and never called). */
const complete = {
  VITE_IMPRINT_URL: 'https://www.nordhost-backup.de/impressum',
  VITE_PRIVACY_URL: 'https://www.nordhost-backup.de/datenschutz',
  VITE_STATUS_URL: 'https://status.nordhost-backup.de/',
  VITE_SERVICE_DESCRIPTION_URL: 'https://www.nordhost-backup.de/leistungsbeschreibung.pdf',
  VITE_LEGAL_NOTES_URL: 'https://www.nordhost-backup.de/rechtliche-hinweise',
  VITE_TERMS_URL: 'https://www.nordhost-backup.de/agb',
  VITE_DPA_URL: 'https://www.nordhost-backup.de/avv',
  VITE_LICENCE_NOTICE_DAYS: '30',
  VITE_SUPPORT_EMAIL: 'support@nordhost-backup.de',
  VITE_SALES_EMAIL: 'vertrieb@nordhost-backup.de',
  VITE_SEPA_CREDITOR_NAME: 'Nordhost Backup GmbH',
  VITE_SEPA_CREDITOR_ADDRESS: 'Hafenstraße 12, 20457 Hamburg',
  VITE_SEPA_CREDITOR_ID: 'DE13ZZZ00000012345',
};
const production = { logoExists: (path: string) => path === '/partners/nord.svg', examplesAllowed: false };

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

  it.each(['VITE_DPA_URL', 'VITE_SEPA_CREDITOR_ADDRESS'])(
    'refuses settings without %s, or with it blank (decision 041)',
    (name) => {
      const without = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== name));
      expect(settingsProblems(without, production)).toEqual([`${name} (missing)`]);
      expect(settingsProblems({ ...complete, [name]: ' ' }, production)).toEqual([`${name} (missing)`]);
    },
  );

  it.each([
    'Hafenstraße 12, 20457 Hamburg',
    'Postfach 10 20 30, 10115 Berlin, Deutschland',
    '12 rue de la Paix, 75002 Paris',
    'Rue du Fort 3, L-1234 Luxembourg',
    `${'x'.repeat(120)} 1, 12345 ${'y'.repeat(6)}`,
  ])('accepts the creditor address %j', (address) => {
    expect(settingsProblems({ ...complete, VITE_SEPA_CREDITOR_ADDRESS: address }, production)).toEqual([]);
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
    ['VITE_TERMS_URL', 'http://www.provider.example/agb', 'not an https address'],
    ['VITE_DPA_URL', 'http://www.provider.example/avv', 'not an https address'],
    ['VITE_DPA_URL', 'www.provider.example/avv', 'not an https address'],
    [
      'VITE_SEPA_CREDITOR_ADDRESS',
      'Hafenstraße 12 20457 Hamburg',
      'not one line "street and number, postcode and city"',
    ],
    [
      'VITE_SEPA_CREDITOR_ADDRESS',
      'Hafenstraße 12,\n20457 Hamburg',
      'not one line "street and number, postcode and city"',
    ],
    ['VITE_SEPA_CREDITOR_ADDRESS', 'Hafenstraße 12, Hamburg', 'not one line "street and number, postcode and city"'],
    ['VITE_SEPA_CREDITOR_ADDRESS', '12, 20457', 'not one line "street and number, postcode and city"'],
    ['VITE_SEPA_CREDITOR_ADDRESS', `Hafenstraße 12, 20457 ${'H'.repeat(120)}`, 'longer than 140 characters'],
    ['VITE_LICENCE_NOTICE_DAYS', '0', 'not a number of days from 1 to 365'],
    ['VITE_LICENCE_NOTICE_DAYS', '366', 'not a number of days from 1 to 365'],
    ['VITE_LICENCE_NOTICE_DAYS', 'vier Wochen', 'not a number of days from 1 to 365'],
    ['VITE_LICENCE_NOTICE_DAYS', '030', 'not a number of days from 1 to 365'],
  ])('refuses %s = %j as %s', (name, value, why) => {
    expect(settingsProblems({ ...complete, [name]: value }, production)).toEqual([`${name} (${why})`]);
  });

  it.each([
    ['VITE_IMPRINT_URL', 'https://www.example.org/imprint'],
    ['VITE_STATUS_URL', 'https://status.example.com/'],
    ['VITE_PRIVACY_URL', 'https://nordhost.example/datenschutz'],
    ['VITE_SUPPORT_EMAIL', 'support@example.net'],
    ['VITE_SEPA_CREDITOR_NAME', 'Example Hosting GmbH'],
    ['VITE_SEPA_CREDITOR_ID', 'DE98ZZZ09999999999'],
    ['VITE_DPA_URL', 'https://www.example.org/data-processing-agreement'],
    ['VITE_SEPA_CREDITOR_ADDRESS', 'Beispielstraße 1, 12345 Beispielstadt'],
    ['VITE_SEPA_CREDITOR_ADDRESS', 'Musterweg 1, 12345 Musterstadt'],
    ['VITE_SEPA_CREDITOR_ADDRESS', 'Example Street 1, 12345 Springfield'],
  ])('refuses the example %s = %j as a placeholder, unless examples are allowed', (name, value) => {
    expect(settingsProblems({ ...complete, [name]: value }, production)).toEqual([
      `${name} (an example, not the provider's own)`,
    ]);
    expect(settingsProblems({ ...complete, [name]: value }, { ...production, examplesAllowed: true })).toEqual([]);
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
    // The demo and the dev server run the mock, wherever they say the API is.
    expect(settingsProblems({ VITE_MOCK_API: 'true', VITE_API_BASE_URL: 'https://api.example.com/v1' }, null)).toEqual(
      [],
    );
  });

  it.each(['/api/v1', '/portal/api/v1/', ''])("accepts the API base %j, a path on the portal's own origin", (base) => {
    expect(settingsProblems({ ...complete, VITE_API_BASE_URL: base }, production)).toEqual([]);
  });

  it("refuses an API on another origin, which the portal's nginx does not guard (review N4)", () => {
    const problems = settingsProblems({ ...complete, VITE_API_BASE_URL: 'https://api.example.com/v1' }, production);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^VITE_API_BASE_URL \(https:\/\/api\.example\.com is another origin than the portal's/);
    expect(problems[0]).toContain('VITE_API_CROSS_ORIGIN_GUARDED=true');
    expect(
      settingsProblems(
        { ...complete, VITE_API_BASE_URL: 'https://api.example.com/v1', VITE_API_CROSS_ORIGIN_GUARDED: 'false' },
        production,
      ),
    ).toEqual(problems);
  });

  it('builds an API on another origin once the operator says that origin is guarded the same way', () => {
    const guarded = {
      ...complete,
      VITE_API_BASE_URL: 'https://api.example.com/v1',
      VITE_API_CROSS_ORIGIN_GUARDED: 'true',
    };
    expect(settingsProblems(guarded, production)).toEqual([]);
  });

  it.each([
    ['//api.example.com/v1', 'VITE_API_BASE_URL (not a path such as /api/v1 nor an https address)'],
    ['/\\api.example.com/v1', 'VITE_API_BASE_URL (not a path such as /api/v1 nor an https address)'],
    ['http://api.example.com/v1', 'VITE_API_BASE_URL (not a path such as /api/v1 nor an https address)'],
    ['api/v1', 'VITE_API_BASE_URL (not a path such as /api/v1 nor an https address)'],
  ])('refuses the API base %j even when guarded: %s', (base, problem) => {
    expect(
      settingsProblems({ ...complete, VITE_API_BASE_URL: base, VITE_API_CROSS_ORIGIN_GUARDED: 'true' }, production),
    ).toEqual([problem]);
  });

  it('refuses a guard setting that is neither true nor false', () => {
    expect(settingsProblems({ ...complete, VITE_API_CROSS_ORIGIN_GUARDED: 'yes' }, production)).toEqual([
      'VITE_API_CROSS_ORIGIN_GUARDED (not true or false)',
    ]);
  });

  it('refuses the in-browser mock API in a build for customers (review N4)', () => {
    expect(settingsProblems({ ...complete, VITE_MOCK_API: 'true' }, production)).toEqual([
      'VITE_MOCK_API (the in-browser mock API in a build for customers: use npm run build:demo)',
    ]);
    expect(settingsProblems({ ...complete, VITE_MOCK_API: '1' }, production)).toEqual([
      'VITE_MOCK_API (not true or false)',
    ]);
    expect(settingsProblems({ ...complete, VITE_MOCK_API: 'false' }, production)).toEqual([]);
  });
});

describe('the example settings', () => {
  it('are refused, every one of them, by a build for customers: a copy that nobody filled in ships nothing', () => {
    expect(settingsProblems(exampleSettings(), { logoExists: () => false, examplesAllowed: false })).toEqual(
      placeholders.map((name) => `${name} (an example, not the provider's own)`),
    );
  });

  it('are complete and pass the check, with no partners, so that the landing page built with them has none', () => {
    const settings = exampleSettings();
    expect(Object.keys(settings).sort()).toEqual([...names].sort());
    expect(settingsProblems(settings, { logoExists: () => false, examplesAllowed: true })).toEqual([]);
    expect(exampleEnvironment()).toEqual({
      ...settings,
      [bundleCanary.name]: bundleCanary.value,
      PORTAL_EXAMPLE_SETTINGS: 'true',
    });
    expect(Object.values(settings).join(' ')).not.toMatch(/example\.com/);
  });

  it('are what CI builds with, while a provider’s .env.production.local stays out of git', () => {
    // CI runs `npm run validate`, whose steps build with the example settings and never plainly.
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^npm run validate$/m);
    const validate = readFileSync(join(root, 'scripts/validate.mjs'), 'utf8');
    expect(validate).toMatch(/\['run', 'build:example'\]/);
    expect(validate).not.toMatch(/\['run', 'build'\]/);
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
    for (const name of [...names, 'VITE_PARTNERS', 'PORTAL_EXAMPLE_SETTINGS', ...apiSettings])
      vi.stubEnv(name, undefined);
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

  it('fails with the example settings copied into a .env.production.local and not filled in', async () => {
    writeFileSync(join(envDir, '.env.production.local'), readFileSync(join(root, '.env.production.example')));
    await expect(viteBuild()).rejects.toThrow(
      settingsMessage(placeholders.map((name) => `${name} (an example, not the provider's own)`)),
    );
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);

  it('fails with the in-browser mock and an API on another origin, naming both', async () => {
    for (const [name, value] of Object.entries(exampleEnvironment())) vi.stubEnv(name, value);
    vi.stubEnv('VITE_MOCK_API', 'true');
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com/v1');
    const failure: unknown = await viteBuild().then(
      () => null,
      (error: unknown) => error,
    );
    const message = failure instanceof Error ? failure.message : '';
    expect(message).toMatch(
      /^Settings missing or invalid \(mode production\): VITE_API_BASE_URL \(https:\/\/api\.example\.com is another origin/,
    );
    expect(message).toContain('VITE_MOCK_API (the in-browser mock API in a build for customers');
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);

  it('fails with a malformed creditor identifier, naming only it', async () => {
    for (const [name, value] of Object.entries(exampleEnvironment())) vi.stubEnv(name, value);
    vi.stubEnv('VITE_SEPA_CREDITOR_ID', 'DE99ZZZ09999999999');
    await expect(viteBuild()).rejects.toThrow(
      settingsMessage(['VITE_SEPA_CREDITOR_ID (not a SEPA creditor identifier such as DE98ZZZ09999999999)']),
    );
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);
});
