/**
 * The Tab key inside a modal dialog (WCAG 2.1.2 with `aria-modal`): Tab from the last focusable
 * element goes to the first, Shift+Tab from the first to the last. Shared by the app's dialogs
 * (src/views/shared/modal-dialog.tsx) and the feedback widget (src/reporting/feedback).
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The elements of `root` that Tab can reach, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/** Keeps a Tab key press inside `root`; any other key is left alone. */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault: () => void },
  root: HTMLElement | null,
): void {
  if (event.key !== 'Tab' || !root) return;
  const items = focusables(root);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
