import { expect, openFresh, test } from './fixtures';

test('a logout in one tab ends the session in the other tabs at once', async ({ page, context }) => {
  await openFresh(page, '/login');
  await page.getByLabel('Email address').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo-Password-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The second tab shares the cookie; its own session storage says logged in too.
  const second = await context.newPage();
  await second.goto('/');
  await second.evaluate(() => {
    sessionStorage.setItem('portal.loggedIn', 'true');
    sessionStorage.setItem('portal.language', 'en');
  });
  await second.goto('/company');
  await expect(second.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The second tab's login leads back to its page (docs/decisions/027).
  await expect(second).toHaveURL(/\/login\?next=%2Fcompany$/);
  await expect(second.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});
