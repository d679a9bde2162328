/**
 * The storage purchase card (SPEC §2 "Purchase card", §4 "Buy datastore", §5): two options,
 * each with its own datastore identifier (default `backup`, validated live), a volume for the
 * static option, one purchase at a time and one shared error line.
 *
 * SPEC §4: on HTTP 200 wait 2 s, reload the status, go to /dashboard and end loading. The
 * dashboard machine owns the status, so this machine asks its parent for the reload
 * (`status.reload`) and waits for `status.loaded` or `status.failed`. The whole purchase is
 * bounded by the 120 s loading timeout. Nothing chosen or typed is lost on a failure.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { buyDatastore } from '../api/datastores';
import { isApiError } from '../api/client';
import { business, timers } from '../domain/constants';
import { clampVolume, productIdOf, type PurchaseOption } from '../domain/datastore';
import { datastoreIdentifier, type FieldErrorCode } from '../domain/fields';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError, showTimeout } from './form-actions';
import { isAborted, userErrorFrom } from './user-error';
import { typeOf } from './type-of';

/** A field rule's code, or `taken` when the server refused the identifier as already used. */
export type IdentifierError = FieldErrorCode | 'taken';

export interface PurchaseContext {
  identifiers: Record<PurchaseOption, string>;
  /** Terabytes of the static option (SPEC §3: defaults to 1). */
  volume: number;
  fieldErrors: Partial<Record<PurchaseOption, IdentifierError>>;
  /** The option of the purchase under way or last tried. */
  option: PurchaseOption | null;
}

export type PurchaseEvent =
  | { type: 'identifier.change'; option: PurchaseOption; value: string }
  | { type: 'volume.change'; volume: number }
  | { type: 'purchase.buy'; option: PurchaseOption }
  | { type: 'status.loaded' }
  | { type: 'status.failed' };

export interface PurchaseInput {
  identifiers?: Partial<Record<PurchaseOption, string>>;
  volume?: number;
}

/** SPEC §5: 1 to 8 letters and digits, checked live as the customer types. */
export function identifierError(value: string): FieldErrorCode | undefined {
  const [error] = datastoreIdentifier.validate(value);
  if (!error) return undefined;
  return error.message === 'required' ? 'required' : 'identifier';
}

function withError(errors: PurchaseContext['fieldErrors'], option: PurchaseOption, error: IdentifierError | undefined) {
  const { [option]: _previous, ...others } = errors;
  return error ? { ...others, [option]: error } : others;
}

export const purchaseMachine = setup({
  types: {
    context: typeOf<PurchaseContext>(),
    events: typeOf<PurchaseEvent>(),
    input: typeOf<PurchaseInput | undefined>(),
  },
  actors: {
    buy: fromPromise<void, { identifier: string; productId: number }>(({ input, signal }) =>
      buyDatastore(input.identifier, input.productId, { signal }),
    ),
    errorLine: errorLineMachine,
  },
  actions: {
    /** Asks the dashboard for a fresh status (SPEC §4); tests provide their own. */
    requestReload: sendParent({ type: 'status.reload' }),
    /** Tells the dashboard, which reloads the user's products and shows /dashboard (SPEC §4). */
    purchased: sendParent({ type: 'purchase.done' }),
    /** A 401 ends the session (decision 001): the dashboard, which runs the card, tells the session. */
    sessionExpired: sendParent({ type: 'purchase.sessionExpired' }),
    setIdentifier: assign(({ context, event }) => {
      if (event.type !== 'identifier.change') return {};
      return {
        identifiers: { ...context.identifiers, [event.option]: event.value },
        fieldErrors: withError(context.fieldErrors, event.option, identifierError(event.value)),
      };
    }),
    setVolume: assign({
      volume: ({ context, event }) => (event.type === 'volume.change' ? clampVolume(event.volume) : context.volume),
    }),
    chooseOption: assign({
      option: ({ context, event }) => (event.type === 'purchase.buy' ? event.option : context.option),
    }),
    markInvalid: assign(({ context, event }) => {
      if (event.type !== 'purchase.buy') return {};
      return {
        fieldErrors: withError(context.fieldErrors, event.option, identifierError(context.identifiers[event.option])),
      };
    }),
    markTaken: assign(({ context }) =>
      context.option ? { fieldErrors: withError(context.fieldErrors, context.option, 'taken') } : {},
    ),
    clearError: clearError(),
    showError: showError(),
    showTimeout: showTimeout(),
  },
  guards: {
    isInvalid: ({ context, event }) =>
      event.type === 'purchase.buy' && identifierError(context.identifiers[event.option]) !== undefined,
    isAborted: ({ event }) => 'error' in event && isAborted(event.error),
    isUnauthorized: ({ event }) => 'error' in event && userErrorFrom(event.error).key === 'sessionExpired',
    /** docs/decisions/002: 409 means the identifier is already used on this account. */
    isTaken: ({ event }) =>
      'error' in event && isApiError(event.error) && event.error.kind === 'http' && event.error.status === 409,
  },
  delays: {
    postBuyDelay: timers.postBuyDelay,
    loadingTimeout: timers.loadingTimeout,
  },
}).createMachine({
  id: 'purchase',
  description: 'SPEC §2 purchase card and §4 buy flow: buy, wait 2 s, reload the status, end loading.',
  context: ({ input }) => ({
    identifiers: {
      dynamic: input?.identifiers?.dynamic ?? business.defaultDatastoreIdentifier,
      static: input?.identifiers?.static ?? business.defaultDatastoreIdentifier,
    },
    volume: clampVolume(input?.volume ?? 1),
    fieldErrors: {},
    option: null,
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  // Typing stays possible while a purchase runs: nothing the customer types is lost.
  on: {
    'identifier.change': { actions: 'setIdentifier' },
    'volume.change': { actions: 'setVolume' },
  },
  initial: 'ready',
  states: {
    ready: {
      description: 'SPEC §4 "Purchase button: ready".',
      on: {
        'purchase.buy': [
          { guard: 'isInvalid', actions: ['markInvalid', 'clearError'] },
          { target: 'busy', actions: ['chooseOption', 'clearError'] },
        ],
      },
    },
    busy: {
      description: 'SPEC §4 "Purchase button: busy": a purchase is not possible; reset after 120 s.',
      tags: ['busy'],
      initial: 'buying',
      after: { loadingTimeout: { target: 'ready', actions: 'showTimeout' } },
      states: {
        buying: {
          invoke: {
            src: 'buy',
            input: ({ context }) => {
              const option = context.option ?? 'dynamic';
              return { identifier: context.identifiers[option], productId: productIdOf(option, context.volume) };
            },
            onDone: { target: 'settling' },
            onError: [
              { guard: 'isAborted', target: '#purchase.ready' },
              { guard: 'isUnauthorized', target: '#purchase.ready', actions: ['showError', 'sessionExpired'] },
              { guard: 'isTaken', target: '#purchase.ready', actions: ['markTaken', 'showError'] },
              { target: '#purchase.ready', actions: 'showError' },
            ],
          },
        },
        settling: {
          description: 'SPEC §4: after HTTP 200, wait 2 seconds before reloading the status.',
          after: { postBuyDelay: { target: 'reloading', actions: 'requestReload' } },
        },
        reloading: {
          description: 'The dashboard reloads the status; the new datastore appears with its password.',
          on: {
            'status.loaded': { target: '#purchase.ready', actions: 'purchased' },
            // The dashboard shows its own message for a failed status; loading ends here.
            'status.failed': { target: '#purchase.ready' },
          },
        },
      },
    },
  },
});

export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;
export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;
