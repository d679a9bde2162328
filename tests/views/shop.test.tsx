import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mock, server } from '../../src/mocks/node';
import { createCustomer } from '../support/customers';
import { loginAs, renderApp } from '../support/render-app';

// The page's code is loaded once up front, so that no test races the lazy route's first transform.
beforeAll(async () => {
  await import('../../src/views/shop/shop-page');
});

function featureTexts(name: RegExp | string) {
  return within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('the licence list (step 0)', () => {
  it('opens on the VE tab with its four licences and their prices for 1 CPU', async () => {
    renderApp('/shop');
    const tab = await screen.findByRole('tab', { name: 'Virtualisation (VE)' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Virtualisation (VE)' });
    const cards = within(panel).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Proxmox VE Community',
      'Proxmox VE Basic',
      'Proxmox VE Standard',
      'Proxmox VE Premium',
    ]);
    expect(within(cards[0] as HTMLElement).getByText(/per CPU socket per year, plus VAT/)).toHaveTextContent(
      '115,00 € per CPU socket per year, plus VAT',
    );
    expect(within(cards[3] as HTMLElement).getByText(/per CPU socket per year/)).toHaveTextContent(
      '1.060,00 € per CPU socket per year, plus VAT',
    );
  });

  it('shows a VE card with ticks and minus signs read as included and not included', async () => {
    renderApp('/shop');
    await screen.findByRole('tab', { name: 'Virtualisation (VE)' });
    expect(featureTexts('Features of Proxmox VE Community')).toEqual([
      '✓Included: Enterprise repository',
      '✓Included: Stable version',
      '✓Included: All features',
      '✓Included: Community support (forum)',
      '–Not included: Support tickets',
      '–Not included: Guaranteed response time',
      '–Not included: Remote support via SSH',
      '✓Included: Yearly renewal',
    ]);
    expect(featureTexts('Features of Proxmox VE Premium')).toContain('✓Included: Unlimited support tickets');
  });

  it('recommends only the highlighted licence', async () => {
    renderApp('/shop');
    const panel = await screen.findByRole('tabpanel', { name: 'Virtualisation (VE)' });
    const recommendations = within(panel).getAllByText('Our recommendation for production systems');
    expect(recommendations).toHaveLength(1);
    expect(recommendations[0]?.closest('article')).toHaveAccessibleName('Proxmox VE Standard');
  });

  it('switches to PBS and MG by click and shows a card of each, priced per server', async () => {
    const { user } = renderApp('/shop');
    await user.click(await screen.findByRole('tab', { name: 'Backup Server (PBS)' }));
    expect(screen.getByRole('tab', { name: 'Backup Server (PBS)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Virtualisation (VE)' })).toHaveAttribute('aria-selected', 'false');
    const pbs = screen.getByRole('article', { name: 'Proxmox Backup Server Standard' });
    expect(within(pbs).getByText(/per server/)).toHaveTextContent('2.160,00 € per server per year, plus VAT');
    expect(within(pbs).getByText('Our recommendation for production systems')).toBeInTheDocument();
    expect(featureTexts('Features of Proxmox Backup Server Standard')).toEqual(
      expect.arrayContaining([
        '✓Included: Enterprise support through the Proxmox customer portal',
        '✓Included: 15 support tickets per year',
        '✓Included: Response time: 4 hours (business hours)',
        '✓Included: Remote support via SSH',
      ]),
    );
    expect(screen.queryByRole('article', { name: 'Proxmox VE Standard' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Mail Gateway (MG)' }));
    const mg = screen.getByRole('article', { name: 'Proxmox Mail Gateway Basic' });
    expect(within(mg).getByText(/per server/)).toHaveTextContent('390,00 € per server per year, plus VAT');
    expect(featureTexts('Features of Proxmox Mail Gateway Basic')).toEqual(
      expect.arrayContaining([
        '✓Included: 5 support tickets per year',
        '✓Included: Response time: 1 business day',
        '–Not included: Remote support via SSH',
      ]),
    );
  });

  it('moves between tabs with the arrow keys, Home and End, keeping one tab in the tab order', async () => {
    const { user } = renderApp('/shop');
    const ve = await screen.findByRole('tab', { name: 'Virtualisation (VE)' });
    const pbs = screen.getByRole('tab', { name: 'Backup Server (PBS)' });
    const mg = screen.getByRole('tab', { name: 'Mail Gateway (MG)' });
    expect([ve, pbs, mg].map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    ve.focus();
    await user.keyboard('{ArrowRight}');
    expect(pbs).toHaveFocus();
    expect(pbs).toHaveAttribute('aria-selected', 'true');
    expect([ve, pbs, mg].map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{End}');
    expect(mg).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(ve).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(mg).toHaveFocus();
    await user.keyboard('{Home}');
    expect(ve).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Virtualisation (VE)' })).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Buy Proxmox VE Community' })).toHaveFocus();
  });

  it('sends a visitor to /shop/{id} and a logged-in customer to /ishop/{id}', async () => {
    const visitor = renderApp('/shop');
    expect(await screen.findByRole('link', { name: 'Buy Proxmox VE Standard' })).toHaveAttribute('href', '/shop/3');
    visitor.unmount();
    await loginAs(createCustomer());
    renderApp('/ishop', { loggedIn: true });
    expect(await screen.findByRole('link', { name: 'Buy Proxmox VE Standard' })).toHaveAttribute('href', '/ishop/3');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('answers the five questions of the FAQ and states the terms', async () => {
    renderApp('/shop');
    await screen.findByRole('tablist');
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    for (const question of [
      'Is the software open source?',
      'How long does a licence run?',
      'How is a licence billed?',
      'How can I pay?',
      'Can I pay for several years at once?',
    ]) {
      expect(within(faq).getByText(question)).toBeInTheDocument();
    }
    expect(screen.getByText(/All prices are per year, plus VAT: Proxmox VE per CPU socket/)).toBeInTheDocument();
    // The renewal's terms follow in the same item, with the sales address as a link (decision 032).
    expect(
      screen.getByText((_, element) =>
        Boolean(
          element?.tagName === 'LI' &&
          element.textContent?.startsWith('A licence is valid for one year. It renews automatically for another year'),
        ),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Payment in advance, by PayPal or on invoice with a payment term of 10 days.'),
    ).toBeInTheDocument();
  });

  it('speaks German, with the same German prices', async () => {
    const { user } = renderApp('/shop', { language: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lizenz-Shop' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Virtualisierung (VE)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Kaufen: Proxmox VE Basic' })).toHaveAttribute('href', '/shop/2');
    expect(featureTexts('Leistungen von Proxmox VE Basic')).toEqual(
      expect.arrayContaining(['✓Enthalten: 3 Support-Tickets pro Jahr', '–Nicht enthalten: Fernwartung per SSH']),
    );
    expect(
      within(screen.getByRole('tabpanel', { name: 'Virtualisierung (VE)' })).getByText(
        'Unsere Empfehlung für Produktivsysteme',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Backup Server (PBS)' }));
    const pbs = screen.getByRole('article', { name: 'Proxmox Backup Server Community' });
    expect(within(pbs).getByText(/pro Server/)).toHaveTextContent('540,00 € pro Server und Jahr zzgl. USt.');
    expect(featureTexts('Leistungen von Proxmox Backup Server Community')).toEqual(
      expect.arrayContaining([
        '✓Enthalten: Community-Support (Forum)',
        '–Nicht enthalten: Support-Tickets',
        '–Nicht enthalten: Garantierte Reaktionszeit',
      ]),
    );
    await user.click(screen.getByRole('tab', { name: 'Mail Gateway (MG)' }));
    const mg = screen.getByRole('article', { name: 'Proxmox Mail Gateway Premium' });
    expect(within(mg).getByText(/pro Server/)).toHaveTextContent('1.590,00 € pro Server und Jahr zzgl. USt.');
    expect(screen.getByText('Häufige Fragen')).toBeInTheDocument();
    expect(screen.getByText('Wie kann ich bezahlen?')).toBeInTheDocument();
  });
});

describe('the catalogue', () => {
  it('is fetched once per visit and shared by /shop, /shop/{id} and /ishop/{id}', async () => {
    await loginAs(createCustomer());
    let calls = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/licences')) calls += 1;
    };
    server.events.on('request:start', count);
    try {
      const view = renderApp('/ishop/3', { loggedIn: true });
      expect(await screen.findByRole('heading', { level: 2, name: 'Order Proxmox VE Standard' })).toBeInTheDocument();
      view.navigate('/shop');
      expect(await screen.findByRole('tablist')).toBeInTheDocument();
      view.navigate('/shop/3');
      expect(await screen.findByRole('heading', { level: 2, name: 'Order Proxmox VE Standard' })).toBeInTheDocument();
      view.navigate('/ishop');
      expect(await screen.findByRole('tablist')).toBeInTheDocument();
      expect(calls).toBe(1);
    } finally {
      server.events.removeListener('request:start', count);
    }
  });

  it('is fetched afresh by a new visit, which keeps nothing of the one before', async () => {
    let calls = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/licences')) calls += 1;
    };
    server.events.on('request:start', count);
    try {
      const first = renderApp('/shop');
      await screen.findByRole('tablist');
      first.unmount();
      renderApp('/shop');
      expect(await screen.findByRole('tablist')).toBeInTheDocument();
      expect(calls).toBe(2);
    } finally {
      server.events.removeListener('request:start', count);
    }
  });

  it('says so with a retry when it cannot be loaded, and loads on retry', async () => {
    mock.fault('GET /licences', 'http500', { times: 1 });
    const { user } = renderApp('/shop');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The licences could not be loaded. An error has occurred!');
    expect(screen.getByText('How can I pay?')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Load the licences again' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('explains a malformed answer in German', async () => {
    mock.fault('GET /licences', 'malformed');
    renderApp('/shop/3', { language: 'de' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Lizenzen konnten nicht geladen werden. Die Antwort des Servers konnte nicht verarbeitet werden.',
    );
    expect(screen.getByRole('button', { name: 'Lizenzen erneut laden' })).toBeInTheDocument();
  });
});

describe('the step follows the route', () => {
  it('shows the form for an id and the list without one, on the tab of the licence seen last', async () => {
    const view = renderApp('/shop/7');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Order Proxmox Backup Server Standard' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Back to all licences' }));
    expect(view.currentPath()).toBe('/shop');
    expect(await screen.findByRole('tab', { name: 'Backup Server (PBS)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Buy Proxmox Backup Server Basic' }));
    expect(view.currentPath()).toBe('/shop/6');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Order Proxmox Backup Server Basic' }),
    ).toBeInTheDocument();
  });

  it('shows a clear message and the list for an unknown id', async () => {
    renderApp('/shop/99');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no licence “99”. Please choose one from the list.',
    );
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says the same in German for an id that is no number', async () => {
    renderApp('/shop/abc', { language: 'de' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Es gibt keine Lizenz „abc“. Bitte wählen Sie eine aus der Liste.',
    );
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Virtualisierung (VE)' })).toBeInTheDocument());
  });
});
