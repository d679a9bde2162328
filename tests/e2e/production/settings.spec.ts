/**
 * The production build is made with the provider's settings, here the fake but complete ones of
 * .env.production.example (scripts/serve-production.mjs and CI build with them): its links and
 * addresses are those settings, and with no partners configured the landing page has no partner
 * section at all, neither in the prerendered HTML nor once the app runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleSettings } from '../../../scripts/example-settings.mjs';
import { expect, productionUrl as base, test } from '../support/production';

const settings = exampleSettings();
const partnerHeadings = { en: 'Trusted by IT service partners', de: 'IT-Dienstleister, die uns vertrauen' };

for (const language of ['en', 'de'] as const) {
  test(`the prerendered landing page has no partner section without partners configured (${language})`, async ({
    request,
  }) => {
    const built = readFileSync(join(process.cwd(), 'dist/prerendered', language, 'index.html'), 'utf8');
    const served = await (await request.get(`${base}/`, { headers: { 'Accept-Language': language } })).text();
    for (const html of [built, served]) {
      expect(html).toContain(`href="mailto:${settings.VITE_SALES_EMAIL}"`);
      expect(html).not.toContain('class="partners"');
      expect(html).not.toContain(partnerHeadings[language]);
      expect(html).not.toMatch(/example\.com/);
    }
  });
}

test('the running landing page links the pages and addresses of the settings and shows no partners', async ({
  page,
}) => {
  await page.goto(`${base}/`);
  await expect(page.getByRole('link', { name: settings.VITE_SALES_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${settings.VITE_SALES_EMAIL}`,
  );
  await expect(page.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', settings.VITE_IMPRINT_URL ?? '');
  await expect(page.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', settings.VITE_PRIVACY_URL ?? '');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: partnerHeadings.en })).toHaveCount(0);
});
