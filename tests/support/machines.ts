/**
 * The one way a machine test starts a machine: `startMachine(machine.provide(…), input)` starts
 * the actor and gives the error line's current error (the `errorLine` child that every machine
 * with a call has). `startForm` does it for a form machine, with its call and the links to the
 * app and the session as spies.
 */
import { vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type InputFrom } from 'xstate';
import type { FormMachine } from '../../src/machines/form.machine';
import type { UserError } from '../../src/machines/user-error';

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
 * and the real call meets the mock API; `tellApp`, `navigate` and `sessionInterrupted` are spies.
 */
export function startForm<V extends Record<string, unknown>>(
  machine: FormMachine<V>,
  options: { values?: Partial<V>; submit?: (values: V) => Promise<unknown> } = {},
) {
  const tellApp = vi.fn();
  const navigate = vi.fn();
  const sessionInterrupted = vi.fn();
  const call = vi.fn(options.submit ?? (async () => undefined));
  const provided = machine.provide({
    actions: { tellApp: (_, news) => tellApp(news), navigate: (_, { to }) => navigate(to), sessionInterrupted },
    // The invoke's input is this form's values (src/machines/form.machine.ts).
    ...(options.submit ? { actors: { submit: fromPromise(({ input }) => call(input as V)) } } : {}),
  });
  const started = startMachine(provided, { values: options.values });
  const change = <K extends keyof V & string>(name: K, value: V[K]) =>
    started.actor.send({ type: 'field.change', name, value });
  return { ...started, call, tellApp, navigate, sessionInterrupted, change };
}
