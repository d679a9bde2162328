/**
 * The one way a machine test starts a machine: `startMachine(machine.provide(…), input)` starts
 * the actor and gives the error line's current error (the `errorLine` child that every machine
 * with a call has). `startForm` does it for a form machine, with its call and the links to the
 * app and the session as spies.
 */
import { vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';
import type { FormMachine } from '../../src/machines/form.machine';
import type { SessionContext } from '../../src/machines/session.machine';
import type { UserError } from '../../src/machines/user-error';
import { stubRefs } from './portal-refs';

/** The error the actor's error line shows now, or null. */
function errorLineOf(actor: AnyActorRef): UserError | null {
  return actor.getSnapshot().children.errorLine?.getSnapshot().context.error ?? null;
}

export function startMachine<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>) {
  const actor = createActor(machine, { input }).start();
  return { actor, errorLine: () => errorLineOf(actor) };
}

/**
 * A form machine with its call replaced by `submit` (the spy `call`), unless `submit` is left out
 * and the real call meets the mock API. It holds a stub session and app (tests/support/portal-refs.ts):
 * the spies `tellApp`, `navigate` and `sessionInterrupted` are called with what they are told.
 */
export function startForm<V extends Record<string, unknown>>(
  machine: FormMachine<V>,
  options: { values?: Partial<V>; submit?: (values: V) => Promise<unknown>; session?: Partial<SessionContext> } = {},
) {
  const tellApp = vi.fn();
  const navigate = vi.fn();
  const sessionInterrupted = vi.fn();
  // A visitor's session unless the test names another.
  const { refs, session } = stubRefs(options.session ?? { loggedIn: false }, {
    session: (event) => {
      if (event.type === 'session.interrupted') sessionInterrupted();
    },
    app: (event) => {
      if (event.type === 'navigate') navigate(event.to);
      else tellApp(event);
    },
  });
  const call = vi.fn(options.submit ?? (async () => undefined));
  const provided = options.submit
    ? // The invoke's input is this form's values (src/machines/form.machine.ts).
      machine.provide({ actors: { submit: fromPromise(({ input }) => call(input as V)) } })
    : machine;
  const started = startMachine(provided, { values: options.values, ...refs });
  const change = <K extends keyof V & string>(name: K, value: V[K]) =>
    started.actor.send({ type: 'field.change', name, value });
  return { ...started, call, tellApp, navigate, sessionInterrupted, session, change };
}
