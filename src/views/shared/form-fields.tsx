/**
 * Labelled form controls with their required mark, hint and inline error, wired for assistive
 * technology (aria-invalid, aria-describedby). Every form of the portal is built from these.
 */
import { useId, type ComponentProps, type InputHTMLAttributes, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { FieldErrorCode } from '../../domain/fields';
import { fieldErrorMessage, type OwnFieldErrorMessages } from './field-error-messages';
import { StillWorking } from './still-working';

interface FieldProps {
  name: string;
  label: MessageDescriptor;
  error?: FieldErrorCode | undefined;
  required?: boolean;
  hint?: ReactNode;
}

function useFieldIds(error: FieldErrorCode | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

function Label({ htmlFor, label, required }: { htmlFor: string; label: MessageDescriptor; required?: boolean }) {
  return (
    <label htmlFor={htmlFor}>
      <FormattedMessage {...label} />
      {required && (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

function FieldError({
  id,
  error,
  own,
}: {
  id: string;
  error: FieldErrorCode | undefined;
  own?: OwnFieldErrorMessages;
}) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      <FormattedMessage {...fieldErrorMessage(error, own)} />
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'required'>;

export function TextField({
  name,
  label,
  error,
  required,
  hint,
  value,
  onChange,
  errorMessages,
  ...input
}: FieldProps &
  InputProps & {
    value: string;
    onChange: (value: string) => void;
    /** Messages of rules only this form has (the shared catalogue's otherwise). */
    errorMessages?: OwnFieldErrorMessages;
  }) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        value={value}
        // What a customer types is theirs: hidden in a bug report's screenshot (decision 044).
        data-pii=""
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      <FieldError id={errorId} error={error} own={errorMessages} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  required,
  hint,
  value,
  onChange,
  rows = 6,
  maxLength,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
}) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        name={name}
        value={value}
        data-pii=""
        rows={rows}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function SelectField<T extends string>({
  name,
  label,
  error,
  required,
  hint,
  value,
  onChange,
  options,
}: FieldProps & {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: MessageDescriptor }[];
}) {
  const intl = useIntl();
  const { id, errorId, hintId, describedBy } = useFieldIds(error, hint);
  return (
    <div className="field">
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        value={value}
        data-pii=""
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {intl.formatMessage(option.label)}
          </option>
        ))}
      </select>
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  error,
  required,
  checked,
  onChange,
  description,
  labelValues,
  children,
}: Omit<FieldProps, 'hint'> & {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Values of the label's message: links inside it, for example. */
  labelValues?: ComponentProps<typeof FormattedMessage>['values'];
  /**
   * What ticking the box means (e.g. a mandate's text), below its label ("the following mandate",
   * decision 041) and read out with it.
   */
  description?: ReactNode;
  /** Extra text after the label, e.g. a link. */
  children?: ReactNode;
}) {
  const { id, errorId, hintId, describedBy } = useFieldIds(error, description);
  return (
    <div className="field">
      <div className="checkbox">
        <input
          type="checkbox"
          id={id}
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <label htmlFor={id}>
          <FormattedMessage {...label} values={labelValues} />
          {required && (
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          )}
          {children}
        </label>
      </div>
      {description && (
        <p id={hintId} className="checkbox-description">
          {description}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The note that explains the required mark, once per form. */
export function RequiredNote() {
  return (
    <p className="field-hint">
      <FormattedMessage id="form.requiredNote" defaultMessage="Fields marked with * are required." />
    </p>
  );
}

/**
 * A submit button that turns into a spinner while the form is busy and cannot be pressed twice.
 * While the form waits after too many attempts (decision 044) it is marked disabled but keeps
 * its focus: the form's machine takes no submission then, and the error line says how long.
 */
export interface SubmitButtonProps {
  busy: boolean;
  /** The call has waited some seconds: the line after the button says it is still working. */
  slow?: boolean;
  /** The server asked the customer to wait (HTTP 429) and the time is not up. */
  waiting?: boolean;
  label: MessageDescriptor;
  busyLabel?: MessageDescriptor;
}

export function SubmitButton({ busy, slow = false, waiting = false, label, busyLabel }: SubmitButtonProps) {
  return (
    <>
      <button type="submit" disabled={busy} aria-busy={busy} aria-disabled={waiting || undefined}>
        {busy && <span className="spinner" aria-hidden="true" />}
        <FormattedMessage {...(busy && busyLabel ? busyLabel : label)} />
      </button>
      <StillWorking slow={busy && slow} />
    </>
  );
}
