/**
 * The alerts on the build customers get (issue 45, decision 062): behind the project's nginx,
 * against the mock API over HTTP in v1.1. The bell's code comes after the page, in a chunk of its
 * own with its messages; the event stream passes nginx unbuffered, so the operator's fill is
 * counted live; the operator drops every stream, and the portal resumes from its position through
 * nginx without losing or repeating an alert; on a CPU slowed 4× too.
 */
import { expect, logInAsDemo, mockApi, slowCpu, test, mockSpeaks } from '../support/production';

test.use({ locale: 'en-US' });

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${mockApi}/__mock/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown;
}

for (const rate of [1, 4]) {
  test(`the bell counts a fill live through nginx, and a dropped stream resumes without losing or repeating one (CPU ${rate}×)`, async ({
    page,
    requests,
  }) => {
    await mockSpeaks('v1.1');
    if (rate > 1) await slowCpu(page, rate);
    await logInAsDemo(page);
    const bell = page.getByRole('link', { name: 'Alerts' });
    await expect(bell).toBeVisible({ timeout: 15_000 });
    expect(requests.some((request) => /\/assets\/alerts-link-[\w-]+\.js$/.test(request.url()))).toBe(true);
    expect(requests.some((request) => /\/assets\/messages-en-alerts-[\w-]+\.js$/.test(request.url()))).toBe(true);
    // The feed reads the list once its stream is open: from then on nothing raised is missed.
    await expect.poll(() => requests.some((request) => request.url().endsWith('/api/v1.1/alerts'))).toBe(true);

    await control('fill-datastore', { name: 'k10001_media' });
    await expect(page.getByRole('link', { name: 'Alerts, 1 new' })).toBeVisible({ timeout: 10_000 });

    const resumed = page.waitForRequest(
      (request) => request.url().endsWith('/api/v1.1/events') && request.headers()['last-event-id'] !== undefined,
    );
    expect(await control('drop-event-streams')).toEqual({ dropped: 1 });
    await control('fail-verification', { name: 'k10001_media' });
    await resumed;
    await expect(page.getByRole('link', { name: 'Alerts, 2 new' })).toBeVisible({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Alerts, 2 new' }).click();
    const recent = page.getByRole('region', { name: 'Recent alerts' });
    await expect(recent.getByRole('listitem')).toHaveCount(2);
    await expect(recent.getByRole('link', { name: 'A verification of datastore k10001_media failed.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alerts' })).toBeVisible();
  });
}

test('on a server that knows only v1 there is no bell', async ({ page }) => {
  await mockSpeaks('v1');
  const probed = page.waitForResponse((response) => response.url().endsWith('/api/v1.1/capabilities'));
  await logInAsDemo(page);
  expect((await probed).status()).toBe(404);
  await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Alerts/ })).toHaveCount(0);
});
