/**
 * The `<form>` of every form view that can be prerendered (docs/decisions/016). It never submits
 * natively: `method="dialog"` makes a native submission do nothing outside a dialog, and in the
 * prerendered page, where no script runs yet, the form sits in an open `<dialog>` that an Enter
 * or a click on the submit button closes. The app reads that when it takes over
 * (src/app/prerendered-forms.tsx) and sends the form once; meanwhile the page shows that it waits.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePrerendering } from '../../app/prerendered-forms';

export function PortalForm({ name, formRef, className, onSubmit, children }: {
  /** The form's name in the prerendered page (`data-form`), which the app takes over by. */
  name: string;
  formRef: RefObject<HTMLFormElement | null>;
  className: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const prerendering = usePrerendering();
  const form = (
    <form ref={formRef} data-form={name} method="dialog" className={className} noValidate onSubmit={onSubmit}>
      {children}
      {prerendering && (
        <p className="prerendered-waiting">
          <FormattedMessage
            id="form.prerenderedWaiting"
            defaultMessage="The page is still loading. Your entry will be sent as soon as it is ready."
          />
        </p>
      )}
    </form>
  );
  return prerendering ? <dialog open className="prerendered-form">{form}</dialog> : form;
}
