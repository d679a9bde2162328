/**
 * Contract cancellation from the company page's side card (SPEC §2, §4, §5 "Contract
 * cancellation ... ask[s] for confirmation first"): a request, a confirmation that states
 * the consequences, GET /contract/cancel, and the outcome. What follows a cancellation
 * (reloading the company and the user) is the `cancelled` action, provided by the view.
 */
import { fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { cancelContract } from '../api/company';
import { timers } from '../config';
import { errorLineMachine } from './error-line.machine';
import { isAborted, isUnauthorized, userErrorFrom } from './user-error';

export type ContractCancellationEvent =
  | { type: 'cancel.request' }
  | { type: 'cancel.confirm' }
  | { type: 'cancel.abort' };

export const contractCancellationMachine = setup({
  types: { events: {} as ContractCancellationEvent },
  actors: {
    cancelContract: fromPromise<void>(({ signal }) => cancelContract({ signal })),
    errorLine: errorLineMachine,
  },
  actions: {
    /** The contract is cancelled: the view reloads the company and the user. */
    cancelled: () => {},
    /** A 401: the session ends silently (decision 001). */
    sessionExpired: () => {},
    clearError: sendTo('errorLine', { type: 'error.clear' }),
    showError: sendTo('errorLine', ({ event }) => ({
      type: 'error.show' as const,
      error: userErrorFrom('error' in event ? event.error : undefined),
    })),
    showTimeout: sendTo('errorLine', { type: 'error.show' as const, error: { key: 'timeout' } }),
  },
  guards: {
    isUnauthorized: ({ event }) => 'error' in event && isUnauthorized(event.error),
    isAborted: ({ event }) => 'error' in event && isAborted(event.error),
  },
  delays: { loadingTimeout: timers.loadingTimeout },
}).createMachine({
  id: 'contractCancellation',
  description: 'SPEC §5: the contract cancellation asks for confirmation first.',
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
        onDone: { target: 'cancelled', actions: 'cancelled' },
        onError: [
          { guard: 'isAborted', target: 'idle' },
          { guard: 'isUnauthorized', target: 'idle', actions: 'sessionExpired' },
          { target: 'idle', actions: 'showError' },
        ],
      },
      after: { loadingTimeout: { target: 'idle', actions: 'showTimeout' } },
    },
    cancelled: {
      description: 'Done: the card shows the end date once the company is reloaded.',
      tags: ['done'],
    },
  },
});

export type ContractCancellationActor = ActorRefFrom<typeof contractCancellationMachine>;
