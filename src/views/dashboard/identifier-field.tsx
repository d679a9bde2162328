import { useId, type Ref } from 'react';
import { FormattedMessage, defineMessages } from 'react-intl';
import type { IdentifierError } from '../../machines/purchase.machine';
import { fieldErrorMessage } from '../shared/field-error-messages';

const messages = defineMessages({
  label: { id: 'dashboard.purchase.identifier', defaultMessage: 'Datastore identifier' },
  hint: {
    id: 'dashboard.purchase.identifierHint',
    defaultMessage: '1 to 8 letters and digits. It cannot be changed later.',
  },
  taken: {
    id: 'dashboard.purchase.identifierTaken',
    defaultMessage: 'You already have a datastore with this identifier. Please choose another one.',
  },
});

/**
 * SPEC §5 datastore identifier, checked live: labelled, required, with its hint and an inline
 * error beside it. Besides the shared field rules it knows one more error, `taken`, which only
 * the server can tell (docs/decisions/002: 409).
 */
export function IdentifierField({
  value,
  error,
  onChange,
  ref,
}: {
  value: string;
  error: IdentifierError | undefined;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage {...messages.label} />
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <input
        ref={ref}
        id={id}
        name="datastoreIdentifier"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        maxLength={40}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      <div id={hintId} className="field-hint">
        <FormattedMessage {...messages.hint} />
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error === 'taken' ? (
            <FormattedMessage {...messages.taken} />
          ) : (
            <FormattedMessage {...fieldErrorMessage(error)} />
          )}
        </p>
      )}
    </div>
  );
}
