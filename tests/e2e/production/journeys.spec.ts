/**
 * The customer's journeys on the build customers get: dist/ (prerendered) behind the project's
 * nginx, with /api/ proxied to the mock API over HTTP. The operator's part (activating an
 * account, reading the outbox) goes to the mock API's own controls, as the provider's staff
 * would act on their side.
 */
import { placeVisitorOrder, termsCheckbox } from '../support/portal';
import {
  apiCalls,
  expect,
  expectNoFormDataInUrls,
  logInAsDemo,
  mockApi,
  test,
  waitForApp,
} from '../support/production';

test.use({ locale: 'en-US' });

async function outbox(): Promise<{ to: string; link: string | null }[]> {
  return (await (await fetch(`${mockApi}/__mock/outbox`)).json()) as { to: string; link: string | null }[];
}

test('a new company registers, is activated by the provider and logs in', async ({ page, requests }) => {
  await page.goto('/register');
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill('nora@example.com');
  await page.getByLabel(/^Password/).fill('Nora-Neumann-Password-2026');
  await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Neumann');
  await page.getByRole('textbox', { name: 'Company name' }).fill('Neu IT GmbH');
  await page.getByRole('textbox', { name: 'Street and number' }).fill('Am Kai 3');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('20457');
  await page.getByRole('textbox', { name: 'City' }).fill('Hamburg');
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/waiting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account awaits activation' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Go to login' }).click();
  await page.getByRole('textbox', { name: 'Email address' }).fill('nora@example.com');
  await page.getByLabel(/^Password/).fill('Nora-Neumann-Password-2026');
  const logIn = page.getByRole('button', { name: 'Log in' });
  await logIn.click();
  await expect(
    page.getByText('Please wait until your account is activated within 2 to 3 business days (notification by email)'),
  ).toBeVisible();

  const activation = await fetch(`${mockApi}/__mock/activate`, {
    method: 'POST',
    body: JSON.stringify({ email: 'nora@example.com' }),
  });
  expect(await activation.json()).toEqual({ activated: true });
  await logIn.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
  expect(apiCalls(requests, 'POST /register/company')).toHaveLength(1);
  expectNoFormDataInUrls(requests, ['email', 'password']);
});

test('a customer resets a forgotten password through the mailed link and logs in with the new one', async ({
  page,
  requests,
}) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByRole('main').getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset$/);
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText('You will receive an email to set a new password.');

  const link = (await outbox()).at(-1)?.link ?? '';
  expect(link).toMatch(/^\/newpassword\?email=demo%40example\.com&token=/);
  // A first visit of the link: nginx answers index.html for the app's route.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('Brand-New-Password-2027');
  await page.getByLabel(/^Repeat the new password/).fill('Brand-New-Password-2027');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\/changed$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');

  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByLabel(/^Password/).fill('Brand-New-Password-2027');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The reset link itself names the account by design (SPEC §4); no password is ever in an address.
  expectNoFormDataInUrls(requests, ['password', 'new_password']);
});

test('a visitor orders a Backup Server licence in the shop', async ({ page, requests }) => {
  await page.goto('/shop');
  await waitForApp(page);
  await page.getByRole('tab', { name: 'Backup Server (PBS)' }).click();
  const card = page.getByRole('article', { name: 'Proxmox Backup Server Basic' });
  await card.getByRole('link', { name: 'Buy Proxmox Backup Server Basic' }).click();
  await expect(page).toHaveURL(/\/shop\/6$/);
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await placeVisitorOrder(page);

  await expect(page).toHaveURL(/\/order_done$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/confirmation of your order by email at buyer@example\.org/)).toBeVisible();
  expect(apiCalls(requests, 'POST /licence/order')).toHaveLength(1);
  expectNoFormDataInUrls(requests, ['email', 'firstname', 'lastname']);
});

test('a customer logs in, sees the datastores, opens the company page, reloads it and logs out', async ({ page }) => {
  await logInAsDemo(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Account and settings' }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole('region', { name: 'Company data' }).getByText('Musterstraße 1')).toBeVisible();
  // A reload keeps the session: the cookie goes through nginx's proxy.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Company data' }).getByText('demo@example.com')).toBeVisible();

  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
});
