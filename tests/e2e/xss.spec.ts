/**
 * Server texts are rendered as text (SPEC §8, decision 017): payloads stored in the mock's data
 * through the API itself, or in its saved database where the API cannot store them, and one
 * refusal reason stubbed at the page's fetch. Nothing may run, no element or attribute may be
 * injected, and the only links to a datastore host are http(s) links.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mockStarted, openAs, seedPassword, termsCheckbox } from './support/portal';

const img = '<img src=x onerror=window.__xss=1>';
const script = '"><script>window.__xss=1</script>';
const link = 'javascript:alert(1)';

/** Nothing ran and nothing was injected: no payload element, no handler, no script link. */
async function expectNothingInjected(page: Page) {
  const found = await page.evaluate(() => ({
    xss: (window as { __xss?: unknown }).__xss,
    images: document.querySelectorAll('img[src="x"], img[onerror]').length,
    scripts: [...document.querySelectorAll('script')].filter((element) => element.textContent.includes('__xss')).length,
    handlers: [...document.querySelectorAll('*')].filter((element) =>
      [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
    ).length,
    links: [...document.querySelectorAll('a[href]')]
      .map((anchor) => (anchor as HTMLAnchorElement).protocol)
      .filter((protocol) => !['http:', 'https:', 'mailto:'].includes(protocol)),
  }));
  expect(found).toEqual({ xss: undefined, images: 0, scripts: 0, handlers: 0, links: [] });
}

/** Makes the page's own fetch answer one API call with a refusal the mock never gives. */
async function refuseCall(page: Page, path: string, status: number, body: Record<string, string>) {
  await page.addInitScript(
    ({ path, status, body }) => {
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.endsWith(`/api/v1${path}`)) {
          return Promise.resolve(
            new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
          );
        }
        return original(input, init);
      };
    },
    { path, status, body },
  );
}

test('a company registered with script payloads shows them as text on every screen that reads them', async ({
  page,
}) => {
  await openAs(page, '/', { language: 'en' });
  const status = await page.evaluate(
    async ({ img, script, link, password }) => {
      const response = await fetch('/api/v1/register/company', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'xss@example.com',
          password,
          language: 'en',
          firstname: img,
          lastname: script,
          phone: link,
          pending_name: img,
          pending_street: script,
          pending_postcode: '10115',
          pending_city: link,
          pending_state: '',
          pending_country: 'DE',
          pending_ustid: '',
          notifications: false,
        }),
      });
      window.__portalMock.activate('xss@example.com');
      return response.status;
    },
    { img, script, link, password: seedPassword },
  );
  expect(status).toBe(200);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('xss@example.com');
  await page.locator('input[name="password"]').fill(seedPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/company');
  const data = page.getByRole('region', { name: 'Company data' });
  await expect(data.getByText(img).first()).toBeVisible();
  await expect(data.getByText(script).first()).toBeVisible();
  await expect(data.getByText(link).first()).toBeVisible();
  await expectNothingInjected(page);

  // The edit form takes the values into its fields, as values.
  await data.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit company data' });
  await expect(form.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(img);
  await expectNothingInjected(page);

  // The contact form is prefilled with the customer's name.
  await page.goto('/contact');
  await expect(page.getByRole('textbox', { name: 'Your name', exact: true })).toHaveValue(`${img} ${script}`);
  await expectNothingInjected(page);

  // The order form is prefilled from the company.
  await page.goto('/ishop/1');
  await expect(page.getByRole('main').getByRole('textbox', { name: 'First name', exact: true })).toHaveValue(img);
  await expectNothingInjected(page);
});

test('pending company edits with script payloads show as text', async ({ page }) => {
  await openAs(page, '/', { language: 'de', email: 'demo@example.com' });
  const status = await page.evaluate(
    async ({ img, script }) =>
      (
        await fetch('/api/v1/edit/company', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            firstname: 'Demo',
            lastname: 'Kunde',
            phone: '',
            pending_name: script,
            pending_street: img,
            pending_postcode: '10115',
            pending_city: 'Berlin',
            pending_state: '',
            pending_country: 'DE',
            pending_ustid: '',
            payment_type: 'bill',
            iban: '',
            checkbox_iban: false,
          }),
        })
      ).status,
    { img, script },
  );
  expect(status).toBe(200);
  await page.goto('/company');
  await expect(page.getByText(script).first()).toBeVisible();
  await expect(page.getByText(img).first()).toBeVisible();
  await expectNothingInjected(page);
});

test('a licence order with script payloads reaches the thanks page without running them', async ({ page }) => {
  await openAs(page, '/shop/1', { language: 'en' });
  const main = page.getByRole('main');
  const values: [string, string][] = [
    ['Email address', 'buyer@example.com'],
    ['Company name', img],
    ['First name', script],
    ['Last name', link],
    ['Street and number', img],
    ['Postcode', '80331'],
    ['City', script],
  ];
  for (const [label, value] of values) await main.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page).toHaveURL(/\/order_done$/);
  await expectNothingInjected(page);
});

