/**
 * The feedback widget "Fehler melden" (SPEC §9 "Feedback widget and reporting"): a required
 * description, an optional screenshot that is taken, cropped and confirmed, sending, and the
 * thank-you text that closes after 5 seconds or on click. Taking, cropping and sending are
 * actors provided by src/reporting (screen capture and Sentry), so that this machine stays pure.
 */
import { assign, fromPromise, setup } from 'xstate';
import { timers } from '../domain/constants';
import { typeOf } from './type-of';

/** The whole screen as captured, before cropping. */
export interface Capture {
  url: string;
  width: number;
  height: number;
}

/** The part of the capture to keep, in whole percent of its width and height. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The cropped PNG (SPEC §9: `screenshot.png`): a preview address and its bytes. */
export interface Screenshot {
  url: string;
  data: Uint8Array;
}

export interface FeedbackReport {
  message: string;
  screenshot: Screenshot | null;
}

export type FeedbackProblem = 'required' | 'tooLong' | 'capture' | 'crop' | 'send' | 'timeout';

export interface FeedbackContext {
  description: string;
  capture: Capture | null;
  crop: Crop;
  screenshot: Screenshot | null;
  problem: FeedbackProblem | null;
}

export type FeedbackEvent =
  | { type: 'feedback.open' }
  | { type: 'feedback.cancel' }
  | { type: 'description.change'; value: string }
  | { type: 'screenshot.add' }
  | { type: 'crop.change'; crop: Partial<Crop> }
  | { type: 'crop.confirm' }
  | { type: 'screenshot.remove' }
  | { type: 'feedback.submit' }
  | { type: 'thanks.dismiss' };

export const MAX_DESCRIPTION = 5000;
/** SPEC §9: the thank-you text closes after 5 seconds. */
export const THANKS_VISIBLE_MS = 5_000;
export const FULL_CROP: Crop = { x: 0, y: 0, width: 100, height: 100 };

/** Keeps a crop inside the picture and at least 1 % wide and high. */
export function clampCrop(crop: Crop): Crop {
  const whole = (value: number, min: number, max: number) =>
    Math.min(max, Math.max(min, Math.round(Number.isFinite(value) ? value : min)));
  const x = whole(crop.x, 0, 99);
  const y = whole(crop.y, 0, 99);
  return { x, y, width: whole(crop.width, 1, 100 - x), height: whole(crop.height, 1, 100 - y) };
}

function descriptionProblem(description: string): FeedbackProblem | null {
  if (description.trim() === '') return 'required';
  if (description.length > MAX_DESCRIPTION) return 'tooLong';
  return null;
}

/**
 * What the dialog accepts in every state but sending: "Abbrechen" (or Escape) closes it and
 * drops what was entered; the description can be typed.
 */
const whileEditable = {
  'feedback.cancel': { target: '#feedback.closed' },
  'description.change': { actions: 'setDescription' },
} as const;

const initialContext: FeedbackContext = {
  description: '',
  capture: null,
  crop: FULL_CROP,
  screenshot: null,
  problem: null,
};

