/**
 * The actions the portal's forms share, written once: keeping what the customer types with live
 * field errors beside the fields (SPEC §5), and the error line under a form (SPEC §4, §8), which
 * every such machine invokes as its child `errorLine` (`error-line.machine.ts`).
 *
 * Each export is an action creator: a machine puts it under its own name in
 * `setup({ actions })` with its own field rules (`validate`) or its own reading of a failure
 * (`errorOf`). Their context and event types are inferred from that place.
 */
import { assign, sendTo, type ActorRefFrom, type EventObject, type MachineContext } from 'xstate';
import type { FieldErrorCode } from '../domain/fields';
import type { errorLineMachine } from './error-line.machine';
import { userErrorFrom, type UserError } from './user-error';

export type FieldErrors<V> = Partial<Record<keyof V & string, FieldErrorCode>>;

/** The part of a form's context that the field actions keep. */
export interface FieldsContext<V> {
  values: V;
  fieldErrors: FieldErrors<V>;
  /** Set after a submission was refused because of the fields, so that errors update live. */
  submitted: boolean;
}

type Validate<V> = (values: V) => FieldErrors<V>;
type ErrorLineActor = ActorRefFrom<typeof errorLineMachine>;

/** The field errors without those of the named fields (the customer is correcting them). */
export function withoutErrors<V>(errors: FieldErrors<V>, names: readonly string[]): FieldErrors<V> {
  const kept: FieldErrors<V> = {};
  for (const [name, code] of Object.entries<FieldErrorCode | undefined>(errors)) {
    if (!names.includes(name)) Object.assign(kept, { [name]: code });
  }
  return kept;
}

/** A change of a form's own fields, as a change of the machine's whole context. */
function fieldsUpdate<V, TContext extends FieldsContext<V>>(update: Partial<FieldsContext<V>>): Partial<TContext> {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- TContext extends FieldsContext<V>, so these are its own fields; TypeScript cannot relate a Partial of a generic type.
  return update as Partial<TContext>;
}

/**
 * What else a change of one field changes, given the values with that change: the fields to set
 * as well (the IBAN in blocks of four, SPEC §5; bill clears the IBAN and the mandate, SPEC §4).
 */
export type AlsoChanges<V> = (values: V, name: string) => Partial<V>;

/**
 * `field.change`: keeps the value, and what `alsoChanges` makes of it; once a submission was
 * refused every field is checked again, before that only the errors of the fields the change
 * touched go (the customer is correcting them).
 */
export function setValue<V, TContext extends FieldsContext<V>, TEvent extends EventObject>(
  validate: Validate<V>,
  alsoChanges?: AlsoChanges<V>,
) {
  return assign<TContext, TEvent, undefined, TEvent, never>(({ context, event }) => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: every machine names this action for field.change only; the guard narrows the event's type
    if (event.type !== 'field.change' || !('name' in event) || typeof event.name !== 'string' || !('value' in event))
      return {};
    const changed: V = { ...context.values, [event.name]: event.value };
    const also = alsoChanges?.(changed, event.name) ?? {};
    const values: V = { ...changed, ...also };
    const fieldErrors = context.submitted
      ? validate(values)
      : withoutErrors(context.fieldErrors, [event.name, ...Object.keys(also)]);
    return fieldsUpdate<V, TContext>({ values, fieldErrors });
  });
}

/** A refused submission: every field's error shows, and from now on they follow the typing. */
export function markInvalid<V, TContext extends FieldsContext<V>, TEvent extends EventObject>(validate: Validate<V>) {
  return assign<TContext, TEvent, undefined, TEvent, never>(({ context }) =>
    fieldsUpdate<V, TContext>({ fieldErrors: validate(context.values), submitted: true }),
  );
}

/** A submission that goes out: no field errors, and no live checking until the next refusal. */
export function clearFieldErrors<V, TContext extends FieldsContext<V>, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(() =>
    fieldsUpdate<V, TContext>({ fieldErrors: {}, submitted: false }),
  );
}

/** Empties the error line. */
export function clearError<TContext extends MachineContext, TEvent extends EventObject>() {
  return sendTo<TContext, TEvent, undefined, ErrorLineActor, TEvent>('errorLine', { type: 'error.clear' });
}

/** Shows on the error line why the call failed, read by `errorOf` (by default `userErrorFrom`). */
export function showError<TContext extends MachineContext, TEvent extends EventObject>(
  errorOf: (error: unknown) => UserError = userErrorFrom,
) {
  return sendTo<TContext, TEvent, undefined, ErrorLineActor, TEvent>('errorLine', ({ event }) => ({
    type: 'error.show',
    error: errorOf('error' in event ? event.error : undefined),
  }));
}

/** Shows a message of the portal's own on the error line. */
export function showUserError<TContext extends MachineContext, TEvent extends EventObject>(error: UserError) {
  return sendTo<TContext, TEvent, undefined, ErrorLineActor, TEvent>('errorLine', { type: 'error.show', error });
}

/** Shows the timeout message of SPEC §4 on the error line: the loading flag ended the wait. */
export function showTimeout<TContext extends MachineContext, TEvent extends EventObject>() {
  return showUserError<TContext, TEvent>({ key: 'timeout' });
}
