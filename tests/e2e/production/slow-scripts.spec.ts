/**
 * A phone on a slow network, on the build customers get: every script request takes 2.5 s longer,
 * each on its own (a chain of modules waits that long at every level), and the CPU is slowed 4×.
 * A visitor types the login into the prerendered /login before the app runs and presses Enter: the
 * page must still reach the dashboard, with the login sent exactly once. The time limit is that
 * long on purpose: the delay per script is the point of the journey.
 */
import { apiCalls, appStarted, expect, seedPassword, slowCpu, test } from '../support/production';

test.use({ locale: 'en-US' });

/** Added to every script request. */
const perScript = 2_500;

test('a login sent before the app runs, with every script 2.5 s late, reaches the dashboard with one login call', async ({
  page,
  requests,
}) => {
  test.setTimeout(120_000);
  await slowCpu(page, 4);
  await page.route(/\/assets\/[^?#]*\.js(?:[?#].*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, perScript));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  const password = page.getByLabel(/^Password/);
  await password.fill(seedPassword);
  const enter = Date.now();
  await password.press('Enter');
  expect(await appStarted(page), 'the app ran before the visitor pressed Enter').toBe(false);

  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 100_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible({ timeout: 15_000 });
  test.info().annotations.push({ type: 'Enter → dashboard', description: `${Date.now() - enter} ms` });
  expect(apiCalls(requests, 'POST /login')).toHaveLength(1);
  // Scripts still on their way when the page closes are not let through any more.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
