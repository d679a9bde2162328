/**
 * The forms of a prerendered page before and after the app takes over (docs/decisions/016).
 *
 * A prerendered form is on screen before any script runs. It is built so that it can never
 * submit natively (`method="dialog"` inside an open `<dialog>`): an Enter or a click on its
 * submit button only closes that dialog, which records the wish to send without JavaScript.
 * When the app starts, `main.tsx` collects these forms before React renders over them; each form
 * view then starts with the values typed so far (`usePrerenderedValues`), and once it runs it
 * takes over what changed since, the focus and a pending submission (`useTakeOver`).
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export type CarriedValues = Record<string, string | boolean>;

export interface CarriedFocus {
  name: string;
  start: number | null;
  end: number | null;
}

export interface TakeOver {
  /** Values that changed after the view read them first (typed while the app rendered). */
  changed: CarriedValues;
  /** The visitor pressed Enter or the submit button before the app ran. */
  submitted: boolean;
  /** The field that had the focus when the app replaced the page, with its selection. */
  focus: CarriedFocus | null;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const notValues = new Set(['submit', 'button', 'reset', 'image', 'file', 'hidden']);

function isField(element: Element): element is Field {
  if (element instanceof HTMLInputElement) return !notValues.has(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The values of a form's named fields, as the visitor left them. */
export function readValues(form: HTMLFormElement): CarriedValues {
  const values: CarriedValues = {};
  for (const element of Array.from(form.elements)) {
    if (!isField(element) || !element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') values[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) values[element.name] = element.value;
    } else values[element.name] = element.value;
  }
  return values;
}

/** The prerendered forms of a page, by their `data-form` name, read until the app takes them over. */
export class PrerenderedForms {
  private readonly forms = new Map<string, { form: HTMLFormElement; initial: CarriedValues | null }>();
  private focused: Field | null = null;
  private readonly container: HTMLElement;

  constructor(container: HTMLElement) {
    this.container = container;
    for (const form of Array.from(container.querySelectorAll<HTMLFormElement>('form[data-form]'))) {
      const name = form.dataset.form;
      if (name) this.forms.set(name, { form, initial: null });
    }
    const active = document.activeElement;
    if (active && isField(active) && container.contains(active)) this.focused = active;
    if (this.forms.size > 0) {
      container.addEventListener('focusin', this.onFocusIn);
      container.addEventListener('focusout', this.onFocusOut);
    }
  }

  /**
   * The values of the named form when the view first asked: what it starts with. Asking again
   * (React may run an initializer twice) gives the same answer; later typing is in `takeOver`.
   */
  values(name: string): CarriedValues | undefined {
    const entry = this.forms.get(name);
    if (!entry) return undefined;
    entry.initial ??= readValues(entry.form);
    return entry.initial;
  }

  /** What the app must still do for the named form; afterwards the form is forgotten. */
  takeOver(name: string): TakeOver | null {
    const entry = this.forms.get(name);
    if (!entry) return null;
    this.forms.delete(name);
    const latest = readValues(entry.form);
    const initial = entry.initial ?? {};
    const changed = Object.fromEntries(Object.entries(latest).filter(([key, value]) => initial[key] !== value));
    const dialog = entry.form.closest('dialog');
    const field = this.focused && entry.form.contains(this.focused) ? this.focused : null;
    const focus = field
      ? { name: field.name, start: selectionOf(field, 'selectionStart'), end: selectionOf(field, 'selectionEnd') }
      : null;
    if (this.forms.size === 0) {
      this.container.removeEventListener('focusin', this.onFocusIn);
      this.container.removeEventListener('focusout', this.onFocusOut);
      this.focused = null;
    }
    return { changed, submitted: dialog !== null && !dialog.open, focus };
  }

  private readonly onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (target instanceof Element && isField(target) && target.closest('form[data-form]')) this.focused = target;
  };

  /** A blur to elsewhere forgets the field; a blur because React removed it keeps it. */
  private readonly onFocusOut = (event: FocusEvent) => {
    const target = event.target;
    setTimeout(() => {
      if (target === this.focused && target instanceof Element && target.isConnected && document.activeElement !== target) {
        this.focused = null;
      }
    }, 0);
  };
}

/** An email field has no selection API: reading it throws in some browsers and is null in others. */
function selectionOf(field: Field, key: 'selectionStart' | 'selectionEnd'): number | null {
  try {
    return field instanceof HTMLSelectElement ? null : field[key];
  } catch {
    return null;
  }
}

const PrerenderingContext = createContext(false);
const FormsContext = createContext<PrerenderedForms | null>(null);

export function PrerenderedFormsProvider({ prerendering, forms, children }: {
  prerendering: boolean;
  forms: PrerenderedForms | null;
  children: ReactNode;
}) {
  return (
    <PrerenderingContext.Provider value={prerendering}>
      <FormsContext.Provider value={forms}>{children}</FormsContext.Provider>
    </PrerenderingContext.Provider>
  );
}

/** True while the page is rendered to HTML at build time (scripts/prerender.mjs). */
export function usePrerendering(): boolean {
  return useContext(PrerenderingContext);
}

/** What the visitor typed into the prerendered form of this name, read once for the first render. */
export function usePrerenderedValues(name: string | undefined): CarriedValues | undefined {
  const forms = useContext(FormsContext);
  const [values] = useState(() => (name ? forms?.values(name) : undefined));
  return values;
}

export interface TakeOverHandlers {
  formRef: RefObject<HTMLFormElement | null>;
  change: (name: string, value: string | boolean) => void;
  submit: () => void;
}

/**
 * Once the form's machine runs: the values typed while the app rendered, the focus with its
 * caret, and a submission the visitor asked for before the app ran (carried out exactly once).
 */
export function useTakeOver(name: string, handlers: TakeOverHandlers): void {
  const forms = useContext(FormsContext);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
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
  if (!(field instanceof Element) || !isField(field) || field.disabled) return;
  field.focus();
  if (focus.start === null || focus.end === null || field instanceof HTMLSelectElement) return;
  try {
    field.setSelectionRange(focus.start, focus.end);
  } catch {
    // Not every input type has a caret (email, number): the focus alone is restored.
  }
}
