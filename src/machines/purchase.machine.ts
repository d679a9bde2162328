/**
 * The storage purchase card (SPEC §2 "Purchase card", §4 "Buy datastore", §5): two options,
 * each with its own datastore identifier (default `backup`, validated live), a volume for the
 * static option, one purchase at a time and one shared error line.
 *
 * SPEC §4: on HTTP 200 wait 2 s, reload the status, go to /dashboard and end loading. The
 * dashboard machine owns the status, so this machine asks its parent for the reload
 * (`status.reload`) and waits for `status.loaded` (with the names the status lists) or
 * `status.failed`. Nothing chosen or typed is lost on a failure.
 *
 * Slow is not failed (docs/decisions/026): the call waits up to the 120 s loading timeout, and
 * after some seconds the card says it is still working. A purchase that ends without an answer
 * (no answer in 120 s, a dropped connection, a gateway that gave up) may still have been booked:
 * the card reads the status before it offers anything. A datastore the status did not list
 * before is the purchase, shown as a success; otherwise the card says that the purchase could not
 * be confirmed and offers the button again.
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { buyDatastore } from '../api/datastores';
import { isApiError } from '../api/client';
import { business, timers, waiting } from '../domain/constants';
import { clampVolume, productIdOf, type PurchaseOption } from '../domain/datastore';
import { datastoreIdentifier, type FieldErrorCode } from '../domain/fields';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError, showUserError } from './form-actions';
import { callErrorFrom } from './known-refusals';
import { stillWorkingStates } from './still-working';
import { isUnanswered, unauthorizedGuard } from './user-error';
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
  /**
   * The names of the datastores the status listed when the purchase was sent (null before the
   * status was first read): what is new after it is the purchase.
   */
  listed: string[] | null;
}

export type PurchaseEvent =
  | { type: 'identifier.change'; option: PurchaseOption; value: string }
  | { type: 'volume.change'; volume: number }
  | { type: 'purchase.buy'; option: PurchaseOption }
  /** From the dashboard: the status was read; the names of the datastores it lists. */
  | { type: 'status.loaded'; names: string[] }
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
    storeListed: assign({
      listed: ({ context, event }) => (event.type === 'status.loaded' ? event.names : context.listed),
    }),
    /** The status, read after a purchase without an answer, lists no new datastore. */
    showUnconfirmed: showUserError({ key: 'purchaseUnconfirmed' }),
    /** Neither the purchase nor the status answered: whether it was booked is unknown. */
    showUnknown: showUserError({ key: 'purchaseUnknown' }),
    markTaken: assign(({ context }) =>
      context.option ? { fieldErrors: withError(context.fieldErrors, context.option, 'taken') } : {},
    ),
    clearError: clearError(),
    // A purchase before the company data is complete: in the portal's words (decision 039).
    showError: showError(callErrorFrom('purchase')),
  },
  guards: {
    isInvalid: ({ context, event }) =>
      event.type === 'purchase.buy' && identifierError(context.identifiers[event.option]) !== undefined,
    /** No answer came: the purchase may have been booked (docs/decisions/026). */
    isUnanswered: ({ event }) => 'error' in event && isUnanswered(event.error),
    /** The status lists a datastore it did not list when the purchase was sent. */
    listsNewDatastore: ({ context, event }) =>
      event.type === 'status.loaded' && event.names.some((name) => !(context.listed ?? []).includes(name)),
    isUnauthorized: unauthorizedGuard,
    /** docs/decisions/002: 409 means the identifier is already used on this account. */
    isTaken: ({ event }) =>
      'error' in event && isApiError(event.error) && event.error.kind === 'http' && event.error.status === 409,
  },
  delays: {
    postBuyDelay: timers.postBuyDelay,
    loadingTimeout: timers.loadingTimeout,
    stillWorking: waiting.stillWorking,
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
    listed: null,
  }),
  invoke: { id: 'errorLine', src: 'errorLine' },
  // Typing stays possible while a purchase runs: nothing the customer types is lost.
  on: {
    'identifier.change': { actions: 'setIdentifier' },
    'volume.change': { actions: 'setVolume' },
    'status.loaded': { actions: 'storeListed' },
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
      states: {
        buying: {
          description: 'The purchase call: it waits up to the 120 s loading timeout (docs/decisions/026).',
          invoke: {
            src: 'buy',
            input: ({ context }) => {
              const option = context.option ?? 'dynamic';
              return { identifier: context.identifiers[option], productId: productIdOf(option, context.volume) };
            },
            onDone: { target: 'settling' },
            onError: [
              { guard: 'isUnauthorized', target: '#purchase.ready', actions: ['showError', 'sessionExpired'] },
              { guard: 'isTaken', target: '#purchase.ready', actions: ['markTaken', 'showError'] },
              { guard: 'isUnanswered', target: 'verifying', actions: 'requestReload' },
              { target: '#purchase.ready', actions: 'showError' },
            ],
          },
          after: { loadingTimeout: { target: 'verifying', actions: 'requestReload' } },
          ...stillWorkingStates(),
        },
        settling: {
          description: 'SPEC §4: after HTTP 200, wait 2 seconds before reloading the status.',
          after: { postBuyDelay: { target: 'reloading', actions: 'requestReload' } },
        },
        reloading: {
          description: 'The dashboard reloads the status; the new datastore appears with its password.',
          on: {
            'status.loaded': { target: '#purchase.ready', actions: ['storeListed', 'purchased'] },
            // The dashboard shows its own message for a failed status; loading ends here.
            'status.failed': { target: '#purchase.ready' },
          },
          // The dashboard bounds its read by the same timeout; this only makes sure loading ends.
          after: { loadingTimeout: { target: '#purchase.ready' } },
        },
        verifying: {
          description:
            'The purchase ended without an answer: the status tells whether it was booked before Buy is offered again.',
          on: {
            'status.loaded': [
              { guard: 'listsNewDatastore', target: '#purchase.ready', actions: ['storeListed', 'purchased'] },
              { target: '#purchase.ready', actions: ['storeListed', 'showUnconfirmed'] },
            ],
            'status.failed': { target: '#purchase.ready', actions: 'showUnknown' },
          },
          after: { loadingTimeout: { target: '#purchase.ready', actions: 'showUnknown' } },
        },
      },
    },
  },
});

export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;
export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;
