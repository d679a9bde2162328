import { useId, useLayoutEffect, useRef } from 'react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { FieldErrorCode } from '../../domain/fields';
import { formatIbanAt } from '../../domain/iban';
import { fieldErrorMessage } from '../shared/field-error-messages';

/**
 * The IBAN input (SPEC §5): reformatted live in blocks of four, capitals and digits only,
 * with the caret kept after the character the customer just typed, pasted or deleted at.
 * Looks and reads like the shared TextField, which cannot tell where the caret was.
 */
export function IbanField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: MessageDescriptor;
  hint: MessageDescriptor;
  value: string;
  error: FieldErrorCode | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);

  // After the formatted value is rendered (also when a refused character left it unchanged
  // and React restored the old text), put the caret back where the customer was.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = caretRef.current;
    if (!input || caret === null || document.activeElement !== input) return;
    caretRef.current = null;
    input.setSelectionRange(caret, caret);
  });

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage {...label} />
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        ref={inputRef}
        id={id}
        name="iban"
        className="iban-input"
        data-private=""
        value={value}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const target = event.target;
          const native = event.nativeEvent;
          const inputType =
            'inputType' in native && typeof native.inputType === 'string' ? native.inputType : undefined;
          const direction =
            inputType === 'deleteContentBackward'
              ? 'backward'
              : inputType === 'deleteContentForward'
                ? 'forward'
                : null;
          const formatted = formatIbanAt(
            target.value,
            target.selectionStart ?? target.value.length,
            direction ? { previous: value, direction } : undefined,
          );
          caretRef.current = formatted.caret;
          onChange(formatted.value);
        }}
      />
      <div id={`${id}-hint`} className="field-hint">
        <FormattedMessage {...hint} />
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          <FormattedMessage {...fieldErrorMessage(error)} />
        </p>
      )}
    </div>
  );
}
