import { expect, openFresh, test } from './fixtures';

test.describe('the landing page', () => {
  test('speaks English to an English browser and shows both rates with German prices', async ({ page }) => {
    await openFresh(page, '/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cloud backup storage for Proxmox, hosted in Germany' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dynamic rate' })).toBeVisible();
    await expect(page.getByText('0,02 €')).toBeVisible();
    await expect(page.getByText('20,00 €')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE' });

    test('speaks German and switches to English at once with the picker', async ({ page }) => {
      await openFresh(page, '/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Cloud-Backup-Speicher für Proxmox, gehostet in Deutschland' }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await page.getByLabel('Sprache').selectOption('en');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Cloud backup storage for Proxmox, hosted in Germany' }),
      ).toBeVisible();
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Cloud backup storage for Proxmox, hosted in Germany' }),
      ).toBeVisible();
    });
  });
});

test('a guarded page sends a visitor without a login to /login, which leads back to it', async ({ page }) => {
  await openFresh(page, '/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/login$/);
});

test('an unknown path shows the landing page', async ({ page }) => {
  await openFresh(page, '/no/such/page?x=1');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cloud backup storage for Proxmox, hosted in Germany' }),
  ).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/no\/such\/page$/);
});
