import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getCompany } from '../../src/api/company';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { delay, getResponse, http, HttpResponse } from 'msw';
import { apiUrl } from '../../src/api/client';
import { handlers } from '../../src/mocks/handlers';
import { mock, server } from '../../src/mocks/node';
import { advanceUntil, countCalls, renderApp, renderAppAs } from '../support/render-app';
import { aDatastore } from '../support/builders';
import { createCustomer } from '../support/customers';

// The page's code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await import('../../src/views/dashboard/dashboard-page');
}, 30_000);

/** A customer with four datastores, as many as a small business runs. */
const aCustomer = () =>
  createCustomer({ datastores: ['backup', 'archive', 'old', 'media'].map((name) => aDatastore(name)) });

async function openDashboard(language: 'en' | 'de' = 'en') {
  const view = await renderAppAs('/dashboard', { language, as: aCustomer() });
  await screen.findByRole('article', { name: 'backup' });
  return view;
}

const option = (name: string) => within(screen.getByRole('form', { name }));
const slider = () => screen.getByRole('slider', { name: /^(Volume|Volumen)$/ });

describe('the purchase card', () => {
  afterEach(() => vi.useRealTimers());

  it('shows both rates with German prices, 1 TB by default, and the documents', async () => {
    await openDashboard();
    expect(option('Dynamic rate').getByText('0,02 €')).toBeInTheDocument();
    expect(option('Dynamic rate').getByText(/per GB per month/)).toBeInTheDocument();
    expect(slider()).toHaveValue('1');
    expect(slider()).toHaveAttribute('min', '1');
    expect(slider()).toHaveAttribute('max', '20');
    expect(slider()).toHaveAttribute('step', '1');
    expect(slider()).toHaveAttribute('aria-valuetext', '1\u00a0TB (1,000\u00a0GB)');
    expect(option('Fixed volume').getByText('20,00 €')).toBeInTheDocument();
    for (const name of ['Dynamic rate', 'Fixed volume']) {
      expect(option(name).getByRole('textbox', { name: /Datastore identifier/ })).toHaveValue('backup');
      expect(option(name).getByRole('textbox', { name: /Datastore identifier/ })).toBeRequired();
    }
    expect(screen.getByRole('link', { name: 'Service description' })).toHaveAttribute(
      'href',
      'https://www.example.com/service-description.pdf',
    );
    expect(screen.getByRole('link', { name: 'Legal notes' })).toHaveAttribute(
      'href',
      'https://www.example.com/legal-notes',
    );
  });

  it('shows the size in GB and the monthly price for every volume from 1 to 20 TB', async () => {
    await openDashboard();
    for (const volume of [3, 20, 1, 12]) {
      fireEvent.change(slider(), { target: { value: String(volume) } });
      expect(
        screen.getByText(`${volume} TB (${(volume * 1000).toLocaleString('en')} GB)`, { selector: 'output' }),
      ).toBeInTheDocument();
      const price = `${volume * 20},00 €`; // the matcher normalises the no-break space
      expect(option('Fixed volume').getByText(price)).toBeInTheDocument();
    }
  });

  it('formats the size the German way on a German page', async () => {
    await openDashboard('de');
    fireEvent.change(slider(), { target: { value: '3' } });
    expect(screen.getByText('3 TB (3.000 GB)', { selector: 'output' })).toBeInTheDocument();
    expect(option('Festes Volumen').getByText(/pro Monat/)).toHaveTextContent('60,00 € pro Monat');
    expect(option('Dynamischer Tarif').getByText(/pro GB und Monat/)).toHaveTextContent('0,02 € pro GB und Monat');
  });

  it('checks the identifier live and refuses to buy with an invalid one', async () => {
    const { user } = await openDashboard();
    const field = option('Dynamic rate').getByRole('textbox', { name: /Datastore identifier/ });
    fireEvent.change(field, { target: { value: '' } });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Please fill in this field\./);
    fireEvent.change(field, { target: { value: 'my store' } });
    expect(field).toHaveAccessibleDescription(/Use 1 to 8 letters and digits/);
    await user.click(option('Dynamic rate').getByRole('button', { name: 'Buy dynamic backup storage' }));
    expect(field).toHaveFocus();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    fireEvent.change(field, { target: { value: 'store9' } });
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(option('Fixed volume').getByRole('textbox', { name: /Datastore identifier/ })).toHaveValue('backup');
  });

  it('buys a dynamic datastore and shows it with its password', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openDashboard();
    const field = option('Dynamic rate').getByRole('textbox', { name: /Datastore identifier/ });
    fireEvent.change(field, { target: { value: 'daily' } });
    await user.click(option('Dynamic rate').getByRole('button', { name: 'Buy dynamic backup storage' }));
    expect(await screen.findAllByRole('button', { name: 'Purchase in progress…' })).toHaveLength(2);
    const dialog = await advanceUntil(() => screen.queryByRole('dialog', { name: 'Your datastore “daily” is ready' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const daily = within(screen.getByRole('article', { name: 'daily' }));
    expect(daily.getByText('Dynamic rate')).toBeInTheDocument();
    expect(daily.getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Buy / })).toHaveLength(2);
  });

  it('keeps the option and identifier and explains when the identifier is taken', async () => {
    const { user } = await openDashboard();
    fireEvent.change(slider(), { target: { value: '4' } });
    const field = option('Fixed volume').getByRole('textbox', { name: /Datastore identifier/ });
    fireEvent.change(field, { target: { value: 'Archive' } });
    await user.click(option('Fixed volume').getByRole('button', { name: 'Buy fixed volume' }));
    expect(await screen.findByText('A datastore with this name already exists')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/You already have a datastore with this identifier/);
    expect(field).toHaveValue('Archive');
    expect(slider()).toHaveValue('4');
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('shows a clear message when the server fails, keeping the volume and the button', async () => {
    mock.fault('v1.1 POST /datastores', 'http500', { times: 1 });
    const { user } = await openDashboard();
    fireEvent.change(slider(), { target: { value: '2' } });
    await user.click(option('Fixed volume').getByRole('button', { name: 'Buy fixed volume' }));
    const purchase = within(screen.getByRole('region', { name: 'Buy backup storage' }));
    await waitFor(() => expect(purchase.getByRole('alert')).toHaveTextContent('An error has occurred!'));
    expect(slider()).toHaveValue('2');
    expect(option('Fixed volume').getByRole('button', { name: 'Buy fixed volume' })).toBeEnabled();
  });

  it('reads the list after a purchase whose connection dropped, and says it could not be confirmed when nothing new is listed', async () => {
    // A server that knows only v1: its purchase has no key, so the portal must not send it again.
    mock.setApiVersion('v1');
    mock.fault('GET /product/pbs/{datastoreIdentifier}/{productId}', 'network', { times: 1 });
    const { user } = await openDashboard('de');
    const statusReads = countCalls('get', '/status');
    await user.click(option('Dynamischer Tarif').getByRole('button', { name: 'Dynamischen Backup-Speicher kaufen' }));
    const purchase = within(screen.getByRole('region', { name: 'Backup-Speicher kaufen' }));
    await waitFor(() =>
      expect(purchase.getByRole('alert')).toHaveTextContent(
        'Der Kauf konnte nicht bestätigt werden: Der Server hat nicht geantwortet, und in Ihrer Liste ist kein neuer Datastore erschienen. Sie können den Kauf wiederholen.',
      ),
    );
    expect(statusReads()).toBe(1);
    expect(option('Dynamischer Tarif').getByRole('textbox', { name: /Datastore-Kennung/ })).toHaveValue('backup');
    expect(
      option('Dynamischer Tarif').getByRole('button', { name: 'Dynamischen Backup-Speicher kaufen' }),
    ).toBeEnabled();
  });

  it('says the outcome is unknown when neither the purchase nor the list answers', async () => {
    mock.setApiVersion('v1');
    const { user } = await openDashboard();
    mock.fault('GET /product/pbs/{datastoreIdentifier}/{productId}', 'network', { times: 1 });
    mock.fault('GET /status', 'http500', { times: 1 });
    await user.click(option('Dynamic rate').getByRole('button', { name: 'Buy dynamic backup storage' }));
    const purchase = within(screen.getByRole('region', { name: 'Buy backup storage' }));
    await waitFor(() =>
      expect(purchase.getByRole('alert')).toHaveTextContent(
        'The purchase could not be confirmed, and your list of datastores could not be read. Please reload the page and check the list before you repeat the purchase.',
      ),
    );
  });

  // In German only (decision 056): the shop's slow order says it in English.
  it.each(['de'] as const)(
    'says in place that a slow purchase is still working, with both buttons still busy (%s)',
    async (language) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      mock.setApiVersion('v1');
      server.use(
        http.get(apiUrl('/product/pbs/:identifier/:productId'), async ({ request }) => {
          // Answered after 8 s: past the 6 s after which the card says it is still working.
          await delay(8_000);
          return getResponse(handlers, request);
        }),
      );
      const text =
        language === 'de'
          ? {
              option: 'Dynamischer Tarif',
              buy: 'Dynamischen Backup-Speicher kaufen',
              busy: 'Kauf läuft …',
              still: 'Wird noch bearbeitet – das kann bis zu einer Minute dauern.',
            }
          : {
              option: 'Dynamic rate',
              buy: 'Buy dynamic backup storage',
              busy: 'Purchase in progress…',
              still: 'Still working – this can take up to a minute.',
            };
      const { user } = await openDashboard(language);
      await user.click(option(text.option).getByRole('button', { name: text.buy }));
      expect(screen.queryByText(text.still)).toBeNull();
      const still = await advanceUntil(() => screen.queryByText(text.still));
      expect(still).toBeVisible();
      expect(screen.getAllByRole('button', { name: text.busy })).toHaveLength(2);
      for (const button of screen.getAllByRole('button', { name: text.busy })) expect(button).toBeDisabled();
      await advanceUntil(() => (screen.queryByText(text.still) ? null : true));
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).not.toContain(expect.stringMatching(/./));
    },
  );

  it.each([
    {
      language: 'en',
      region: 'Buy backup storage',
      terms: 'Billed monthly; notice period four weeks to the billing date. Our terms and conditions apply.',
      termsLink: 'terms and conditions',
      dataProcessing:
        'For the personal data in your backups we conclude a data processing agreement (DPA) with you under Art. 28 GDPR. View the data processing agreement (DPA)',
      dataProcessingLink: 'View the data processing agreement (DPA)',
      documents: ['Service description', 'Legal notes'],
    },
    {
      language: 'de',
      region: 'Backup-Speicher kaufen',
      terms: 'Abrechnung monatlich; Kündigungsfrist vier Wochen zum Abrechnungstermin. Es gelten unsere AGB.',
      termsLink: 'AGB',
      dataProcessing:
        'Für die Verarbeitung personenbezogener Daten in Ihren Backups schließen wir mit Ihnen einen Vertrag zur Auftragsverarbeitung (AVV) nach Art. 28 DSGVO. Vertrag zur Auftragsverarbeitung (AVV) ansehen',
      dataProcessingLink: 'Vertrag zur Auftragsverarbeitung (AVV) ansehen',
      documents: ['Leistungsbeschreibung', 'Rechtliche Hinweise'],
    },
  ] as const)(
    'states the billing, the notice period, the terms and the data processing agreement under the buttons ($language, decision 041)',
    async ({ language, region, terms, termsLink, dataProcessing, dataProcessingLink, documents }) => {
      await openDashboard(language);
      const purchase = within(screen.getByRole('region', { name: region }));
      const agb = purchase.getByRole('link', { name: termsLink });
      expect(agb).toHaveAttribute('href', 'https://www.example.com/terms');
      expect(agb.closest('p')).toHaveTextContent(terms);
      const dpa = purchase.getByRole('link', { name: dataProcessingLink });
      expect(dpa).toHaveAttribute('href', 'https://www.example.com/data-processing-agreement');
      expect(dpa.closest('p')).toHaveTextContent(dataProcessing);
      for (const link of [agb, dpa]) {
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
      // Under the buy buttons, and the documents stay.
      const buttons = purchase.getAllByRole('button');
      expect(buttons.at(-1)?.compareDocumentPosition(agb)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
      for (const name of documents) expect(purchase.getByRole('link', { name })).toBeInTheDocument();
    },
  );

  it.each([
    [
      'en',
      'plus VAT',
      'For a company established in France or Luxembourg with a valid VAT ID we charge no German VAT: the VAT is owed by you as the recipient of the service (reverse charge).',
    ],
    [
      'de',
      'zzgl. USt.',
      'Für Unternehmen mit Sitz in Frankreich oder Luxemburg und gültiger USt-IdNr. stellen wir keine deutsche Umsatzsteuer in Rechnung: Die Umsatzsteuer schulden Sie als Leistungsempfänger (Steuerschuldnerschaft des Leistungsempfängers, Reverse-Charge-Verfahren).',
    ],
  ] as const)(
    'says plus VAT beside both prices, and notes reverse charge only for a company in FR or LUX with a VAT id (%s)',
    async (language, plusVat, reverseCharge) => {
      await openDashboard(language);
      const purchase = within(screen.getByRole('region', { name: /^(Buy backup storage|Backup-Speicher kaufen)$/ }));
      expect(purchase.getAllByText(plusVat)).toHaveLength(2);
      expect(purchase.queryByText(reverseCharge)).toBeNull();
      cleanup();
      const { contract_end_date: _end, ...company } = await getCompany();
      server.use(
        http.get(apiUrl('/company'), () => HttpResponse.json({ ...company, country: 'LUX', ustid: 'LU26375245' })),
      );
      renderApp('/dashboard', { loggedIn: true, language });
      expect(await screen.findByText(reverseCharge)).toBeInTheDocument();
    },
  );
});
