import { FormattedMessage } from 'react-intl';

/**
 * Said in place when a call that changes something takes longer than usual (docs/decisions/026):
 * the busy control stays busy, and this line tells that the portal is still waiting, so that
 * nobody takes a slow server for a failed one. A live region that is always in the page, so that
 * screen readers announce the line when it appears.
 */
export function StillWorking({ slow }: { slow: boolean }) {
  return (
    <p className="still-working" aria-live="polite">
      {slow && (
        <FormattedMessage
          id="form.stillWorking"
          defaultMessage="Still working – this can take up to a minute."
          description="A call that changes something has had no answer for some seconds; its button is still busy"
        />
      )}
    </p>
  );
}
