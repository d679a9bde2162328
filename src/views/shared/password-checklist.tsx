/**
 * The password policy of SPEC §5 as a live checklist under a new-password field, used by the
 * registration and the new-password pages. It states the real policy (more than 15 characters)
 * instead of the spec's "min 10" hint (docs/decisions/004). Each line says in words whether it is
 * met, not only by colour or mark (WCAG 1.4.1).
 */
import { defineMessages, FormattedMessage, type MessageDescriptor } from 'react-intl';
import { passwordChecks, type FieldErrorCode, type PasswordChecks } from '../../domain/fields';
import { TextField } from './form-fields';

const messages = defineMessages({
  intro: { id: 'passwordChecklist.intro', defaultMessage: 'Your password needs:' },
  length: { id: 'passwordChecklist.length', defaultMessage: 'more than 15 characters' },
  lower: { id: 'passwordChecklist.lower', defaultMessage: 'a lower-case letter' },
  upper: { id: 'passwordChecklist.upper', defaultMessage: 'an upper-case letter' },
  digit: { id: 'passwordChecklist.digit', defaultMessage: 'at least one number' },
  met: { id: 'passwordChecklist.met', defaultMessage: '(done)' },
  unmet: { id: 'passwordChecklist.unmet', defaultMessage: '(missing)' },
});

const order: (keyof PasswordChecks)[] = ['length', 'lower', 'upper', 'digit'];

function PasswordChecklist({ value }: { value: string }) {
  const checks = passwordChecks(value);
  return (
    <div className="password-checklist">
      <p>
        <FormattedMessage {...messages.intro} />
      </p>
      <ul aria-live="polite">
        {order.map((rule) => (
          <li key={rule} data-met={checks[rule]}>
            <span className="check-mark" aria-hidden="true">
              {checks[rule] ? '✓' : '–'}
            </span>
            <span>
              <FormattedMessage {...messages[rule]} />{' '}
              <span className="visually-hidden">
                <FormattedMessage {...(checks[rule] ? messages.met : messages.unmet)} />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The field of a new password, with the checklist under it: the registration's and the new-password page's. */
export function NewPasswordField({
  label,
  value,
  error,
  onChange,
}: {
  label: MessageDescriptor;
  value: string;
  error: FieldErrorCode | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      name="password"
      type="password"
      label={label}
      required
      autoComplete="new-password"
      value={value}
      error={error}
      onChange={onChange}
      hint={<PasswordChecklist value={value} />}
    />
  );
}
