import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type SyntheticEvent } from 'react';
import './modal-dialog.css';
import { focusables, keepTabInside } from '../../lib/focus-trap';

function canTakeFocus(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    element !== document.body &&
    !element.hasAttribute('disabled')
  );
}

/**
 * A real modal dialog (WCAG 2.1.2, 2.4.3): the native `<dialog>` opened with `showModal()`, so
 * the rest of the page is inert; focus moves into it, Tab and Shift+Tab stay inside, Escape
 * closes it, and focus returns to what opened it, or to `returnFocus()` when that is gone or
 * disabled. Browsers without `showModal` get the same behaviour from the `open` attribute.
 */
export function ModalDialog({
  open,
  onClose,
  labelledBy,
  describedBy,
  role,
  className,
  returnFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  returnFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    opener.current = document.activeElement;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    (focusables(element)[0] ?? element).focus();
    return () => {
      if (element.open) {
        if (typeof element.close === 'function') element.close();
        else element.removeAttribute('open');
      }
      const back = canTakeFocus(opener.current) ? opener.current : fallback.current?.();
      back?.focus();
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    keepTabInside(event, dialog.current);
  };

  // The browser's own Escape handling (the `cancel` event) goes through the same path.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={['modal', className].filter(Boolean).join(' ')}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
    >
      {open && children}
    </dialog>
  );
}
