import { expect, openFresh, test } from './fixtures';
import { axeBuilder } from './support/axe';

/**
 * SPEC §4 "Cancelled contract: datastores become read-only", §9 "Cancellation is four weeks to
 * the billing date", "Login is deleted 30 days after cancellation" (decision 029): the customer
 * cancels on the company page, and the dashboard then shows the datastores read-only and sells
 * nothing, right away and on a later visit.
 */
test('cancels the contract on the company page, then finds the datastores read-only and no Buy button on the dashboard', async ({
  page,
}) => {
  // Three pages and a reload: more than one screen's journey takes, on a busy machine.
  test.slow();
  await openFresh(page, '/login');
  await page.getByLabel('Email address').fill('demo@example.com');
  await page.locator('input[name="password"]').fill('Demo-Password-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Buy dynamic backup storage' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Account and settings' }).click();
  const cancellation = page.getByRole('region', { name: 'Cancel the contract' });
  await cancellation.getByRole('button', { name: 'Cancel the contract…' }).click();
  await expect(cancellation.getByRole('listitem')).toHaveText([
    'Billing is monthly, and the notice period is four weeks to the billing date: your contract ends on the first billing date that is at least four weeks away.',
    'Once cancelled, your datastores are read-only.',
    'Your account is deleted 30 days after the cancellation, with all datastores and backups.',
  ]);
  await cancellation.getByRole('button', { name: 'Yes, cancel the contract' }).click();
  const done = cancellation.getByRole('status');
  await expect(done).toContainText(/Your contract has been cancelled\. It ends on \w+ \d{1,2}, \d{4}\./);
  await expect(done).toContainText(
    'From the cancellation on, your datastores are read-only; billing continues until the contract ends. Your account is deleted 30 days after the cancellation, with all datastores and backups: restore what you want to keep before then.',
  );
  const ends = /It ends on (\w+ \d{1,2}, \d{4})\./.exec((await done.textContent()) ?? '')?.[1];
  expect(ends).toBeDefined();

  const expectReadOnly = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Your datastores' })).toBeVisible();
    await expect(page.getByText(`Your contract is cancelled and ends on ${ends}.`, { exact: false })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      await expect(card.getByText('Read-only', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Cancel the datastore' })).toBeDisabled();
    }
    const purchase = page.getByRole('region', { name: 'Buy backup storage' });
    await expect(purchase).toContainText(
      `Your contract is cancelled and ends on ${ends}, so no new datastores can be bought.`,
    );
    await expect(page.getByRole('button', { name: /^Buy / })).toHaveCount(0);
  };

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expectReadOnly();
  // The read-only badges and notices keep the contrast and structure of the rest of the page.
  const audit = await axeBuilder(page).analyze();
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);

  // A later visit: a new page load, where only the server's answers can tell.
  await page.reload();
  await expectReadOnly();
});
