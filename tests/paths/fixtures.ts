/** Building blocks for path models: actors that never settle, typical failures, form models. */
import { fromPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { PathModel } from './coverage';

/** An actor whose result the path delivers as an event. */
// Typed as any logic so that it can stand in for every actor of every machine.
export const pending: AnyActorLogic = fromPromise(() => new Promise<never>(() => {}));
export const unauthorized = new ApiError('http', { status: 401 });
export const serverError = new ApiError('http', { status: 500 });
export const refused = new ApiError('http', { status: 409, reason: 'Refused' });
export const aborted = new ApiError('aborted');
export const networkError = new ApiError('network');
/** Too many attempts (decision 044): the forms wait before they send again. */
export const tooManyRequests = new ApiError('http', { status: 429 });

/**
 * The models of a form built with createFormMachine: one starting from valid values, one
 * from invalid ones, with a change that breaks and one that mends a field, and every kind of
 * failure of its call. Context is reduced to what the guards read, so exploration stays small.
 */
export function formModels<V extends Record<string, unknown>>(
  machine: AnyStateMachine,
  options: {
    valid: V;
    invalid: Partial<V>;
    field: keyof V & string;
    validValue: V[keyof V & string];
    invalidValue: V[keyof V & string];
    outputs?: unknown[];
  },
): PathModel[] {
  const provided = machine.provide({ actors: { submit: pending } }) as AnyStateMachine;
  const events = [
    { type: 'field.change', name: options.field, value: options.invalidValue },
    { type: 'field.change', name: options.field, value: options.validValue },
    { type: 'form.submit' },
    { type: 'form.edit' },
  ];
  const common = {
    machine: provided,
    // A visitor's session: the forms that a customer's user prefills have models of their own.
    session: { loggedIn: false },
    events,
    outputs: { submit: options.outputs ?? [undefined] },
    errors: { submit: [refused, unauthorized, aborted, tooManyRequests] },
    serializeContext: (context: unknown) => {
      const { values, submitted, fieldErrors } = context as {
        values: Record<string, unknown>;
        submitted: boolean;
        fieldErrors: object;
      };
      return { field: values[options.field], submitted, errors: Object.keys(fieldErrors).length > 0 };
    },
  };
  return [
    { ...common, input: { values: options.valid } },
    { ...common, input: { values: { ...options.valid, ...options.invalid } } },
  ];
}
