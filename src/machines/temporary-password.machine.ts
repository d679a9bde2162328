/**
 * A datastore's temporary password (SPEC §2 "Datastore card", §9): visible for 5 minutes from
 * when the portal first showed it, masked unless the customer reveals it, then forgotten. When
 * the time is up the password leaves this machine's context, so no view can show it any more.
 * The dashboard machine spawns one per datastore whose status carries a password, with what is
 * left of the 5 minutes when the password was shown on an earlier visit, and drops it when this
 * actor tells it `password.expired`.
 */
import { assign, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { timers } from '../domain/constants';
import { typeOf } from './type-of';

export interface TemporaryPasswordContext {
  /** The datastore whose password this is: given by the dashboard, which is told when it expires. */
  name?: string;
  password: string | null;
  /** Milliseconds the password stays visible from this actor's start: 5 minutes or what is left of them. */
  visibleFor: number;
  /** The customer chose to see the password in clear text. */
  revealed: boolean;
}

export type TemporaryPasswordEvent = { type: 'password.toggle' };

/** Told to the dashboard that started the actor when the 5 minutes are over. */
export interface PasswordExpiredEvent {
  type: 'password.expired';
  name: string;
}

export const temporaryPasswordMachine = setup({
  types: {
    context: typeOf<TemporaryPasswordContext>(),
    events: typeOf<TemporaryPasswordEvent>(),
    input: typeOf<{ password: string; visibleFor?: number; name?: string }>(),
  },
  delays: { passwordVisible: ({ context }) => context.visibleFor },
  actions: {
    toggle: assign({ revealed: ({ context }) => !context.revealed }),
    forget: assign({ password: null, revealed: false }),
    /** Tells the dashboard that started it (an actor started alone has no one to tell). */
    reportExpired: enqueueActions(({ context, enqueue }) => {
      if (context.name !== undefined)
        enqueue.sendParent({ type: 'password.expired', name: context.name } satisfies PasswordExpiredEvent);
    }),
  },
}).createMachine({
  id: 'temporaryPassword',
  description: 'SPEC §9: the datastore password is visible for 5 minutes, masked until revealed.',
  context: ({ input }) => ({
    name: input.name,
    password: input.password,
    visibleFor: Math.max(0, Math.min(input.visibleFor ?? timers.passwordVisible, timers.passwordVisible)),
    revealed: false,
  }),
  initial: 'visible',
  states: {
    visible: {
      description: 'The password can be revealed, hidden again and copied.',
      tags: ['visible'],
      on: { 'password.toggle': { actions: 'toggle' } },
      after: { passwordVisible: { target: 'expired', actions: ['forget', 'reportExpired'] } },
    },
    expired: {
      // Final: the actor ends, and the dashboard drops it, so that nothing keeps the password
      // it was started with (XState keeps an actor's input for as long as the actor is referenced).
      type: 'final',
      description: 'Five minutes are over: the password is gone; the card shows the empty note.',
    },
  },
});

export type TemporaryPasswordActor = ActorRefFrom<typeof temporaryPasswordMachine>;
export type TemporaryPasswordSnapshot = SnapshotFrom<typeof temporaryPasswordMachine>;