test('datastores with a script link as host and HTML in their names show as text with no unsafe link', async ({
  page,
}) => {
  await openAs(page, '/', { language: 'en', email: 'demo@example.com' });
  // The API cannot store such names: they go into the mock's saved database, which it restores on load.
  await page.evaluate(
    ({ img, script, link }) => {
      const snapshot = JSON.parse(localStorage.getItem('portal-mock-db') ?? '{}') as {
        models: { datastore: Record<string, unknown>[] };
      };
      const [first, second, third] = snapshot.models.datastore;
      if (!first || !second || !third) throw new Error('the seed has fewer datastores');
      Object.assign(first, { identifier: img, hostname: link, username: script });
      Object.assign(second, { identifier: script, hostname: `"><img src=x onerror=window.__xss=1>`, repository: img });
      Object.assign(third, { identifier: link, hostname: 'data:text/html,<script>window.__xss=1</script>' });
      localStorage.setItem('portal-mock-db', JSON.stringify(snapshot));
    },
    { img, script, link },
  );
  await page.goto('/dashboard');
  await mockStarted(page);
  await expect(page.getByRole('article', { name: img })).toBeVisible();
  await expect(page.getByRole('article', { name: script })).toBeVisible();
  await expect(page.getByText(link).first()).toBeVisible();
  await expectNothingInjected(page);
  // Only http(s) links lead to a datastore host; the others have none.
  const hostLinks = await page
    .locator('article a[target="_blank"]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  for (const href of hostLinks) expect(href).toMatch(/^https?:\/\//);
  await expect(page.getByRole('article', { name: img }).locator('a[target="_blank"]')).toHaveCount(0);
});

test('a refusal reason with HTML is shown as plain text on the error line, its markup removed (decision 017)', async ({
  page,
}) => {
  const reason = `${img}${script}`;
  // A server answer the mock never gives: the page's fetch answers this one call itself.
  await refuseCall(page, '/forgotpassword', 400, { status: 'error', reason });
  await openAs(page, '/reset', { language: 'en' });
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('demo@example.com');
  await page.getByRole('button', { name: 'Send link' }).click();
  // The tags and the script's content go; the quote and bracket before them are text.
  await expect(page.getByRole('alert').filter({ hasText: '">' })).toHaveText('">');
  await expect(page.getByText(reason)).toHaveCount(0);
  await expectNothingInjected(page);
});

test('licence names with HTML from the catalogue show as text in the list, the order form and the thanks', async ({
  page,
}) => {
  await openAs(page, '/', { language: 'en' });
  // The API has no call that writes the catalogue: the payloads go into the mock's saved database.
  await page.evaluate(
    ({ img, script }) => {
      const snapshot = JSON.parse(localStorage.getItem('portal-mock-db') ?? '{}') as {
        models: { licence: Record<string, unknown>[] };
      };
      const first = snapshot.models.licence.find((licence) => licence.id === 1);
      const second = snapshot.models.licence.find((licence) => licence.id === 2);
      if (!first || !second) throw new Error('the seed has no licences 1 and 2');
      Object.assign(first, { name: img });
      Object.assign(second, { name: script });
      localStorage.setItem('portal-mock-db', JSON.stringify(snapshot));
    },
    { img, script },
  );
  await page.goto('/shop');
  await mockStarted(page);
  const main = page.getByRole('main');
  await expect(main.getByText(img).first()).toBeVisible();
  await expect(main.getByText(script).first()).toBeVisible();
  await expectNothingInjected(page);

  await page.goto('/shop/1');
  await expect(main.getByText(img).first()).toBeVisible();
  const values: [string, string][] = [
    ['Email address', 'buyer@example.com'],
    ['Company name', 'Käufer GmbH'],
    ['First name', 'Karl'],
    ['Last name', 'Käufer'],
    ['Street and number', 'Marktplatz 2'],
    ['Postcode', '80331'],
    ['City', 'München'],
  ];
  for (const [label, value] of values) await main.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: 'Order and pay' }).click();
  await expect(page).toHaveURL(/\/order_done$/);
  await expect(page.getByText(img).first()).toBeVisible();
  await expectNothingInjected(page);
});

test('a refusal that explains itself in the message field with HTML is shown as plain text, its markup removed', async ({
  page,
}) => {
  const message = `${script}${img}`;
  // Not a 409: that one the portal recognises and words itself (decision 039).
  await refuseCall(page, '/register/company', 422, { message });
  await openAs(page, '/register', { language: 'en' });
  const main = page.getByRole('main');
  const values: [string, string][] = [
    ['Email address', 'new@example.com'],
    ['First name', 'Nina'],
    ['Last name', 'Neu'],
    ['Street and number', 'Weg 1'],
    ['Postcode', '10115'],
    ['City', 'Berlin'],
  ];
  for (const [label, value] of values) await main.getByRole('textbox', { name: label, exact: true }).fill(value);
  await main.locator('input[name="password"]').fill(seedPassword);
  await page.getByRole('checkbox', { name: termsCheckbox }).check();
  await page.getByRole('button', { name: /^Create account/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '">' })).toHaveText('">');
  await expect(page.getByText(message)).toHaveCount(0);
  await expectNothingInjected(page);
});
