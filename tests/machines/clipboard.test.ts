import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { clipboardMachine, COPIED_NOTICE_MS } from '../../src/machines/clipboard.machine';

function start(write: (text: string) => Promise<void> = async () => {}) {
  const writeText = vi.fn(write);
  const machine = clipboardMachine.provide({
    actors: { writeText: fromPromise<void, { text: string }>(({ input }) => writeText(input.text)) },
  });
  return { actor: createActor(machine).start(), writeText };
}

describe('the copy button', () => {
  afterEach(() => vi.useRealTimers());

  it('copies the text and confirms it for a few seconds', async () => {
    vi.useFakeTimers();
    const { actor, writeText } = start();
    actor.send({ type: 'clipboard.copy', text: 'k10001_test1' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().hasTag('copied')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('k10001_test1');
    vi.advanceTimersByTime(COPIED_NOTICE_MS - 1);
    expect(actor.getSnapshot().value).toBe('copied');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('copies again while the confirmation is still shown', async () => {
    const { actor, writeText } = start();
    actor.send({ type: 'clipboard.copy', text: 'one' });
    await waitFor(actor, (snapshot) => snapshot.matches('copied'));
    actor.send({ type: 'clipboard.copy', text: 'two' });
    expect(actor.getSnapshot().value).toBe('copying');
    await waitFor(actor, (snapshot) => snapshot.matches('copied'));
    expect(writeText).toHaveBeenLastCalledWith('two');
  });

  it('offers manual copying when the browser refuses, until dismissed or tried again', async () => {
    let allowed = false;
    const { actor } = start(async () => {
      if (!allowed) throw new Error('denied');
    });
    actor.send({ type: 'clipboard.copy', text: 'secret' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    actor.send({ type: 'clipboard.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'clipboard.copy', text: 'secret' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    allowed = true;
    actor.send({ type: 'clipboard.copy', text: 'secret' });
    await waitFor(actor, (snapshot) => snapshot.matches('copied'));
  });

  it('has no way to write to the clipboard unless the view provides one', async () => {
    const actor = createActor(clipboardMachine).start();
    actor.send({ type: 'clipboard.copy', text: 'x' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
  });
});
