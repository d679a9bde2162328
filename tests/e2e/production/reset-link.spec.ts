/**
 * The emailed reset link leaves the address at once (decision 031), on the build customers get
 * behind nginx: by the time its form shows, the page's address is plain /newpassword; no request of
 * the page carries the token in its address or in a Referer; the history holds no entry with it,
 * going back and forward; and the password change still succeeds with the token the page keeps in
 * memory.
 */
import { expect, mockApi, productionUrl, test } from '../support/production';

test.use({ locale: 'en-US' });

const newPassword = 'Reset-Link-Password-2027';

test('the reset link leaves the address and the history before any request can carry it, and the new password is saved', async ({
  page,
  requests,
}) => {
  // The customer asks for the mail on the provider's side; the journey starts at the link.
  const asked = await fetch(`${mockApi}/api/v1/forgotpassword`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com' }),
  });
  expect(asked.status).toBe(200);
  const mails = (await (await fetch(`${mockApi}/__mock/outbox`)).json()) as { link: string | null }[];
  const link = mails.at(-1)?.link ?? '';
  const token = new URLSearchParams(link.slice(link.indexOf('?'))).get('token') ?? '';
  expect(token).not.toBe('');

  const cdp = await page.context().newCDPSession(page);
  const history = async () => (await cdp.send('Page.getNavigationHistory')).entries.map((entry) => entry.url);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  expect(page.url()).toBe(`${productionUrl}/newpassword`);
  // The link's entry was replaced, not followed by another.
  expect(await history()).toEqual(['about:blank', `${productionUrl}/newpassword`]);
  expect(await page.evaluate(() => window.history.length)).toBe(2);

  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat the new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\/changed$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed.');

  // Only the link itself, as the mail opened it, carried the token; and no request a Referer.
  const [opened, ...rest] = requests;
  expect(opened?.url()).toBe(`${productionUrl}${link}`);
  expect(rest.length).toBeGreaterThan(0);
  for (const request of rest) {
    expect(request.url(), `${request.method()} ${request.url()}`).not.toContain(token);
    expect((await request.allHeaders()).referer ?? '', `the Referer of ${request.url()}`).toBe('');
  }

  // Back and forward through the history: no address with the token, on any entry.
  for (const move of [() => page.goBack(), () => page.goBack(), () => page.goForward()]) {
    await move();
    expect(page.url()).not.toContain(token);
    expect((await history()).filter((url) => url.includes(token))).toEqual([]);
  }
  expect(page.url()).toBe(`${productionUrl}/newpassword`);

  // The server took the new password.
  const login = await fetch(`${mockApi}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: newPassword, language: 'en' }),
  });
  expect(login.status).toBe(200);
});