export const feedbackMachine = setup({
  types: {
    context: typeOf<FeedbackContext>(),
    events: typeOf<FeedbackEvent>(),
  },
  actors: {
    captureScreenshot: fromPromise<Capture>(async () => {
      throw new Error('captureScreenshot is provided by src/reporting');
    }),
    cropScreenshot: fromPromise<Screenshot, { capture: Capture; crop: Crop }>(async () => {
      throw new Error('cropScreenshot is provided by src/reporting');
    }),
    sendReport: fromPromise<void, FeedbackReport>(async () => {
      throw new Error('sendReport is provided by src/reporting');
    }),
  },
  actions: {
    reset: assign(() => initialContext),
    setDescription: assign(({ context, event }) => {
      if (event.type !== 'description.change') return {};
      // Once the customer was told the description is missing, the message follows the typing.
      const shown = context.problem === 'required' || context.problem === 'tooLong';
      return { description: event.value, problem: shown ? descriptionProblem(event.value) : context.problem };
    }),
    markDescription: assign(({ context }) => ({ problem: descriptionProblem(context.description) })),
    clearProblem: assign({ problem: null }),
    setProblem: assign((_, problem: FeedbackProblem) => ({ problem })),
    /** The capture, given by the `captureScreenshot` actor's done event (typed by `setup`). */
    keepCapture: assign((_, { capture }: { capture: Capture }) => ({ capture, crop: FULL_CROP })),
    setCrop: assign(({ context, event }) =>
      event.type === 'crop.change' ? { crop: clampCrop({ ...context.crop, ...event.crop }) } : {},
    ),
    keepScreenshot: assign((_, { screenshot }: { screenshot: Screenshot }) => ({ screenshot, capture: null })),
    dropScreenshot: assign({ screenshot: null, capture: null, crop: FULL_CROP }),
  },
  guards: {
    descriptionInvalid: ({ context }) => descriptionProblem(context.description) !== null,
  },
  delays: {
    thanksVisible: THANKS_VISIBLE_MS,
    loadingTimeout: timers.loadingTimeout,
  },
}).createMachine({
  id: 'feedback',
  description: 'SPEC §9 feedback widget: description, optional cropped screenshot, sending, thanks for 5 s.',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the floating button "Fehler melden" shows.',
      on: { 'feedback.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      description: 'The dialog: "Abbrechen" (or Escape) closes it and drops what was entered, except while sending.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The description is typed; a screenshot can be added or removed.',
          on: {
            ...whileEditable,
            'screenshot.add': { target: 'capturing', actions: 'clearProblem' },
            'screenshot.remove': { actions: 'dropScreenshot' },
            'feedback.submit': [
              { guard: 'descriptionInvalid', actions: 'markDescription' },
              { target: 'sending', actions: 'clearProblem' },
            ],
          },
        },
        capturing: {
          description: 'The browser asks which screen to share and takes one picture of it.',
          tags: ['busy'],
          on: whileEditable,
          invoke: {
            src: 'captureScreenshot',
            onDone: {
              target: 'cropping',
              actions: { type: 'keepCapture', params: ({ event }) => ({ capture: event.output }) },
            },
            onError: { target: 'editing', actions: { type: 'setProblem', params: 'capture' } },
          },
        },
        cropping: {
          description: 'The picture is cropped, then confirmed ("Bestätigen") or removed.',
          on: {
            ...whileEditable,
            'crop.change': { actions: 'setCrop' },
            'crop.confirm': { target: 'cutting', actions: 'clearProblem' },
            'screenshot.remove': { target: 'editing', actions: 'dropScreenshot' },
          },
        },
        cutting: {
          description: 'The chosen part is cut out as screenshot.png.',
          tags: ['busy'],
          on: whileEditable,
          invoke: {
            src: 'cropScreenshot',
            input: ({ context }) => ({
              capture: context.capture ?? { url: '', width: 0, height: 0 },
              crop: context.crop,
            }),
            onDone: {
              target: 'editing',
              actions: { type: 'keepScreenshot', params: ({ event }) => ({ screenshot: event.output }) },
            },
            onError: { target: 'cropping', actions: { type: 'setProblem', params: 'crop' } },
          },
        },
        sending: {
          // Neither "Abbrechen" nor typing is handled here: a report on its way stays as sent.
          description: 'The report is on its way; the dialog cannot be closed meanwhile.',
          tags: ['busy'],
          invoke: {
            src: 'sendReport',
            input: ({ context }) => ({ message: context.description.trim(), screenshot: context.screenshot }),
            onDone: { target: '#feedback.thanks' },
            onError: { target: 'editing', actions: { type: 'setProblem', params: 'send' } },
          },
          // SPEC §4: the loading flag resets after 120 seconds; nothing typed is lost.
          after: { loadingTimeout: { target: 'editing', actions: { type: 'setProblem', params: 'timeout' } } },
        },
      },
    },
    thanks: {
      description: 'SPEC §9: "Vielen Dank für Ihren Bericht!" closes after 5 seconds or on click.',
      after: { thanksVisible: { target: 'closed' } },
      on: { 'thanks.dismiss': { target: 'closed' } },
    },
  },
});
