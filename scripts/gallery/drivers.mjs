/* global window -- used inside page.evaluate, which runs in the browser */
/**
 * How the state gallery (issue 19) replays a machine's events on its screen. A driver names
 * the page the machine runs on, who is logged in, which mock call each invoked actor makes, and
 * a UI action for each event a person (or the page) sends. Actor results need no action: the
 * mock answers; an actor's failure becomes a fault on its call, set before the action that makes
 * the call; a call still pending where the path ends gets a latency that outlasts the screenshot.
 * An event without an action here leaves its state without screenshots, with that as the reason.
 */

/** Fills a form field by its name, the same in both languages. */
const fill = (name, value) => async (page) =>
  page
    .locator(`form [name="${name}"]`)
    .first()
    .fill(String(value ?? ''));

/** Sends the form the page shows (its submit button; the text differs by language). */
const submit =
  (form = 'form') =>
  async (page) =>
    page.locator(form).locator('button[type="submit"]').first().click();

/**
 * The link of a reset mail; a refused link (a 400 with the server's reason, the form's failure or
 * the refusal it ended with) is an unknown token.
 */
async function resetLinkRoute(page, planned) {
  const refused = planned.events.some(
    (event) => event.error?.status === 400 || event.output?.ending?.refusal?.status === 400,
  );
  if (refused) return '/newpassword?email=demo%40example.com&token=unknown';
  const link = await page.evaluate(async () => {
    await fetch('/api/v1/forgotpassword', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com' }),
    });
    return window.__portalMock.outbox().at(-1)?.link ?? null;
  });
  return link ?? '/newpassword';
}

const registration = {
  email: 'nora@example.com',
  password: 'Correct-Horse-Battery-9',
  firstname: 'Nora',
  lastname: 'Neumann',
  pending_name: 'Neu IT GmbH',
  pending_street: 'Am Kai 3',
  pending_postcode: '20457',
  pending_city: 'Hamburg',
};

