import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  clampCrop,
  feedbackMachine,
  FULL_CROP,
  MAX_DESCRIPTION,
  type Capture,
  type Crop,
  type FeedbackReport,
  type Screenshot,
} from '../../src/machines/feedback.machine';

const capture: Capture = { url: 'data:image/png;base64,AAAA', width: 1000, height: 500 };
const screenshot: Screenshot = { url: 'data:image/png;base64,BBBB', data: new Uint8Array([137, 80, 78, 71]) };

function start(
  effects: {
    capture?: () => Promise<Capture>;
    crop?: (input: { capture: Capture; crop: Crop }) => Promise<Screenshot>;
    send?: (report: FeedbackReport) => Promise<void>;
  } = {},
) {
  const send = vi.fn(effects.send ?? (async () => {}));
  const crop = vi.fn(effects.crop ?? (async () => screenshot));
  const machine = feedbackMachine.provide({
    actors: {
      captureScreenshot: fromPromise(effects.capture ?? (async () => capture)),
      cropScreenshot: fromPromise(({ input }: { input: { capture: Capture; crop: Crop } }) => crop(input)),
      sendReport: fromPromise(({ input }: { input: FeedbackReport }) => send(input)),
    },
  });
  const actor = createActor(machine).start();
  return { actor, send, crop };
}

const state = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().value;

