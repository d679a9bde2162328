/**
 * The error line under a form (SPEC §8): a message is kept 30 seconds, then cleared (SPEC §4).
 * Form machines invoke it with the id `errorLine` and send it `error.show` / `error.clear`.
 */
import { assign, setup } from 'xstate';
import { timers } from '../domain/constants';
import type { UserError } from './user-error';
import { typeOf } from './type-of';

export type ErrorLineEvent = { type: 'error.show'; error: UserError } | { type: 'error.clear' };

export const errorLineMachine = setup({
  types: {
    context: typeOf<{ error: UserError | null }>(),
    events: typeOf<ErrorLineEvent>(),
  },
  delays: {
    // A wait the server asked for (HTTP 429) keeps its message as long as the wait (decision 044).
    errorTtl: ({ context }) => Math.max(timers.errorTtl, (context.error?.waitSeconds ?? 0) * 1000),
  },
  actions: {
    keepError: assign({ error: ({ event }) => (event.type === 'error.show' ? event.error : null) }),
    dropError: assign({ error: null }),
  },
}).createMachine({
  id: 'errorLine',
  description: 'SPEC §4 and §8: error messages are kept 30 seconds, then cleared.',
  context: { error: null },
  initial: 'empty',
  states: {
    empty: {
      on: { 'error.show': { target: 'shown', actions: 'keepError' } },
    },
    shown: {
      tags: ['error'],
      after: { errorTtl: { target: 'empty', actions: 'dropError' } },
      on: {
        'error.show': { target: 'shown', reenter: true, actions: 'keepError' },
        'error.clear': { target: 'empty', actions: 'dropError' },
      },
    },
  },
});
