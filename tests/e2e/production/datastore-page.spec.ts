/**
 * A datastore's page on the build customers get (issue 45, decision 061): behind the project's
 * nginx, against the mock API over HTTP in v1.1, the operator's controls fail a verification and
 * fill a datastore; its card says what needs attention and leads to its page, loaded then with its
 * messages (its own chunk), which says it too, on a CPU slowed 4× as well. On v1, no card leads there.
 */
import { axeBuilder } from '../support/axe';
import { expect, logInAsDemo, mockApi, mockSpeaks, slowCpu, test } from '../support/production';

test.use({ locale: 'en-US' });

async function control(path: string, body: unknown) {
  const response = await fetch(`${mockApi}/__mock/${path}`, { method: 'POST', body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

for (const rate of [1, 4]) {
  test(`a card leads to its datastore's page, which says what needs attention (CPU ${rate}×)`, async ({
    page,
    requests,
  }) => {
    await mockSpeaks('v1.1');
    await control('fail-verification', { name: 'k10001_media' });
    await control('fill-datastore', { name: 'k10001_media' });
    if (rate > 1) await slowCpu(page, rate);
    await logInAsDemo(page);
    expect(requests.some((request) => /\/assets\/datastore-page-[\w-]+\.js$/.test(request.url()))).toBe(false);
    const card = page.getByRole('article', { name: 'media' });
    await expect(card.getByRole('list', { name: 'Needs attention' }).getByRole('listitem')).toHaveText(
      ['A verification failed', 'More than 80\u00a0% full'],
      { timeout: 15_000 },
    );
    await card.getByRole('link', { name: /^Usage and backups/ }).click();
    await expect(page).toHaveURL(/\/datastore\/k10001_media$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Needs your attention' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('A verification failed.')).toBeVisible();
    await expect(page.getByText('The datastore is more than 80\u00a0% full.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Space over time' }).getByRole('img')).toBeVisible();
    expect(requests.some((request) => /\/assets\/datastore-page-[\w-]+\.js$/.test(request.url()))).toBe(true);
    expect(requests.some((request) => /\/assets\/messages-en-datastore-[\w-]+\.js$/.test(request.url()))).toBe(true);
    expect((await axeBuilder(page).analyze()).violations).toEqual([]);
  });
}

test('on a server that knows only v1 no card leads to a datastore page', async ({ page }) => {
  await mockSpeaks('v1');
  // The dashboard asks which API the server speaks: its answer (404 on v1) is in before the look.
  const probed = page.waitForResponse((response) => response.url().endsWith('/api/v1.1/capabilities'));
  await logInAsDemo(page);
  expect((await probed).status()).toBe(404);
  const card = page.getByRole('article', { name: 'archive' });
  await expect(card.getByRole('button', { name: 'Cancel the datastore' })).toBeVisible();
  await expect(card.getByRole('link', { name: /Usage and backups/ })).toHaveCount(0);
});
