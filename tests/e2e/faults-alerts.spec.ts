/**
 * Fault matrix, the alerts (decisions 013 and 062, issue 45): the list of recent alerts (v1.1 GET
 * /alerts), read by the top bar's feed once its event stream is open, and the rules of /alerts,
 * read on opening (v1.1 GET /alert-rules) and saved by their form (v1.1 PUT /alert-rules).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { describeFaults, failureMessages, failureWait, sectionFailures, type Say } from './support/fault-matrix';

const demo = 'demo@example.com';

const heading = (page: Page, say: Say) => page.getByRole('heading', { level: 1, name: say('alerts.title') });
const recent = (page: Page, say: Say) => page.getByRole('region', { name: say('alerts.recent') });
const rules = (page: Page, say: Say) => page.getByRole('region', { name: say('alerts.rules') });
const recipients = (page: Page, say: Say) =>
  rules(page, say).getByRole('textbox', { name: say('alerts.rules.recipients') });
const save = (page: Page, say: Say) => rules(page, say).getByRole('button', { name: say('alerts.rules.save') });

/** The demo has no alert in its first 30 days: the list read says so. */
const listShown = async (page: Page, say: Say) =>
  expect(recent(page, say).getByText(say('alerts.none'), { exact: true })).toBeVisible();

describeFaults({
  call: 'v1.1 GET /alerts',
  language: 'en',
  email: demo,
  path: '/alerts',
  loadsOnOpen: true,
  // Decision 062, point 3: the list is this page's content, read by the top bar's feed, whose 401
  // behind another page ends nothing; here it ends the session, as the page's rules read does.
  busy: (page, say) => recent(page, say).getByRole('button', { name: say('action.retry') }),
  succeeded: async (page, say) => {
    await expect(heading(page, say)).toBeVisible();
    await listShown(page, say);
    await expect(recipients(page, say)).toBeVisible();
  },
  // Decision 062, point 3: a failed list keeps what is shown with its reason and a retry, in the
  // list's section; the rules beside it stay usable and the bell stays in the top bar.
  outcomes: Object.fromEntries(
    sectionFailures.map((kind) => [
      kind,
      async (page: Page, say: Say) => {
        const alert = recent(page, say).getByRole('alert');
        await expect(alert).toContainText(say(failureMessages[kind]), failureWait(kind));
        await expect(alert.getByRole('button', { name: say('action.retry') })).toBeEnabled();
        await expect(recent(page, say).getByText(say('alerts.none'), { exact: true })).toHaveCount(0);
        await expect(recipients(page, say)).toBeVisible();
        await expect(save(page, say)).toBeEnabled();
        await expect(page.getByRole('link', { name: new RegExp(`^${say('alerts.title')}`) })).toBeVisible();
      },
    ]),
  ),
});

describeFaults({
  call: 'v1.1 GET /alert-rules',
  language: 'de',
  email: demo,
  path: '/alerts',
  loadsOnOpen: true,
  busy: (page, say) => rules(page, say).getByRole('button', { name: say('action.retry') }),
  succeeded: async (page, say) => {
    await expect(heading(page, say)).toBeVisible();
    await expect(recipients(page, say)).toBeVisible();
    await expect(save(page, say)).toBeEnabled();
    await listShown(page, say);
  },
  // The rules fail in their own section with its retry; the list of alerts stays shown.
  outcomes: Object.fromEntries(
    sectionFailures.map((kind) => [
      kind,
      async (page: Page, say: Say) => {
        const alert = rules(page, say).getByRole('alert');
        await expect(alert).toContainText(say(failureMessages[kind]), failureWait(kind));
        await expect(alert.getByRole('button', { name: say('action.retry') })).toBeEnabled();
        await expect(recipients(page, say)).toHaveCount(0);
        await listShown(page, say);
      },
    ]),
  ),
});

const recipient = 'ops@example.com';

describeFaults({
  call: 'v1.1 PUT /alert-rules',
  language: 'en',
  email: demo,
  path: '/alerts',
  // Decision 027: the rules form's 401 asks for the login over the form, which keeps the address.
  loginInPlace: true,
  // Decision 054, point 3: the rules are sent with a key and sent again while no answer comes; a
  // broken connection is "Still working" until the form's loading timeout (decision 026), which
  // says that the server did not answer in time.
  resentUnanswered: true,
  messages: { network: 'error.timeout' },
  prepare: async (page, say) => {
    await listShown(page, say);
    await recipients(page, say).fill(recipient);
  },
  trigger: async (page, say) => save(page, say).click(),
  kept: (page, say) => [[recipients(page, say), recipient]],
  busy: (page, say) => save(page, say),
  succeeded: async (page, say) => expect(rules(page, say).getByRole('status')).toHaveText(say('alerts.rules.saved')),
});