describe('the feedback widget machine', () => {
  afterEach(() => vi.useRealTimers());

  it('starts closed and opens with an empty form', () => {
    const { actor } = start();
    expect(state(actor)).toBe('closed');
    actor.send({ type: 'feedback.open' });
    expect(state(actor)).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context).toEqual({
      description: '',
      capture: null,
      crop: FULL_CROP,
      screenshot: null,
      problem: null,
    });
  });

  it('requires a description, then follows the typing', () => {
    const { actor, send } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'feedback.submit' });
    expect(state(actor)).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context.problem).toBe('required');
    actor.send({ type: 'description.change', value: 'x'.repeat(MAX_DESCRIPTION + 1) });
    expect(actor.getSnapshot().context.problem).toBe('tooLong');
    actor.send({ type: 'description.change', value: 'The buy button spins forever.' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('does not complain about the description before the first submit', () => {
    const { actor } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'description.change', value: '' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('sends the trimmed description, is busy meanwhile and thanks for 5 seconds', async () => {
    vi.useFakeTimers();
    const { actor, send } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'description.change', value: '  The page is blank.  ' });
    actor.send({ type: 'feedback.submit' });
    expect(state(actor)).toEqual({ open: 'sending' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // Neither closing nor typing changes a report on its way.
    actor.send({ type: 'feedback.cancel' });
    actor.send({ type: 'description.change', value: 'changed' });
    expect(state(actor)).toEqual({ open: 'sending' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor)).toBe('thanks');
    expect(send).toHaveBeenCalledWith({ message: 'The page is blank.', screenshot: null });
    vi.advanceTimersByTime(4_999);
    expect(state(actor)).toBe('thanks');
    vi.advanceTimersByTime(1);
    expect(state(actor)).toBe('closed');
  });

  it('closes the thanks at once on click', async () => {
    const { actor } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'description.change', value: 'Broken' });
    actor.send({ type: 'feedback.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('thanks'));
    actor.send({ type: 'thanks.dismiss' });
    expect(state(actor)).toBe('closed');
  });

  it('keeps the description and says so when sending fails', async () => {
    const { actor } = start({
      send: async () => {
        throw new Error('403');
      },
    });
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'description.change', value: 'Broken' });
    actor.send({ type: 'feedback.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({ description: 'Broken', problem: 'send' });
  });

  it('gives up sending after 120 seconds', () => {
    vi.useFakeTimers();
    const { actor } = start({ send: () => new Promise(() => {}) });
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'description.change', value: 'Broken' });
    actor.send({ type: 'feedback.submit' });
    vi.advanceTimersByTime(120_000);
    expect(state(actor)).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context.problem).toBe('timeout');
  });

  it('takes a screenshot, crops it, confirms it and sends it along', async () => {
    const { actor, send, crop } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'screenshot.add' });
    expect(state(actor)).toEqual({ open: 'capturing' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'cropping' }));
    expect(actor.getSnapshot().context.capture).toEqual(capture);
    actor.send({ type: 'crop.change', crop: { x: 10, y: 20 } });
    actor.send({ type: 'crop.change', crop: { width: 50.4, height: 200 } });
    expect(actor.getSnapshot().context.crop).toEqual({ x: 10, y: 20, width: 50, height: 80 });
    actor.send({ type: 'description.change', value: 'See the picture' });
    actor.send({ type: 'crop.confirm' });
    expect(state(actor)).toEqual({ open: 'cutting' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'editing' }));
    expect(crop).toHaveBeenCalledWith({ capture, crop: { x: 10, y: 20, width: 50, height: 80 } });
    expect(actor.getSnapshot().context).toMatchObject({ screenshot, capture: null });
    actor.send({ type: 'feedback.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('thanks'));
    expect(send).toHaveBeenCalledWith({ message: 'See the picture', screenshot });
  });

  it('removes a confirmed screenshot', async () => {
    const { actor } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'screenshot.add' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'cropping' }));
    actor.send({ type: 'crop.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.screenshot !== null);
    actor.send({ type: 'screenshot.remove' });
    expect(actor.getSnapshot().context).toMatchObject({ screenshot: null, capture: null, crop: FULL_CROP });
    expect(state(actor)).toEqual({ open: 'editing' });
  });

  it('drops the picture when it is removed while cropping', async () => {
    const { actor } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'screenshot.add' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'cropping' }));
    actor.send({ type: 'screenshot.remove' });
    expect(state(actor)).toEqual({ open: 'editing' });
    expect(actor.getSnapshot().context.capture).toBeNull();
  });

  it('goes on without a screenshot when the customer refuses to share the screen', async () => {
    const { actor } = start({
      capture: async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      },
    });
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'screenshot.add' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'capture', screenshot: null });
  });

  it('stays cropping when the picture cannot be cut', async () => {
    const { actor } = start({
      crop: async () => {
        throw new Error('no canvas');
      },
    });
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'screenshot.add' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'cropping' }));
    actor.send({ type: 'crop.confirm' });
    await waitFor(actor, (snapshot) => snapshot.context.problem === 'crop');
    expect(state(actor)).toEqual({ open: 'cropping' });
    expect(actor.getSnapshot().context.capture).toEqual(capture);
  });

  it('closes on cancel while editing or cropping and starts afresh next time', async () => {
    const { actor } = start();
    actor.send({ type: 'feedback.open' });
    actor.send({ type: 'description.change', value: 'Draft' });
    actor.send({ type: 'feedback.cancel' });
    expect(state(actor)).toBe('closed');
    actor.send({ type: 'feedback.open' });
    expect(actor.getSnapshot().context.description).toBe('');
    actor.send({ type: 'screenshot.add' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'cropping' }));
    actor.send({ type: 'feedback.cancel' });
    expect(state(actor)).toBe('closed');
  });

  it('lets the customer type and cancel while the screen is captured or the picture is cut', async () => {
    const never = () => new Promise<never>(() => {});
    const capturing = start({ capture: never });
    capturing.actor.send({ type: 'feedback.open' });
    capturing.actor.send({ type: 'screenshot.add' });
    capturing.actor.send({ type: 'description.change', value: 'Typed while sharing' });
    expect(state(capturing.actor)).toEqual({ open: 'capturing' });
    expect(capturing.actor.getSnapshot().context.description).toBe('Typed while sharing');
    capturing.actor.send({ type: 'feedback.cancel' });
    expect(state(capturing.actor)).toBe('closed');

    const cutting = start({ crop: never });
    cutting.actor.send({ type: 'feedback.open' });
    cutting.actor.send({ type: 'screenshot.add' });
    await waitFor(cutting.actor, (snapshot) => snapshot.matches({ open: 'cropping' }));
    cutting.actor.send({ type: 'crop.confirm' });
    cutting.actor.send({ type: 'description.change', value: 'Typed while cutting' });
    expect(state(cutting.actor)).toEqual({ open: 'cutting' });
    expect(cutting.actor.getSnapshot().context.description).toBe('Typed while cutting');
    cutting.actor.send({ type: 'feedback.cancel' });
    expect(state(cutting.actor)).toBe('closed');
  });

  it('keeps every crop inside the picture and at least 1 % large', () => {
    expect(clampCrop({ x: -5, y: 120, width: 0, height: 50 })).toEqual({ x: 0, y: 99, width: 1, height: 1 });
    expect(clampCrop({ x: 60, y: 0, width: 80, height: Number.NaN })).toEqual({ x: 60, y: 0, width: 40, height: 1 });
    expect(clampCrop(FULL_CROP)).toEqual(FULL_CROP);
  });
});
