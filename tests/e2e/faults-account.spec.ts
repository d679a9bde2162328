/**
 * Fault matrix, account calls (issue 11, item 1): login, registration, forgotten and new
 * password, the user (GET /me), the language and logout, each on its own screen.
 */
import { expect } from './fixtures';
import { describeFaults, expectLoggedOut, outcomesFor } from './support/fault-matrix';
import { seedPassword, storedLoggedIn } from './support/portal';

const newPassword = 'Correct-Horse-Battery-9';

describeFaults({
  call: 'POST /login',
  language: 'en',
  path: '/login',
  prepare: async (page, say) => {
    await page.getByRole('textbox', { name: say('login.email') }).fill('demo@example.com');
    await page.getByLabel(say('login.password')).fill(seedPassword);
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('login.submit') }).click(),
  kept: (page, say) => [
    [page.getByRole('textbox', { name: say('login.email') }), 'demo@example.com'],
    [page.getByLabel(say('login.password')), seedPassword],
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
    await page.getByRole('textbox', { name: say('register.email') }).fill('neu@example.com');
    await page.getByLabel(say('register.password'), { exact: false }).first().fill(newPassword);
    await page.getByRole('textbox', { name: say('register.firstname') }).fill('Nora');
    await page.getByRole('textbox', { name: say('register.lastname') }).fill('Neumann');
    await page.getByRole('textbox', { name: say('register.companyName') }).fill('Neu IT GmbH');
    await page.getByRole('textbox', { name: say('register.street') }).fill('Am Kai 3');
    await page.getByRole('textbox', { name: say('register.postcode') }).fill('20457');
    await page.getByRole('textbox', { name: say('register.city') }).fill('Hamburg');
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('register.submit') }).click(),
  kept: (page, say) => [
    [page.getByRole('textbox', { name: say('register.email') }), 'neu@example.com'],
    [page.getByLabel(say('register.password'), { exact: false }).first(), newPassword],
    [page.getByRole('textbox', { name: say('register.companyName') }), 'Neu IT GmbH'],
    [page.getByRole('textbox', { name: say('register.city') }), 'Hamburg'],
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
  prepare: async (page, say) => page.getByRole('textbox', { name: say('reset.email') }).fill('demo@example.com'),
  trigger: async (page, say) => page.getByRole('button', { name: say('reset.submit') }).click(),
  kept: (page, say) => [[page.getByRole('textbox', { name: say('reset.email') }), 'demo@example.com']],
  busy: (page, say) => page.getByRole('button', { name: say('reset.submit') }),
  succeeded: async (page, say) => {
    await expect(page.getByText(say('reset.sent'))).toBeVisible();
  },
});

describeFaults({
  call: 'POST /changepassword',
  language: 'de',
  path: '/reset',
  prepare: async (page, say) => {
    // The emailed link of a real reset request, taken from the mock's outbox.
    const link = await page.evaluate(async () => {
      await fetch('/api/v1/forgotpassword', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com' }),
      });
      return window.__portalMock.outbox().at(-1)?.link ?? '';
    });
    expect(link).toContain('/newpassword?');
    await page.goto(link);
    await page.getByLabel(say('newPassword.password'), { exact: true }).fill(newPassword);
    await page.getByLabel(say('newPassword.confirmation'), { exact: true }).fill(newPassword);
  },
  trigger: async (page, say) => page.getByRole('button', { name: say('newPassword.submit') }).click(),
  kept: (page, say) => [
    [page.getByLabel(say('newPassword.password'), { exact: true }), newPassword],
    [page.getByLabel(say('newPassword.confirmation'), { exact: true }), newPassword],
  ],
  busy: (page, say) => page.getByRole('button', { name: say('newPassword.submit') }),
  succeeded: async (page, say) => {
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(say('login.notice.changed'))).toBeVisible();
  },
});

describeFaults({
  call: 'GET /me',
  language: 'en',
  email: 'demo@example.com',
  path: '/encryption',
  loadsOnOpen: true,
  messages: { http500: 'session.userFailed', network: 'session.userFailed', timeout: 'session.userFailed', malformed: 'session.userFailed' },
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
  trigger: async (page, say) => page.getByLabel(say('language.label')).first().selectOption('en'),
  // The page speaks the chosen language at once; a failed save changes nothing for the
  // customer, so no message is shown (docs/decisions/013). A 401 ends the session.
  succeeded: async (page) => {
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  },
  outcomes: outcomesFor(['http500', 'network', 'timeout', 'malformed'], async (page) => {
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('portal.language'))).toBe('en');
    expect(await storedLoggedIn(page)).toBe('true');
  }),
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
