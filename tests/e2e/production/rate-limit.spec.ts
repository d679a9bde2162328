/**
 * The login's rate limit (deploy/nginx/portal.conf, decisions 031 and 043) as the customer meets
 * it, on the build customers get: logins from one address beyond the burst are answered 429 by
 * nginx before they reach the API, and the login page asks the customer to wait. It runs on an
 * nginx of its own with the shipped limits: the production journeys' server counts at 20 a second
 * (scripts/nginx.ts, `rateLimits: 'journeys'`), since its journeys log in many times a minute.
 * tests/e2e/production/edge.spec.ts tests every limit's figures.
 */
import { join } from 'node:path';
import { freePort, startNginx, type RunningNginx } from '../../../scripts/nginx';
import { expect, mockApi, test, waitForApp } from '../support/production';

test.use({ locale: 'en-US' });

let nginx: RunningNginx;

test.beforeAll(async () => {
  nginx = await startNginx({
    port: await freePort(),
    root: join(process.cwd(), 'dist'),
    apiPort: Number(new URL(mockApi).port),
  });
});

test.afterAll(() => nginx.stop());

/** The shipped login limit: 5 a minute, a burst of 5, so 6 at once. */
const atOnce = 6;

/** A login with a wrong password, sent past the browser, as a script trying passwords would. */
async function attempt(): Promise<{ status: number; body: string; retryAfter: string | null }> {
  const response = await fetch(`${nginx.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Portal-Request': '1', 'User-Agent': 'rate-limit-test' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'not-the-password', language: 'en' }),
  });
  return { status: response.status, body: await response.text(), retryAfter: response.headers.get('Retry-After') };
}

test('logins beyond the burst from one address are answered 429 by nginx, and the login page says to wait', async ({
  page,
}) => {
  await page.goto(`${nginx.url}/login`);
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByLabel(/^Password/).fill('not-the-password');

  const attempts = [];
  for (let index = 0; index < atOnce + 2; index += 1) attempts.push(await attempt());
  // The burst reached the API, which refused the password; then nginx answered, with how long to wait.
  expect(attempts.map((answer) => answer.status)).toEqual([...Array<number>(atOnce).fill(403), 429, 429]);
  expect(attempts[atOnce]).toEqual({ status: 429, body: '{"status":"error"}', retryAfter: '60' });

  // Other calls are not counted.
  const licences = await fetch(`${nginx.url}/api/v1/licences`, { headers: { 'X-Portal-Request': '1' } });
  expect(licences.status).toBe(200);

  // The customer presses the button within the same minute.
  const answer = page.waitForResponse((response) => response.url() === `${nginx.url}/api/v1/login`);
  await page.getByRole('button', { name: 'Log in' }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByText(/Too many attempts in a short time/)).toBeVisible();
});

test('the second step, the passkey sign-in and the fresh sign-in count against the same login limit', async () => {
  // An nginx of its own: the limit's memory is per server, and the test above has used this one's.
  const edge = await startNginx({
    port: await freePort(),
    root: join(process.cwd(), 'dist'),
    apiPort: Number(new URL(mockApi).port),
  });
  try {
    const calls = ['/api/v1.1/login/second-factor', '/api/v1.1/login/passkey', '/api/v1.1/account/reauth'];
    const statuses: number[] = [];
    for (let index = 0; index < atOnce + 2; index += 1) {
      const path = calls[index % calls.length] ?? calls[0];
      const response = await fetch(`${edge.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Portal-Request': '1' },
        body: JSON.stringify({ ticket: 'x'.repeat(32), totp: '000000' }),
      });
      statuses.push(response.status);
    }
    // Six guesses reach the API, whatever it answers them; then nginx refuses.
    expect(statuses.slice(0, atOnce).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(atOnce)).toEqual([429, 429]);
  } finally {
    edge.stop();
  }
});
