import { flush, getClient } from '@sentry/react';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterAll, describe, expect, it, vi } from 'vitest';
import en from '../../translations/en.json';
import { ErrorBoundary } from '../../src/lib/error-boundary';
import { initSentry } from '../../src/reporting/sentry-client';
import { recordingTransport, testDsn } from '../support/reporting';

function BrokenPage(): never {
  throw new Error('Cannot read the datastore list of erika@example.com');
}

function renderBoundary(resetKey: string, page: React.ReactNode) {
  return (
    <IntlProvider locale="en" messages={en}>
      <ErrorBoundary resetKey={resetKey}>{page}</ErrorBoundary>
    </IntlProvider>
  );
}

describe('a page that fails to render', () => {
  const { sent, transport } = recordingTransport();

  afterAll(async () => {
    vi.unstubAllEnvs();
    await getClient()?.close(0);
  });

  it('shows a way back instead of a blank page, and reports the error to Sentry without secrets', async () => {
    vi.stubEnv('VITE_SENTRY_ENABLED', 'true');
    vi.stubEnv('VITE_SENTRY_DSN', testDsn);
    initSentry({ VITE_SENTRY_ENABLED: 'true', VITE_SENTRY_DSN: testDsn }, { transport });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const view = render(renderBoundary('/dashboard', <BrokenPage />), { onCaughtError: () => {} });

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(
      'Unexpected error in the page',
      expect.stringContaining('Cannot read'),
      expect.any(String),
    );

    await vi.waitFor(async () => {
      await flush(500);
      expect(sent.some((text) => text.includes('"caught_by":"error-boundary"'))).toBe(true);
    });
    const envelope = sent.find((text) => text.includes('"caught_by":"error-boundary"')) ?? '';
    expect(envelope).toContain('Cannot read the datastore list of [Filtered]');
    expect(envelope).toMatch(/"componentStack":"[^"]*at BrokenPage/);
    expect(envelope).not.toContain('erika@example.com');

    // Going elsewhere starts afresh.
    view.rerender(renderBoundary('/company', <p>Company page</p>));
    expect(screen.getByText('Company page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
