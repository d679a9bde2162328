import { getClient } from '@sentry/react';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_HOST_ID } from '../../src/reporting/feedback/mount-feedback-widget';
import { testDsn } from '../support/reporting';

/** A fresh copy of src/reporting/index.ts, as a new page would load it. */
async function loadReporting() {
  vi.resetModules();
  return import('../../src/reporting/index');
}

describe('starting reporting and the widget', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    document.getElementById(FEEDBACK_HOST_ID)?.remove();
  });

  it('does nothing with the flags off', async () => {
    const { startReporting, mountFeedback } = await loadReporting();
    await startReporting();
    await mountFeedback();
    expect(getClient()).toBeUndefined();
    expect(document.getElementById(FEEDBACK_HOST_ID)).toBeNull();
  });

  it('does nothing with a flag on but no DSN', async () => {
    vi.stubEnv('VITE_SENTRY_ENABLED', 'true');
    vi.stubEnv('VITE_FEEDBACK_WIDGET', 'true');
    const { startReporting, mountFeedback } = await loadReporting();
    await startReporting();
    await mountFeedback();
    expect(getClient()).toBeUndefined();
    expect(document.getElementById(FEEDBACK_HOST_ID)).toBeNull();
  });

  it('mounts the widget once with its flag and a DSN, however often it is asked', async () => {
    vi.stubEnv('VITE_FEEDBACK_WIDGET', 'true');
    vi.stubEnv('VITE_SENTRY_DSN', testDsn);
    const { mountFeedback } = await loadReporting();
    await act(async () => {
      await Promise.all([mountFeedback(), mountFeedback()]);
      await mountFeedback();
    });
    expect(document.querySelectorAll(`#${FEEDBACK_HOST_ID}`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Fehler melden' })).toBeInTheDocument();
    // Only the widget's own reports: no automatic error capture, no tracing, no replay.
    expect(getClient()?.getOptions()).toMatchObject({ dsn: testDsn, defaultIntegrations: false });
    expect(getClient()?.getIntegrationByName('Replay')).toBeUndefined();
  });
});