export const drivers = {
  login: {
    route: () => '/login',
    // The form is the child `form` (its own driver, loginForm, below); the login goes on when it
    // ends, so a path with its end fills and sends it. Its answer is an account: the demo account
    // is active, pending@ is not (a 401, or is_active false).
    open: async (page, planned) => {
      const done = planned.events?.find((event) => event.type === 'xstate.done.actor.form');
      if (!done) return;
      const active = done.output?.ending?.answer?.is_active === true;
      await fill('email', active ? 'demo@example.com' : 'pending@example.com')(page);
      await fill('password', 'Demo-Password-2026')(page);
      await submit()(page);
    },
    calls: { form: 'POST /login' },
    events: {},
  },
  loginForm: {
    route: () => '/login',
    calls: { submit: 'POST /login' },
    events: {
      'field.change': async (page, event) => fill(event.name, event.value)(page),
      'form.submit': async (page) => {
        await fill('email', 'demo@example.com')(page);
        await fill('password', 'Demo-Password-2026')(page);
        await submit()(page);
      },
    },
  },
  registration: {
    route: () => '/register',
    calls: { submit: 'POST /register/company' },
    events: {
      'field.change': async (page, event) => fill(event.name, event.value)(page),
      'form.submit': async (page) => {
        for (const [name, value] of Object.entries(registration)) await fill(name, value)(page);
        // The terms, required where a contract is made (decision 032).
        await page.locator('input[name="terms"]').check();
        await submit()(page);
      },
    },
  },
  newPassword: {
    route: resetLinkRoute,
    inputRoute: (input) => (input && input.email === null ? '/newpassword' : null),
    // The form is the child `form` (its own driver, newPasswordForm, below); the page's machine
    // goes on when it ends, so a path with its end fills and sends it.
    open: async (page, planned) => {
      if (!planned.events?.some((event) => event.type === 'xstate.done.actor.form')) return;
      await fill('password', 'Correct-Horse-Battery-9')(page);
      await fill('confirmation', 'Correct-Horse-Battery-9')(page);
      await submit()(page);
    },
    calls: { form: 'POST /changepassword' },
    events: {},
  },
  newPasswordForm: {
    route: resetLinkRoute,
    calls: { submit: 'POST /changepassword' },
    events: {
      'field.change': async (page, event) => fill(event.name, event.value)(page),
      'form.submit': submit(),
    },
    // A refusal is the server's own answer to the unknown token, not a fault.
    answered: { 400: true },
  },
  purchase: {
    route: () => '/dashboard',
    email: 'demo@example.com',
    calls: { buy: 'GET /product/pbs/{datastoreIdentifier}/{productId}' },
    scrollTo: '.purchase-card',
    events: {
      'identifier.change': async (page, event) =>
        page.locator('input[name="datastoreIdentifier"]').first().fill(String(event.value)),
      'volume.change': async (page, event) => page.getByRole('slider').fill(String(event.volume)),
      'purchase.buy': async (page) => {
        const form = page.locator('form').filter({ has: page.getByRole('slider') });
        await form.locator('input[name="datastoreIdentifier"]').fill('cat1');
        await form.locator('button[type="submit"]').click();
      },
    },
  },
  dashboard: {
    route: () => '/dashboard',
    email: 'demo@example.com',
    calls: { loadStatus: 'GET /status', cancelDatastore: 'GET /datastore/cancel/{name}' },
    events: {
      'datastore.cancel.request': async (page) =>
        page
          .locator('article.datastore-card')
          .nth(1)
          .getByRole('button', { name: /^(Cancel the datastore|Datastore kündigen)$/ })
          .click(),
      'datastore.cancel.confirm': async (page) =>
        page
          .getByRole('alertdialog')
          .getByRole('button', { name: /^(Yes, cancel the datastore|Ja, Datastore kündigen)$/ })
          .click(),
    },
  },
  listQuery: {
    route: () => '/dashboard',
    email: 'demo@example.com',
    calls: {},
    // The list's search and filters, and so their machine, show from 6 datastores on (decision 024).
    datastores: () => 8,
    events: {
      'list.search': async (page, event) => page.getByRole('searchbox').fill(String(event.search)),
    },
  },
  company: {
    route: () => '/company',
    email: 'demo@example.com',
    // Edit mode's form is the child `form` (its own driver, companyEdit, below): a save ends it.
    calls: { loadCompany: 'GET /company', form: 'POST /edit/company' },
    events: {
      'company.edit': async (page) =>
        page
          .locator('.company-page button', { hasText: /^(Edit|Bearbeiten)$/ })
          .first()
          .click(),
      // The page asks for the company again after a save (the machine raises company.reload).
      'company.reload': async (page) => {
        await page
          .locator('.company-page button', { hasText: /^(Edit|Bearbeiten)$/ })
          .first()
          .click();
        await submit('.company-page form')(page);
      },
      'form.submit': submit('.company-page form'),
    },
  },
  companyEdit: {
    route: () => '/company',
    email: 'demo@example.com',
    // The company page's edit form: the page opens it with Edit.
    open: async (page) =>
      page
        .locator('.company-page button', { hasText: /^(Edit|Bearbeiten)$/ })
        .first()
        .click(),
    calls: { submit: 'POST /edit/company' },
    events: {
      'field.change': async (page, event) => {
        const field = page.locator(`.company-page form [name="${event.name}"]`).first();
        if (event.name === 'payment_type') await field.selectOption(String(event.value));
        else await field.fill(String(event.value ?? ''));
      },
      'form.submit': submit('.company-page form'),
    },
  },
  licenceOrder: {
    route: () => '/shop/6',
    email: 'demo@example.com',
    calls: { submit: 'POST /licence/order' },
    events: {
      'form.submit': async (page) => {
        // The terms, required where a contract is made (decision 032).
        await page.locator('main form input[name="terms"]').check();
        await submit('main form')(page);
      },
    },
  },
};

/** The mock's fault for a failure of a call, or null when the mock cannot answer it so. */
export function faultFor(error) {
  if (!error) return null;
  if (error.kind === 'network') return 'network';
  if (error.kind === 'timeout') return 'timeout';
  if (error.kind === 'invalid-answer') return 'malformed';
  if (error.kind === 'http' && error.status === 401) return 'http401';
  if (error.kind === 'http' && error.status >= 500) return 'http500';
  return null;
}
