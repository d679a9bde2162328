/**
 * A copy-to-clipboard button (SPEC §2 "copy-to-clipboard where available"): copying, a short
 * confirmation that it was copied, or a failure after which the view offers manual copying.
 * Writing to the clipboard is an effect, so the `writeText` actor is provided by the view.
 */
import { fromPromise, setup, type ActorRefFrom } from 'xstate';
import { typeOf } from './type-of';

/** How long "Copied" stays beside the button; not a timer of the spec, just long enough to read. */
export const COPIED_NOTICE_MS = 3_000;

export type ClipboardEvent = { type: 'clipboard.copy'; text: string } | { type: 'clipboard.dismiss' };

export const clipboardMachine = setup({
  types: {
    events: typeOf<ClipboardEvent>(),
  },
  actors: {
    /** Writes text to the clipboard (provided by the view: the machine never touches `window`). */
    writeText: fromPromise<void, { text: string }>(async () => {
      throw new Error('writeText is provided by the view');
    }),
  },
  delays: { copiedNotice: COPIED_NOTICE_MS },
}).createMachine({
  id: 'clipboard',
  description: 'Copy to clipboard with a confirmation, or a manual fallback when copying fails.',
  initial: 'idle',
  states: {
    idle: {
      on: { 'clipboard.copy': { target: 'copying' } },
    },
    copying: {
      tags: ['busy'],
      invoke: {
        src: 'writeText',
        input: ({ event }) => ({ text: event.type === 'clipboard.copy' ? event.text : '' }),
        onDone: { target: 'copied' },
        onError: { target: 'failed' },
      },
    },
    copied: {
      description: 'The confirmation that the text was copied.',
      tags: ['copied'],
      after: { copiedNotice: { target: 'idle' } },
      on: { 'clipboard.copy': { target: 'copying' } },
    },
    failed: {
      description: 'The browser refused: the view shows the text selected for manual copying.',
      tags: ['failed'],
      on: {
        'clipboard.copy': { target: 'copying' },
        'clipboard.dismiss': { target: 'idle' },
      },
    },
  },
});

export type ClipboardActor = ActorRefFrom<typeof clipboardMachine>;
