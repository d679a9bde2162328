/**
 * The loading flag (SPEC §4): set while something is under way and reset automatically after
 * 120 seconds, so that a lost answer can never leave buttons disabled for good. A parent
 * invokes it with the id `loadingFlag`; it tells the parent `loading.timedOut` when it gave up.
 */
import { sendParent, setup } from 'xstate';
import { timers } from '../config';

export type LoadingFlagEvent = { type: 'loading.start' } | { type: 'loading.stop' };

export const loadingFlagMachine = setup({
  types: { events: {} as LoadingFlagEvent },
  delays: { loadingTimeout: timers.loadingTimeout },
  actions: {
    reportTimeout: sendParent({ type: 'loading.timedOut' }),
  },
}).createMachine({
  id: 'loadingFlag',
  description: 'SPEC §4: the loading flag resets automatically after 120 seconds.',
  initial: 'idle',
  states: {
    idle: {
      on: { 'loading.start': { target: 'loading' } },
    },
    loading: {
      tags: ['busy'],
      after: { loadingTimeout: { target: 'idle', actions: 'reportTimeout' } },
      on: {
        'loading.start': { target: 'loading', reenter: true },
        'loading.stop': { target: 'idle' },
      },
    },
  },
});
