import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useLanguage, useLoggedIn } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import type { FormActor, FormMachine } from '../../machines/form.machine';
import { errorForAudience } from '../../machines/user-error';
import { useErrorLine } from './error-line';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/**
 * Runs a form machine for a view (with the session and the app's actor in its input, through
 * which it tells them of a 401, a success and where the customer goes next); after a refused
 * submit the first invalid field takes focus.
 */
export function useForm<V extends Record<string, unknown>>(
  machine: FormMachine<V>,
  options: { values?: Partial<V> } = {},
) {
  const actor = usePortalActor(machine, { input: { values: options.values } });
  return { actor, ...useFormActor(actor) };
}

/**
 * The form a page's machine invokes as its child `form`, kept once it has ended: a form whose
 * success or refusal the page's machine goes on from still shows, as it ended, until the page
 * shows what comes next (the new password's way to /login).
 */
export function useLastForm<T>(form: T | undefined): T | undefined {
  const [last, setLast] = useState(form);
  if (form !== undefined && form !== last) setLast(form);
  return form ?? last;
}

/**
 * Reads a running form for a view and sends it what the customer does: the form a view runs
 * (`useForm`), or one another machine invoked (the company page's edit form, its child `form`).
 * A submit carries the page's language, which a form's call may send (SPEC §7).
 */
export function useFormActor<V extends Record<string, unknown>, G, P extends Record<string, unknown>, A>(
  actor: FormActor<V, G, P, A>,
) {
  const values = useSelector(actor, (snapshot) => snapshot.context.values);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const slow = useSelector(actor, (snapshot) => snapshot.hasTag('slow'));
  const done = useSelector(actor, (snapshot) => snapshot.hasTag('done'));
  const waiting = useSelector(actor, (snapshot) => snapshot.hasTag('waiting'));
  // Whether the customer was logged in when the form was sent: a 401 ends that session before
  // its message is shown, and only someone who had a session is told that it ended.
  const loggedIn = useLoggedIn();
  const language = useLanguage();
  const [sentLoggedIn, setSentLoggedIn] = useState(loggedIn);
  const error = errorForAudience(useErrorLine(actor), sentLoggedIn);
  const { formRef, attempted } = useFocusFirstInvalid();

  return {
    values,
    fieldErrors,
    busy,
    slow,
    done,
    waiting,
    error,
    formRef,
    change: <K extends keyof V & string>(name: K, value: V[K]) => actor.send({ type: 'field.change', name, value }),
    submit: (event?: FormEvent) => {
      event?.preventDefault();
      setSentLoggedIn(loggedIn);
      actor.send({ type: 'form.submit', language });
      attempted();
    },
  };
}
