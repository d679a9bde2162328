/**
 * The rate limit in front of the API (deploy/nginx/portal.conf, decision 031), on the build
 * customers get: logins from one address beyond the burst are answered 429 by nginx before they
 * reach the API, other calls are not counted, and the login page asks the customer to wait a
 * minute. The test sends its logins from the browser's own address (127.0.0.1), and then waits
 * until the limit has let go, so that the next journey logs in as usual.
 */
import { expect, productionUrl, test, waitForApp } from '../support/production';

test.use({ locale: 'en-US' });

/** The limit of deploy/nginx/portal.conf: 10 a second from one address, bursts of 20 served at once. */
const perSecond = 10;
const burst = 20;

/** A login with a wrong password, sent past the browser, as a script trying passwords would. */
async function attempt(): Promise<{ status: number; body: string }> {
  const response = await fetch(`${productionUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Portal-Request': '1', 'User-Agent': 'rate-limit-test' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'not-the-password', language: 'en' }),
  });
  return { status: response.status, body: await response.text() };
}

test('logins beyond the burst from one address are answered 429 by nginx, and the login page says to wait a minute', async ({
  page,
}) => {
  await page.goto('/login');
  await waitForApp(page);
  await page.getByRole('textbox', { name: 'Email address' }).fill('demo@example.com');
  await page.getByLabel(/^Password/).fill('not-the-password');

  let flooding = false;
  const flood: Promise<void>[] = [];
  try {
    const started = Date.now();
    const first = await Promise.all(Array.from({ length: burst + 10 }, attempt));
    const seconds = (Date.now() - started) / 1000;
    const served = first.filter((answer) => answer.status !== 429);
    // The burst, and what the rate let through meanwhile, reached the API (which refused the password).
    expect(served.length).toBeGreaterThanOrEqual(burst);
    expect(served.length).toBeLessThanOrEqual(burst + 1 + Math.ceil(seconds * perSecond));
    expect(served.every((answer) => answer.status === 403)).toBe(true);
    // nginx's own answer: no JSON reason, so the portal shows its own message.
    expect(first.find((answer) => answer.status === 429)?.body).toContain('<title>429 Too Many Requests</title>');

    // Other calls are not counted.
    const licences = await fetch(`${productionUrl}/api/v1/licences`, { headers: { 'X-Portal-Request': '1' } });
    expect(licences.status).toBe(200);

    // The attempts go on while the customer presses the button, so that the limit is still reached
    // then. One of them gets the place the rate frees every 100 ms, now and then the browser's login:
    // the customer presses again, as a customer would.
    flooding = true;
    for (let worker = 0; worker < burst; worker += 1)
      flood.push(
        (async () => {
          while (flooding) await attempt();
        })(),
      );
    let status = 0;
    for (let press = 0; press < 5 && status !== 429; press += 1) {
      const answer = page.waitForResponse((response) => response.url() === `${productionUrl}/api/v1/login`);
      await page.getByRole('button', { name: 'Log in' }).click();
      status = (await answer).status();
    }
    expect(status).toBe(429);
    await expect(
      page.getByText('Too many attempts in a short time. Please wait a minute and try again.'),
    ).toBeVisible();
  } finally {
    flooding = false;
    await Promise.all(flood);
    // A full burst is let go at the rate: 2 s, and some more for a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, (burst / perSecond) * 1000 + 1000));
  }
});
