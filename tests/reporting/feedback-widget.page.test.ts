import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Capture, Crop, FeedbackReport, Screenshot } from '../../src/machines/feedback.machine';
import { FeedbackWidget, type FeedbackEffects } from '../../src/reporting/feedback/feedback-widget';
import { FEEDBACK_HOST_ID, mountFeedbackWidget } from '../../src/reporting/feedback/mount-feedback-widget';

const capture: Capture = { url: 'data:image/png;base64,AAAA', width: 1200, height: 800 };
const screenshot: Screenshot = { url: 'data:image/png;base64,BBBB', data: new Uint8Array([137, 80, 78, 71]) };

function renderWidget(overrides: Partial<FeedbackEffects> = {}) {
  const effects = {
    send: vi.fn<(report: FeedbackReport) => Promise<void>>(async () => {}),
    capture: vi.fn<() => Promise<Capture>>(async () => capture),
    crop: vi.fn<(input: { capture: Capture; crop: Crop }) => Promise<Screenshot>>(async () => screenshot),
    canCapture: true,
    ...overrides,
  };
  const user = userEvent.setup({ delay: null });
  render(createElement(FeedbackWidget, { effects }));
  return { user, effects };
}

const trigger = () => screen.getByRole('button', { name: 'Fehler melden' });
const description = () => screen.getByRole('textbox', { name: /Beschreibung/ });

describe('the feedback widget', () => {
  afterEach(() => vi.useRealTimers());

  it('opens a German dialog with the required description and no name or email', async () => {
    const { user } = renderWidget();
    await user.click(trigger());
    const dialog = screen.getByRole('dialog', { name: 'Fehler melden' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('textbox', { name: 'Beschreibung (erforderlich)' })).toHaveFocus();
    expect(within(dialog).getAllByRole('textbox')).toHaveLength(1);
    expect(within(dialog).queryByRole('textbox', { name: /Name|E-Mail/ })).not.toBeInTheDocument();
    for (const name of ['Screenshot hinzufügen', 'Abbrechen', 'Fehlerbericht senden']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('asks for a description before sending anything', async () => {
    const { user, effects } = renderWidget();
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Fehlerbericht senden' }));
    expect(description()).toHaveAttribute('aria-invalid', 'true');
    expect(description()).toHaveAccessibleDescription('Bitte beschreiben Sie den Fehler.');
    expect(description()).toHaveFocus();
    expect(effects.send).not.toHaveBeenCalled();
  });

  it('sends the report, thanks the customer and closes on click', async () => {
    const { user, effects } = renderWidget();
    await user.click(trigger());
    await user.type(description(), 'Der Kaufen-Knopf dreht sich endlos.');
    await user.click(screen.getByRole('button', { name: 'Fehlerbericht senden' }));
    const thanks = await screen.findByRole('button', { name: 'Vielen Dank für Ihren Bericht!' });
    expect(effects.send).toHaveBeenCalledWith({ message: 'Der Kaufen-Knopf dreht sich endlos.', screenshot: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(thanks);
    expect(trigger()).toHaveFocus();
  });

  it('closes the thank-you text after 5 seconds', async () => {
    vi.useFakeTimers();
    renderWidget();
    fireEvent.click(trigger());
    fireEvent.change(description(), { target: { value: 'Fehler' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fehlerbericht senden' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Vielen Dank für Ihren Bericht!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(screen.getByRole('button', { name: 'Vielen Dank für Ihren Bericht!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText('Vielen Dank für Ihren Bericht!')).not.toBeInTheDocument();
    expect(trigger()).toBeInTheDocument();
  });

  it('takes a screenshot, crops it by typing the part, confirms and sends it as screenshot.png', async () => {
    const { user, effects } = renderWidget();
    await user.click(trigger());
    await user.type(description(), 'Siehe Bild');
    await user.click(screen.getByRole('button', { name: 'Screenshot hinzufügen' }));
    const crop = await screen.findByRole('group', { name: 'Screenshot zuschneiden' });
    expect(within(crop).getByRole('img', { name: /Aufgenommener Bildschirm/ })).toHaveAttribute('src', capture.url);
    expect(screen.getByRole('button', { name: 'Fehlerbericht senden' })).toBeDisabled();
    const width = within(crop).getByRole('spinbutton', { name: 'Breite (%)' });
    await user.clear(width);
    await user.type(width, '50');
    const left = within(crop).getByRole('spinbutton', { name: 'Links (%)' });
    await user.clear(left);
    await user.type(left, '25');
    await user.click(within(crop).getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByRole('img', { name: /Zugeschnittener Screenshot/ })).toHaveAttribute(
      'src',
      screenshot.url,
    );
    expect(screen.getByText('screenshot.png')).toBeInTheDocument();
    expect(effects.crop).toHaveBeenCalledWith({ capture, crop: { x: 25, y: 0, width: 50, height: 100 } });
    expect(screen.getByRole('button', { name: 'Screenshot entfernen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Screenshot hinzufügen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fehlerbericht senden' }));
    await screen.findByRole('button', { name: 'Vielen Dank für Ihren Bericht!' });
    expect(effects.send).toHaveBeenCalledWith({ message: 'Siehe Bild', screenshot });
  });

  it('removes the screenshot again', async () => {
    const { user } = renderWidget();
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Screenshot hinzufügen' }));
    await user.click(await screen.findByRole('button', { name: 'Bestätigen' }));
    await user.click(await screen.findByRole('button', { name: 'Screenshot entfernen' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Screenshot hinzufügen' })).toBeInTheDocument();
  });

  it('explains a refused screen capture and offers no screenshot where the browser cannot take one', async () => {
    const { user } = renderWidget({
      capture: async () => {
        throw new DOMException('denied', 'NotAllowedError');
      },
    });
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Screenshot hinzufügen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Screenshot konnte nicht aufgenommen werden.');
    document.body.innerHTML = '';
    const second = renderWidget({ canCapture: false });
    await second.user.click(trigger());
    expect(screen.queryByRole('button', { name: 'Screenshot hinzufügen' })).not.toBeInTheDocument();
  });

  it('keeps the description and shows an error when sending fails', async () => {
    const { user } = renderWidget({
      send: async () => {
        throw new Error('Unable to send feedback');
      },
    });
    await user.click(trigger());
    await user.type(description(), 'Fehler');
    await user.click(screen.getByRole('button', { name: 'Fehlerbericht senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Bericht konnte nicht gesendet werden.');
    expect(description()).toHaveValue('Fehler');
  });

  it('closes with Abbrechen or Escape and gives the focus back to the button', async () => {
    const { user } = renderWidget();
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await user.click(trigger());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('keeps the keyboard focus inside the dialog', async () => {
    const { user } = renderWidget();
    await user.click(trigger());
    const dialog = screen.getByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Fehlerbericht senden' });
    submit.focus();
    await user.tab();
    expect(description()).toHaveFocus();
    await user.tab({ shift: true });
    expect(submit).toHaveFocus();
  });
});

describe('mounting the widget', () => {
  it('puts it in its own German element at the end of the page, and removes it again', async () => {
    let unmount = () => {};
    await act(async () => {
      unmount = mountFeedbackWidget({ send: async () => {}, canCapture: false });
    });
    const host = document.getElementById(FEEDBACK_HOST_ID);
    expect(host).toHaveAttribute('lang', 'de');
    expect(document.body.lastElementChild).toBe(host);
    expect(within(host ?? document.body).getByRole('button', { name: 'Fehler melden' })).toBeInTheDocument();
    act(() => unmount());
    expect(document.getElementById(FEEDBACK_HOST_ID)).toBeNull();
  });
});
