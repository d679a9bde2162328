/**
 * A prerendered page paints with nothing but its HTML (docs/decisions/037): its styles are inline,
 * and its start script asks for the app's scripts only once it has painted. The policy allows the
 * inline code by the hashes the build wrote; a server that still has an older build's hashes
 * costs the page a round trip for its stylesheet, never its styles or its app.
 */
import type { Page } from '@playwright/test';
import { expect, productionUrl as base, test, waitForApp } from '../support/production';

test.use({ locale: 'en-US' });

/** The page's first contentful paint and the scripts and stylesheets it asked for, in ms since its start. */
function timeline(page: Page) {
  return page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    assets: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/.*\.(js|css)$/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime })),
  }));
}

for (const path of ['/', '/login', '/register', '/reset', '/shop']) {
  test(`${path} paints before it asks for any script, links no stylesheet, and then runs the app, on a CPU slowed 6×`, async ({
    page,
  }) => {
    // A slow phone paints late: the start script must wait for the paint, not for a clock (issue 41).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto(`${base}${path}`);
    await waitForApp(page);
    const { paint, assets } = await timeline(page);
    expect(paint).toBeGreaterThan(0);
    expect(assets.filter((asset) => asset.name.endsWith('.js')).length).toBeGreaterThan(0);
    expect(assets.filter((asset) => asset.start < paint)).toEqual([]);
    expect(assets.filter((asset) => asset.name.endsWith('.css'))).toEqual([]);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    // Everything the page's start needs was asked for at once, after the paint.
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(2);
  });
}

test('a page whose style hash the server does not know gets its stylesheet instead, styled, and its app runs', async ({
  page,
  pageErrors,
  policyViolations,
}) => {
  // As a server would answer that still has the hashes of the previous build.
  await page.route(`${base}/login`, async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toMatch(/style-src 'self' 'sha256-/);
    headers['content-security-policy'] = policy.replace(
      /style-src 'self'[^;]*/,
      "style-src 'self' 'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='",
    );
    await route.fulfill({ response, headers });
  });
  await page.goto(`${base}/login`);
  await waitForApp(page);
  await expect(page.locator('.public-layout')).toHaveCSS('display', 'grid');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const { assets } = await timeline(page);
  expect(assets.filter((asset) => asset.name.endsWith('.css')).length).toBe(1);
  // The blocked inline styles are the only violation (Chromium also logs it as an error); the
  // checks at the end see everything else.
  await expect.poll(() => policyViolations.length).toBeGreaterThan(0);
  expect(policyViolations.every((line) => line.startsWith('style-src-elem inline'))).toBe(true);
  policyViolations.splice(0, policyViolations.length);
  const others = pageErrors.filter((line) => !line.startsWith('Applying inline style violates'));
  pageErrors.splice(0, pageErrors.length, ...others);
});
