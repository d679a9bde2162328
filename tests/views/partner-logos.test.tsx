import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../src/domain/constants';
import type { Partner } from '../../src/domain/partners';
import { PartnerLogos } from '../../src/views/landing/partner-logos';
import de from '../../translations/de.json';
import en from '../../translations/en.json';
import { renderApp } from '../support/render-app';

const headings: Record<Language, string> = {
  en: 'Trusted by IT service partners',
  de: 'IT-Dienstleister, die uns vertrauen',
};

function renderPartners(partners: readonly Partner[], language: Language = 'en') {
  return render(
    <IntlProvider locale={language} messages={language === 'de' ? de : en}>
      <PartnerLogos partners={partners} />
    </IntlProvider>,
  );
}

describe('the partners on the landing page', () => {
  it.each<Language>(['en', 'de'])('leave no trace on the page when none are configured (%s)', async (language) => {
    renderApp('/', { language });
    const title = language === 'de' ? de['landing.title'] : en['landing.title'];
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.queryByRole('heading', { name: headings[language] })).not.toBeInTheDocument();
    expect(document.querySelector('.partners')).toBeNull();
  });

  it('shows each configured partner with its logo, linked to its site', () => {
    renderPartners([
      { name: 'Systemhaus Nord GmbH', logo: '/partners/nord.svg', url: 'https://nord.example/' },
      { name: 'Datenwerk Süd' },
    ]);
    const section = within(screen.getByRole('region', { name: headings.en }));
    const link = section.getByRole('link', { name: 'Systemhaus Nord GmbH' });
    expect(link).toHaveAttribute('href', 'https://nord.example/');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.querySelector('img')).toHaveAttribute('src', '/partners/nord.svg');
    expect(section.getByText('Datenwerk Süd')).toBeInTheDocument();
    expect(section.queryByText('Sample')).not.toBeInTheDocument();
  });

  it.each<[Language, string, string]>([
    ['en', 'Samples for the demo: these firms are invented, not partners.', 'Sample'],
    ['de', 'Beispiele für die Demo: Diese Firmen sind erfunden, keine Partner.', 'Beispiel'],
  ])('marks samples as samples (%s)', (language, note, badge) => {
    renderPartners([{ name: 'Systemhaus Nord', sample: true }], language);
    const section = within(screen.getByRole('region', { name: headings[language] }));
    expect(section.getByText(note)).toBeVisible();
    expect(section.getByText(badge)).toBeVisible();
  });

  it('renders nothing for an empty list', () => {
    const { container } = renderPartners([]);
    expect(container).toBeEmptyDOMElement();
  });
});
