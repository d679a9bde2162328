import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/constants';
import { mock } from '../../src/mocks/node';
import { cancellationEndDate } from '../../src/mocks/rules';
import { renderAppAs } from '../support/render-app';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';

/** The mock's end date of a cancellation made now, as the card writes it in each language. */
const endDate = (language: Language) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${cancellationEndDate()}T00:00:00Z`),
  );

/** SPEC §9 in the dialog's words: four weeks to the billing date, and no billing date the portal does not know. */
const texts = {
  en: {
    notice:
      'Billing is monthly, and the notice period is four weeks to the billing date: the datastore ends on the first billing date that is at least four weeks away and is then deleted with all backups in it. This cannot be undone.',
    scheduled: (date: string) =>
      `Deletion scheduled: this datastore is cancelled. It ends on ${date} and is then deleted with all backups in it.`,
  },
  de: {
    notice:
      'Wir rechnen monatlich ab; die Kündigungsfrist beträgt vier Wochen zum Abrechnungstermin. Der Datastore endet also am ersten Abrechnungstermin, der mindestens vier Wochen nach Ihrer Kündigung liegt, und wird danach mit allen darin gespeicherten Backups gelöscht. Das lässt sich nicht rückgängig machen.',
    scheduled: (date: string) =>
      `Löschung geplant: Dieser Datastore ist gekündigt. Er endet am ${date} und wird danach mit allen darin gespeicherten Backups gelöscht.`,
  },
} satisfies Record<Language, unknown>;

/** A customer with the three datastores that the tests cancel or keep, none of them cancelled yet. */
const aCustomer = () => createCustomer({ datastores: ['backup', 'archive', 'media'].map((name) => aDatastore(name)) });

async function openDashboard(language: 'en' | 'de' = 'en') {
  const view = await renderAppAs('/dashboard', { language, as: aCustomer() });
  await screen.findByRole('article', { name: 'backup' });
  return view;
}

const card = (name: string) => within(screen.getByRole('article', { name }));

describe('cancelling a datastore', () => {
  it('asks for confirmation and keeps the datastore when the customer changes their mind', async () => {
    const { user } = await openDashboard();
    const remove = card('backup').getByRole('button', { name: 'Cancel the datastore' });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the datastore “backup”?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(texts.en.notice);
    expect(within(dialog).getByRole('button', { name: 'No, keep the datastore' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'No, keep the datastore' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(card('backup').queryByText('Deletion scheduled:')).not.toBeInTheDocument();
    expect(mock.outbox().filter((mail) => mail.subject.startsWith('Cancellation'))).toEqual([]);
  });

  it('closes the confirmation with Escape and keeps focus inside it with Tab', async () => {
    const { user } = await openDashboard();
    await user.click(card('media').getByRole('button', { name: 'Cancel the datastore' }));
    const dialog = await screen.findByRole('alertdialog');
    const keep = within(dialog).getByRole('button', { name: 'No, keep the datastore' });
    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel the datastore' });
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(keep).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(card('media').getByRole('button', { name: 'Cancel the datastore' })).toHaveFocus();
  });

  it('cancels after confirmation, then shows the scheduled deletion and disables delete', async () => {
    const { user } = await openDashboard();
    await user.click(card('archive').getByRole('button', { name: 'Cancel the datastore' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel the datastore' }),
    );
    expect(await card('archive').findByText('Deletion scheduled:')).toBeInTheDocument();
    expect(card('archive').getByText('Deletion scheduled:').parentElement).toHaveTextContent(
      texts.en.scheduled(endDate('en')),
    );
    expect(card('archive').getByRole('button', { name: 'Cancel the datastore' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'archive' })).toHaveFocus());
    expect(mock.outbox().at(-1)?.subject).toBe('Cancellation of datastore archive');
  });

  it('shows why a cancellation failed on the card and keeps the datastore as it was', async () => {
    mock.fault('v1.1 POST /datastores/{name}/cancellation', 'http500', { times: 1 });
    const { user } = await openDashboard();
    await user.click(card('backup').getByRole('button', { name: 'Cancel the datastore' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel the datastore' }),
    );
    expect(await card('backup').findByRole('alert')).toHaveTextContent('An error has occurred!');
    expect(card('backup').getByRole('button', { name: 'Cancel the datastore' })).toBeEnabled();
    expect(card('backup').queryByText('Deletion scheduled:')).not.toBeInTheDocument();
  });

  it('asks in German on a German page, with the notice period, and then shows the end date', async () => {
    const { user } = await openDashboard('de');
    await user.click(card('backup').getByRole('button', { name: 'Datastore kündigen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Den Datastore „backup“ kündigen?' });
    expect(dialog).toHaveAccessibleDescription(texts.de.notice);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Datastore kündigen' }));
    expect(await card('backup').findByText('Löschung geplant:')).toBeInTheDocument();
    expect(card('backup').getByText('Löschung geplant:').parentElement).toHaveTextContent(
      texts.de.scheduled(endDate('de')),
    );
  });
});
