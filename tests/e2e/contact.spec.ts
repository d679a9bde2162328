import { expect, openFresh, test } from './fixtures';
import { axeBuilder } from './support/axe';

test('a customer sends a message to support through the contact form', async ({ page }) => {
  await openFresh(page, '/login');
  await page.getByLabel('Email address').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo-Password-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact support' })).toBeVisible();
  // Name and email come from the customer's account.
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Erika Mustermann');
  await expect(page.getByRole('textbox', { name: 'Email address for our answer' })).toHaveValue('demo@example.com');
  // The anti-spam field is there for bots only: out of sight and out of the tab order.
  await expect(page.locator('input[name="website"]')).not.toBeInViewport();
  await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');

  const axe = await axeBuilder(page).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page
    .getByRole('textbox', { name: 'Your message' })
    .fill('Our nightly backup job to k10001_backup fails with a timeout.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message has been sent.')).toBeVisible();

  const mails = await page.evaluate(() => window.__portalMock.outbox());
  expect(mails.at(-1)).toMatchObject({
    to: 'support@example.com',
    subject: 'Contact form: Erika Mustermann <demo@example.com>',
    body: 'Our nightly backup job to k10001_backup fails with a timeout.',
  });
});

test('the form keeps the text when sending fails, and sends it on the next try', async ({ page }) => {
  await openFresh(page, '/login');
  await page.getByLabel('Email address').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo-Password-2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => window.__portalMock.fault('POST /contact', 'http500', { times: 1 }));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Support' }).click();

  const message = page.getByRole('textbox', { name: 'Your message' });
  await message.fill('Please call me back.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'An error has occurred!' })).toBeVisible();
  await expect(message).toHaveValue('Please call me back.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message has been sent.')).toBeVisible();
});
