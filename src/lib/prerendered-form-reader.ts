/**
 * Reads the forms of a prerendered page until the app takes them over (docs/decisions/016).
 * `src/main.tsx` loads this module only when the page has such forms (/login, /register, /reset),
 * and creates one `PrerenderedForms` before React renders over the page.
 */
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

export type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const notValues = new Set(['submit', 'button', 'reset', 'image', 'file', 'hidden']);

function isField(element: Element): element is Field {
  if (element instanceof HTMLInputElement) return !notValues.has(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The values of a form's named fields, as the visitor left them. */
function readValues(form: HTMLFormElement): CarriedValues {
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
      if (
        target === this.focused &&
        target instanceof Element &&
        target.isConnected &&
        document.activeElement !== target
      ) {
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
