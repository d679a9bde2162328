/**
 * Fault matrix, account calls (decision 013): login, registration, forgotten and new
 * password, the user (GET /me), the language and logout, each on its own screen.
 */
import { expect } from './fixtures';
import { describeFaults, expectLoggedOut, outcomesFor } from './support/fault-matrix';
import { seedPassword, storedLoggedIn, text, termsCheckbox } from './support/portal';

const newPassword = 'Correct-Horse-Battery-9';

describeFaults({
  call: 'POST /login',
  language: 'en',
  path: '/login',
  prepare: async (page, say) => {
    await page.getByRole('textbox', { name: say('login.email'), exact: true }).fill('demo@example.com');
    await page.locator('input[name="password"]').fill(seedPassword);
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('login.submit') }).click(),
  kept: (page, say) => [
    [page.getByRole('textbox', { name: say('login.email'), exact: true }), 'demo@example.com'],
    [page.locator('input[name="password"]'), seedPassword],
  ],
  busy: (page, say) => page.getByRole('button', { name: say('login.submit') }),
  // SPEC §8: a 401 during a login means "not yet activated".
  messages: { http401: 'error.loginNotActive' },
  succeeded: async (page, say) => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: say('dashboard.title') })).toBeVisible();
  },
});

describeFaults({
  call: 'POST /register/company',
  language: 'de',
  path: '/register',
  prepare: async (page, say) => {
    await page.getByRole('textbox', { name: say('register.email'), exact: true }).fill('neu@example.com');
    await page.locator('input[name="password"]').fill(newPassword);
    await page.getByRole('textbox', { name: say('register.firstname'), exact: true }).fill('Nora');
    await page.getByRole('textbox', { name: say('register.lastname'), exact: true }).fill('Neumann');
    await page.getByRole('textbox', { name: say('register.companyName'), exact: true }).fill('Neu IT GmbH');
    await page.getByRole('textbox', { name: say('register.street'), exact: true }).fill('Am Kai 3');
    await page.getByRole('textbox', { name: say('register.postcode'), exact: true }).fill('20457');
    await page.getByRole('textbox', { name: say('register.city'), exact: true }).fill('Hamburg');
    await page.getByRole('checkbox', { name: termsCheckbox }).check();
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('register.submit') }).click(),
  kept: (page, say) => [
    [page.getByRole('textbox', { name: say('register.email'), exact: true }), 'neu@example.com'],
    [page.locator('input[name="password"]'), newPassword],
    [page.getByRole('textbox', { name: say('register.companyName'), exact: true }), 'Neu IT GmbH'],
    [page.getByRole('textbox', { name: say('register.city'), exact: true }), 'Hamburg'],
  ],
  busy: (page, say) => page.getByRole('button', { name: say('register.submit') }),
  succeeded: async (page) => {
    await expect(page).toHaveURL(/\/waiting$/);
  },
});

describeFaults({
  call: 'POST /forgotpassword',
  language: 'en',
  path: '/reset',
  prepare: async (page, say) =>
    page.getByRole('textbox', { name: say('reset.email'), exact: true }).fill('demo@example.com'),
  trigger: async (page, say) => page.getByRole('button', { name: say('reset.submit') }).click(),
  kept: (page, say) => [[page.getByRole('textbox', { name: say('reset.email'), exact: true }), 'demo@example.com']],
  busy: (page, say) => page.getByRole('button', { name: say('reset.submit') }),
  succeeded: async (page, say) => {
    await expect(page.getByText(say('reset.sent'))).toBeVisible();
  },
});

describeFaults({
  call: 'POST /changepassword',
  language: 'de',
  path: '/reset',
  prepare: async (page) => {
    // The emailed link of a real reset request, taken from the mock's outbox.
    const link = await page.evaluate(async () => {
      await fetch('/api/v1/forgotpassword', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com' }),
      });
      return window.__portalMock.outbox().at(-1)?.link ?? '';
    });
    expect(link).toContain('/newpassword?');
    await page.goto(link);
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="confirmation"]').fill(newPassword);
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('newPassword.submit') }).click(),
  kept: (page) => [
    [page.locator('input[name="password"]'), newPassword],
    [page.locator('input[name="confirmation"]'), newPassword],
  ],
  busy: (page, say) => page.getByRole('button', { name: say('newPassword.submit') }),
  succeeded: async (page, say) => {
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(say('login.notice.changed'))).toBeVisible();
  },
  // The reset link carries no session: a 401 refuses the link, which offers a new one.
  outcomes: {
    http401: async (page, say) => {
      await expect(page.getByText(say('newPassword.linkRefused'))).toBeVisible();
      await expect(page.getByRole('link', { name: say('newPassword.requestNew') })).toBeVisible();
    },
  },
});

describeFaults({
  call: 'GET /me',
  language: 'en',
  email: 'demo@example.com',
  path: '/encryption',
  loadsOnOpen: true,
  messages: {
    http500: 'session.userFailed',
    network: 'session.userFailed',
    timeout: 'session.userFailed',
    malformed: 'session.userFailed',
  },
  busy: (page, say) => page.getByRole('button', { name: say('action.retry') }),
  succeeded: async (page) => {
    await expect(page.getByText('demo@example.com').first()).toBeVisible();
  },
});

describeFaults({
  call: 'POST /language',
  language: 'de',
  email: 'demo@example.com',
  path: '/encryption',
  trigger: async (page, say) => {
    await page.getByLabel(say('language.label')).first().selectOption('en');
  },
  // The page speaks the chosen language at once; a failed save changes nothing for the
  // customer, so no message is shown (docs/decisions/013). A 401 ends the session.
  succeeded: async (page) => {
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  },
  outcomes: {
    ...outcomesFor(['http500', 'network', 'timeout', 'malformed'], async (page) => {
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      expect(await page.evaluate(() => sessionStorage.getItem('portal.language'))).toBe('en');
      expect(await storedLoggedIn(page)).toBe('true');
    }),
    // The login is shown in the language just chosen.
    http401: async (page) => expectLoggedOut(page, (id) => text('en', id)),
  },
});

describeFaults({
  call: 'GET /logout',
  language: 'de',
  email: 'demo@example.com',
  path: '/encryption',
  trigger: async (page, say) => page.getByRole('button', { name: say('nav.logout') }).click(),
  // Whatever the server answers, the client forgets the session (SPEC §4, session machine).
  succeeded: async (page, say) => expectLoggedOut(page, say),
  outcomes: outcomesFor(['http500', 'network', 'timeout', 'malformed'], expectLoggedOut),
});
