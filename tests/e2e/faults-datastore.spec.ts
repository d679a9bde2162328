/**
 * Fault matrix, the datastore page and the dashboard's health (decisions 013 and 061): the page's
 * usage (v1.1 GET /datastores/{name}/usage) and its backups (v1.1 GET /datastores/{name}/health),
 * both read on opening, and the dashboard's "Needs attention" badges (v1.1 GET /backup-health).
 */
import type { Page, Request } from '@playwright/test';
import { expect } from './fixtures';
import { describeFaults, failureMessages, failureWait, sectionFailures, type Say } from './support/fault-matrix';

const demo = 'demo@example.com';
const archive = 'k10001_archive';

const heading = (page: Page, say: Say) =>
  page.getByRole('heading', { level: 1, name: say('datastore.title').replace('{name}', 'archive') });
const spaceFacts = (page: Page, say: Say) => page.getByRole('region', { name: say('datastore.space') });
const usage = (page: Page, say: Say) => page.getByRole('region', { name: say('datastore.usage.heading') });
const backups = (page: Page, say: Say) => page.getByRole('region', { name: say('datastore.health.heading') });

describeFaults({
  call: 'v1.1 GET /datastores/{name}/usage',
  language: 'de',
  email: demo,
  path: `/datastore/${archive}`,
  loadsOnOpen: true,
  busy: (page, say) => usage(page, say).getByRole('button', { name: say('action.retry') }),
  succeeded: async (page, say) => {
    await expect(heading(page, say)).toBeVisible();
    await expect(usage(page, say).getByRole('img')).toBeVisible();
    await expect(backups(page, say)).toBeVisible();
  },
  // The usage fails on its own, in its section with its own retry; the datastore and its backups
  // stay shown (decision 061, point 2).
  outcomes: Object.fromEntries(
    sectionFailures.map((kind) => [
      kind,
      async (page: Page, say: Say) => {
        const alert = usage(page, say).getByRole('alert');
        await expect(alert).toContainText(say(failureMessages[kind]), failureWait(kind));
        await expect(alert.getByRole('button', { name: say('action.retry') })).toBeEnabled();
        await expect(usage(page, say).getByRole('img')).toHaveCount(0);
        await expect(heading(page, say)).toBeVisible();
        await expect(spaceFacts(page, say)).toBeVisible();
        await expect(backups(page, say)).toBeVisible();
      },
    ]),
  ),
});

describeFaults({
  call: 'v1.1 GET /datastores/{name}/health',
  language: 'en',
  email: demo,
  path: `/datastore/${archive}`,
  loadsOnOpen: true,
  // The page reads the datastore from the list and its health at once (decision 061, point 2): a
  // failed health is the page's failure, with the page's retry, in the default messages.
  busy: (page, say) => page.getByRole('button', { name: say('action.retry') }),
  succeeded: async (page, say) => {
    await expect(heading(page, say)).toBeVisible();
    await expect(backups(page, say)).toBeVisible();
    await expect(usage(page, say).getByRole('img')).toBeVisible();
  },
});

const card = (page: Page) => page.getByRole('article', { name: 'archive' });
const attention = (page: Page, say: Say) => page.getByRole('list', { name: say('dashboard.card.attention') });

/** The dashboard's cards, whole, with their way to the datastore's page. */
async function cardsShown(page: Page, say: Say) {
  await expect(page.getByRole('heading', { level: 1, name: say('dashboard.title') })).toBeVisible();
  await expect(card(page).getByRole('link', { name: new RegExp(`^${say('dashboard.card.insight')}`) })).toBeVisible({
    timeout: 10_000,
  });
}

/** The pages whose read of the health has ended, answered or given up: it shows nothing when it fails. */
const healthReadEnded = new WeakSet<Page>();

function followHealthRead(page: Page) {
  const ended = (request: Request) => {
    if (new URL(request.url()).pathname.endsWith('/v1.1/backup-health')) healthReadEnded.add(page);
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

describeFaults({
  call: 'v1.1 GET /backup-health',
  language: 'de',
  email: demo,
  path: '/dashboard',
  loadsOnOpen: true,
  watch: followHealthRead,
  // The archive is more than 80 % full in the demo's seed: with the health read, its card says so.
  succeeded: async (page, say) => {
    await cardsShown(page, say);
    await expect(attention(page, say)).toBeVisible();
    await expect(card(page).getByText(say('dashboard.card.attention'), { exact: true })).toBeVisible();
  },
  // Decision 061, point 7: a failed read leaves the cards as they are, without badges and without
  // a message (the dashboard machine's health.failed); the next reload of the list reads it again.
  outcomes: Object.fromEntries(
    sectionFailures.map((kind) => [
      kind,
      async (page: Page, say: Say) => {
        await cardsShown(page, say);
        // The health is read after the list; a `timeout`'s read ends when the client gives up.
        await expect.poll(() => healthReadEnded.has(page), failureWait(kind)).toBe(true);
        await expect(card(page).getByRole('button', { name: say('dashboard.card.delete') })).toBeEnabled();
        await expect(attention(page, say)).toHaveCount(0);
        await expect(page.getByText(say('dashboard.card.attention'), { exact: true })).toHaveCount(0);
        for (const id of Object.values(failureMessages)) await expect(page.getByText(say(id))).toHaveCount(0);
        await expect(page.getByText(say('dashboard.status.failed'))).toHaveCount(0);
      },
    ]),
  ),
});
