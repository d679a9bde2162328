/**
 * The `<form>` of every form view that can be prerendered (docs/decisions/016). It never submits
 * natively: `method="dialog"` makes a native submission do nothing outside a dialog, and in the
 * prerendered page, where no script runs yet, the form sits in an open `<dialog>` that an Enter
 * or a click on the submit button closes. The app reads that when it takes over
 * (src/lib/prerendered-form-reader.ts) and sends the form once; meanwhile the page shows that it waits.
 * The view's side of that is here too: `usePrerenderedValues` and `useTakeOver`.
 */
import { useContext, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import type { CarriedFocus } from '../../lib/prerendered-form-reader';
import { PrerenderedFormsContext } from '../../lib/prerendered-forms';

export function PortalForm({
  name,
  formRef,
  className,
  onSubmit,
  children,
}: {
  /** The form's name in the prerendered page (`data-form`), which the app takes over by. */
  name: string;
  formRef: RefObject<HTMLFormElement | null>;
  className: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  // Rendered to HTML at build time (scripts/prerender.mjs); the browser's bundle drops this branch.
  const prerendering = import.meta.env.SSR;
  const form = (
    <form ref={formRef} data-form={name} method="dialog" className={className} noValidate onSubmit={onSubmit}>
      {children}
      {prerendering && (
        <p className="prerendered-waiting">
          <FormattedMessage
            id="form.prerenderedWaiting"
            defaultMessage="The page is still loading. Your entry will be sent as soon as the page is ready."
          />
        </p>
      )}
    </form>
  );
  return prerendering ? (
    <dialog open className="prerendered-form">
      {form}
    </dialog>
  ) : (
    form
  );
}

/**
 * What the visitor typed into the prerendered form of this name, read once for the first render:
 * only the form's own fields (those of `defaults`), each only with a value of its own type.
 */
export function usePrerenderedValues<V extends Record<string, unknown>>(
  name: string,
  defaults: V,
): Partial<V> | undefined {
  const forms = useContext(PrerenderedFormsContext);
  const [values] = useState(() => {
    const carried = forms?.values(name);
    if (!carried) return carried;
    const own = Object.fromEntries(
      Object.entries(carried).filter(([key, value]) => typeof defaults[key] === typeof value),
    );
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- only the form's own fields, each with a value of that field's type (filtered above).
    return own as Partial<V>;
  });
  return values;
}

export interface TakeOverHandlers {
  formRef: RefObject<HTMLFormElement | null>;
  change: (name: string, value: string | boolean) => void;
  submit: () => void;
}

/**
 * In the commit that replaces the prerendered page: the values typed while the app rendered, the
 * focus with its caret, and a submission the visitor asked for before the app ran (carried out
 * exactly once).
 *
 * A layout effect, not an effect: React replaces the old page and runs layout effects in one task,
 * but runs effects in a later one. Between the two the focused field was gone and the focus on
 * `<body>`, so a key (or a password manager's text) delivered then was lost; with the focus back
 * in the same task, no key can fall between. The machine may not have started yet: what is sent
 * to it waits in its mailbox until it does.
 */
export function useTakeOver(name: string, handlers: TakeOverHandlers): void {
  const forms = useContext(PrerenderedFormsContext);
  const latest = useRef(handlers);
  latest.current = handlers;

  useLayoutEffect(() => {
    const takeOver = forms?.takeOver(name);
    if (!takeOver) return;
    const { formRef, change, submit } = latest.current;
    for (const [field, value] of Object.entries(takeOver.changed)) change(field, value);
    if (takeOver.focus) restoreFocus(formRef.current, takeOver.focus);
    // A refused submission then moves the focus to the first invalid field.
    if (takeOver.submitted) submit();
  }, [forms, name]);
}

function restoreFocus(form: HTMLFormElement | null, focus: CarriedFocus) {
  const field = form?.elements.namedItem(focus.name);
  if (field instanceof HTMLSelectElement && !field.disabled) field.focus();
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.disabled) return;
  field.focus();
  if (focus.start === null || focus.end === null) return;
  try {
    field.setSelectionRange(focus.start, focus.end);
  } catch {
    // Not every input type has a caret (email, number): the focus alone is restored.
  }
}

/**
 * A `change` for `useTakeOver` on a form machine: a value read from the page is sent only for a
 * field the form has, with a value of that field's type.
 */
export function carriedChange(actor: {
  getSnapshot: () => { context: { values: Record<string, unknown> } };
  send: (event: never) => void;
}) {
  return (name: string, value: string | boolean) => {
    const current = actor.getSnapshot().context.values;
    if (!Object.hasOwn(current, name) || typeof current[name] !== typeof value) return;
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- checked just above: the name is one of the form's fields and the value has that field's type.
    actor.send({ type: 'field.change', name, value } as never);
  };
}
