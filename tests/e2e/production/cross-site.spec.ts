/**
 * Cross-site requests never reach the API (decision 031), on the build customers get behind the
 * shipped nginx configuration. A logged-in customer opens a page of another origin, served by this
 * test, whose link, images and form aim at calls of the portal that change something: the
 * cancellation of a datastore and of the contract, and an edit of the company data. nginx answers
 * each with its 403, and the mock API records nothing: no cancellation, no edit, no mail.
 *
 * Two such origins: `localhost` is another site than the portal's 127.0.0.1, so the browser keeps
 * the SameSite=Strict session cookie to itself as well; another port of 127.0.0.1 is the same site,
 * where the cookie does go along, and only nginx's guard stands in the way.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { accessLog, expect, logInAsDemo, mockApi, productionUrl, test } from '../support/production';

test.use({ locale: 'en-US' });

const refusal = 'This request did not come from the portal. Please reload the page.';

/** The other site's page: a link and an image for each cancellation, and a form that edits the company. */
function attackPage(datastore: string): string {
  const cancelDatastore = `${productionUrl}/api/v1/datastore/cancel/${encodeURIComponent(datastore)}`;
  const cancelContract = `${productionUrl}/api/v1/contract/cancel`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head>
<body>
  <h1>Win a prize</h1>
  <p><a id="datastore" href="${cancelDatastore}">Claim your prize</a></p>
  <p><a id="contract" href="${cancelContract}">Claim another prize</a></p>
  <img alt="" src="${cancelDatastore}">
  <img alt="" src="${cancelContract}">
  <form id="company" method="post" action="${productionUrl}/api/v1/edit/company" enctype="text/plain">
    <input type="hidden" name='{"firstname":"Mallory","lastname":"Evil","payment_type":"sepa","iban":"DE02120300000000202051","ignore":"' value='"}'>
    <button>Claim a third prize</button>
  </form>
</body></html>`;
}

let server: Server;
let port = 0;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const datastore = new URL(request.url ?? '/', 'http://attacker').searchParams.get('datastore') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(attackPage(datastore));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Datastore {
  datastore: string;
  custom_name: string;
  contract_end_date: string | null;
}

interface Recorded {
  user: unknown;
  company: { contract_end_date?: string | null };
  datastores: Datastore[];
  mails: number;
}

/** What the mock API holds for the session (asked on its own port, past nginx), and how many mails it sent. */
async function recorded(session: string): Promise<Recorded> {
  const read = async (path: string): Promise<unknown> => {
    const response = await fetch(`${mockApi}/api/v1${path}`, { headers: { Cookie: session } });
    expect(response.status, `GET ${path} at the mock API`).toBe(200);
    return response.json();
  };
  return {
    user: await read('/me'),
    company: (await read('/company')) as Recorded['company'],
    datastores: (await read('/status')) as Datastore[],
    mails: ((await (await fetch(`${mockApi}/__mock/outbox`)).json()) as unknown[]).length,
  };
}

async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies(productionUrl)).find((candidate) => candidate.name === 'portal_session');
  if (!cookie) throw new Error('no session cookie after the login');
  expect(cookie.secure && cookie.httpOnly && cookie.sameSite === 'Strict').toBe(true);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * The calls of the API that nginx answered for pages of `origin` (the Referer the browser sent with
 * them), as `METHOD /path status`, from the access log of scripts/serve-production.mjs.
 */
function answeredTo(origin: string): string[] {
  return readFileSync(accessLog, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const [, method, path, status, referer] =
        /"([A-Z]+) (\/api\/\S+) HTTP\/[\d.]+" (\d{3}) \S+ "([^"]*)"/.exec(line) ?? [];
      return referer === `${origin}/` ? [`${method} ${path} ${status}`] : [];
    });
}

/** What the browser sent with a request from the other page. */
interface Sent {
  site: string | undefined;
  withSession: boolean;
}

/**
 * Clicks what leads to `path` and expects nginx's own refusal of that navigation, not an answer of
 * the API; returns what the browser sent with it.
 */
async function expectRefused(page: Page, path: string, click: () => Promise<void>, what: string): Promise<Sent> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => new URL(response.url()).pathname === path),
    click(),
  ]);
  expect(response.request().isNavigationRequest(), what).toBe(true);
  expect(response.status(), what).toBe(403);
  expect(await response.json(), what).toEqual({ status: 'error', reason: refusal });
  const headers = await response.request().allHeaders();
  return { site: headers['sec-fetch-site'], withSession: (headers.cookie ?? '').includes('portal_session=') };
}

// Another site gets no SameSite=Strict cookie; another origin of the same site does.
for (const [label, host, sent] of [
  ['another site (localhost)', 'localhost', { site: 'cross-site', withSession: false }],
  [
    'another origin of the same site (127.0.0.1 on another port)',
    '127.0.0.1',
    { site: 'same-site', withSession: true },
  ],
] as const) {
  test(`a link, images and a form on ${label} cancel nothing and change nothing`, async ({ page }) => {
    await logInAsDemo(page);
    await expect(page.getByRole('article', { name: 'archive' })).toBeVisible();
    const session = await sessionCookie(page);
    const before = await recorded(session);
    const running = before.datastores.find((datastore) => datastore.contract_end_date === null);
    if (!running) throw new Error('the seed has no running datastore');
    expect(before.company.contract_end_date).toBeNull();

    const origin = `http://${host}:${port}`;
    const attacker = `${origin}/?datastore=${encodeURIComponent(running.datastore)}`;
    const cancelDatastore = `/api/v1/datastore/cancel/${running.datastore}`;
    await page.goto(attacker);
    await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
    // The browser does not show an image's answer to the other site (its CORP is same-origin), so
    // nginx's log tells what it answered.
    await expect
      .poll(() => answeredTo(origin).sort())
      .toEqual(['GET /api/v1/contract/cancel 403', `GET ${cancelDatastore} 403`]);

    const link = await expectRefused(
      page,
      cancelDatastore,
      () => page.getByRole('link', { name: 'Claim your prize' }).click(),
      'the link that cancels a datastore',
    );
    await page.goto(attacker);
    await expectRefused(
      page,
      '/api/v1/contract/cancel',
      () => page.getByRole('link', { name: 'Claim another prize' }).click(),
      'the link that cancels the contract',
    );
    await page.goto(attacker);
    const form = await expectRefused(
      page,
      '/api/v1/edit/company',
      () => page.getByRole('button', { name: 'Claim a third prize' }).click(),
      'the form that edits the company',
    );

    expect(link).toEqual(sent);
    expect(form).toEqual(sent);
    const answered = answeredTo(origin);
    expect(answered.filter((line) => !line.endsWith(' 403'))).toEqual([]);
    expect(answered).toContain(`GET ${cancelDatastore} 403`);
    expect(answered).toContain('POST /api/v1/edit/company 403');
    expect(await recorded(session)).toEqual(before);
    // The portal itself still works with the same session.
    await page.goto(`${productionUrl}/dashboard`);
    await expect(page.getByRole('article', { name: running.custom_name })).toBeVisible();
  });
}
