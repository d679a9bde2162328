/**
 * The temporary password over a whole session, on the build customers get (SPEC §9, decision 035):
 * visible for 5 minutes from when the portal first showed it, across page changes, with the
 * first-time overlay once. The page's clock is Playwright's, so the minutes pass at once; the
 * mock API keeps real time and still sends the password, as a server may.
 */
import { expect, logInAsDemo, test } from '../support/production';

test.use({ locale: 'en-US' });

test("a bought datastore's password shows its overlay once and stays visible for 5 minutes from its first showing, across pages", async ({
  page,
}) => {
  await page.clock.install();
  await logInAsDemo(page);

  const form = page.getByRole('form', { name: 'Dynamic rate' });
  await form.getByRole('textbox', { name: 'Datastore identifier' }).fill('daily');
  await form.getByRole('button', { name: 'Buy dynamic backup storage' }).click();
  // SPEC §4: the status is read again 2 s after the purchase.
  await page.clock.runFor(2_000);
  const overlay = page.getByRole('dialog', { name: 'Your datastore “daily” is ready' });
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const card = page.getByRole('article', { name: 'daily' });
  const emptyNote =
    'Empty: for security reasons, the password is shown only during the first 5 minutes after the purchase.';
  const leaveAndReturn = async () => {
    await menu.getByRole('link', { name: 'Account and settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account and settings' })).toBeVisible();
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await expect(card).toBeVisible();
  };

  // Away on the company page, back after 4 minutes in all: the password, no overlay.
  await menu.getByRole('link', { name: 'Account and settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account and settings' })).toBeVisible();
  await page.clock.fastForward('04:00');
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(card.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await expect(overlay).toHaveCount(0);

  // 5½ minutes in all: the password is gone from the card that shows it ...
  await page.clock.fastForward('01:30');
  await expect(card.getByText(emptyNote)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy password' })).toHaveCount(0);
  // ... and stays gone on the next visits, though the server still sends it.
  await leaveAndReturn();
  await expect(card.getByText(emptyNote)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy password' })).toHaveCount(0);
  await expect(overlay).toHaveCount(0);
  // Read as the portal reads it: nginx refuses a call without the portal's header (decision 031).
  const status = await page.evaluate(
    async () =>
      (
        await fetch('/api/v1/status', { credentials: 'include', headers: { 'X-Portal-Request': '1' } })
      ).json() as Promise<unknown>,
  );
  expect(JSON.stringify(status)).toMatch(/"datastore":"k10001_daily"[^}]*"password":"[^"]+"/);
});
