import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { SubmitButton, type SubmitButtonProps } from './form-fields';

/**
 * A form's way back (Cancel, Back) beside its submit button, in the row of `className`: the way
 * back cannot be pressed while the call runs, since what it drops is on its way.
 */
export function FormButtons({
  className,
  back,
  onBack,
  ...submit
}: SubmitButtonProps & { className: string; back: MessageDescriptor; onBack: () => void }) {
  return (
    <div className={className}>
      <button type="button" className="button-secondary" disabled={submit.busy} onClick={onBack}>
        <FormattedMessage {...back} />
      </button>
      <SubmitButton {...submit} />
    </div>
  );
}
