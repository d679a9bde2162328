/**
 * Contract cancellation from the company page's side card (SPEC §2, §4, §5 "Contract
 * cancellation ... ask[s] for confirmation first"): a request, a confirmation that states
 * the consequences, GET /contract/cancel, and the outcome. What follows a cancellation is the
 * parent's: the company machine, which runs this one as its child `cancellation`, reloads the
 * company and the user, and hands this machine the reloaded products (`products.reloaded`).
 *
 * A 2xx is the server's yes (SPEC §7 promises nothing more of the answer): the contract is
 * cancelled from then on, whatever the reloads show. Its end date is an extra, read from the
 * reloaded products of GET /me where every one carries it (SPEC §3); the spec's Company has no
 * end date, so nothing here waits for one (decision 013, point 6).
 */
import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import { cancelContract } from '../api/contract';
import type { CompanyProduct } from '../domain/entities';
import { timers, waiting } from '../domain/constants';
import { contractEndDate } from '../domain/contract';
import { errorLineMachine } from './error-line.machine';
import { clearError, showError, showTimeout } from './form-actions';
import { unauthorizedGuard } from './user-error';
import { stillWorkingStates } from './still-working';
import { typeOf } from './type-of';

export type ContractCancellationEvent =
  | { type: 'cancel.request' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.abort' }
  /** From the parent: the user's products after the cancellation (GET /me), null when not had. */
  | { type: 'products.reloaded'; products: readonly CompanyProduct[] | null };

export interface ContractCancellationContext {
  /** The day the cancelled contract ends (yyyy-mm-dd), when the reloaded products say so. */
  endDate: string | null;
}

export const contractCancellationMachine = setup({
  types: { context: typeOf<ContractCancellationContext>(), events: typeOf<ContractCancellationEvent>() },
  actors: {
    cancelContract: fromPromise<void>(({ signal }) => cancelContract({ signal })),
    errorLine: errorLineMachine,
  },
  actions: {
    /** The contract is cancelled: the company machine reloads the company and the user. */
    cancelled: sendParent({ type: 'cancellation.done' }),
    /** A 401: the session ends silently (decision 001); the company page tells the session. */
    sessionExpired: sendParent({ type: 'cancellation.sessionExpired' }),
    clearError: clearError(),
    showError: showError(),
    showTimeout: showTimeout(),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
  },
  delays: { loadingTimeout: timers.loadingTimeout, stillWorking: waiting.stillWorking },
}).createMachine({
  id: 'contractCancellation',
  description: "SPEC §5: the contract cancellation asks for confirmation first; a 2xx is the server's yes.",
  context: { endDate: null },
  invoke: { id: 'errorLine', src: 'errorLine' },
  initial: 'idle',
  states: {
    idle: {
      description: 'The cancel button.',
      on: { 'cancel.request': { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      description: 'The consequences and a confirm and a keep button.',
      on: {
        'cancel.confirm': { target: 'cancelling' },
        'cancel.abort': { target: 'idle' },
      },
    },
    cancelling: {
      description: 'GET /contract/cancel, once.',
      tags: ['busy'],
      invoke: {
        src: 'cancelContract',
        onDone: {
          target: 'cancelled',
          actions: 'cancelled',
        },
        onError: [
          { guard: 'isUnauthorized', target: 'idle', actions: 'sessionExpired' },
          { target: 'idle', actions: 'showError' },
        ],
      },
      after: { loadingTimeout: { target: 'idle', actions: 'showTimeout' } },
      ...stillWorkingStates(),
    },
    cancelled: {
      description: 'The server said yes (a 2xx): the contract is cancelled, with the consequences of SPEC §4.',
      tags: ['done'],
      initial: 'loadingEndDate',
      states: {
        loadingEndDate: {
          description: "The parent's GET /me: the end date, where every reloaded product carries one.",
          tags: ['busy'],
          on: {
            // The end date is an extra: without products the cancellation stands, shown without a date.
            'products.reloaded': {
              target: 'settled',
              actions: assign({ endDate: ({ event }) => contractEndDate(event.products) }),
            },
          },
          after: { loadingTimeout: { target: 'settled' } },
        },
        settled: {
          description: 'Cancelled, with the end date when the products gave one.',
        },
      },
    },
  },
});

export type ContractCancellationActor = ActorRefFrom<typeof contractCancellationMachine>;
