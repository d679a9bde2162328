import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { FreshSignInMethod } from '../../domain/entities';
import type { FieldErrorCode } from '../../domain/fields';
import type { UserError } from '../../machines/user-error';
import { ErrorLine } from '../shared/error-line';
import { useOwnError } from '../shared/own-error';
import { SubmitButton, TextField } from '../shared/form-fields';
import './second-step.css';

/** A way to confirm that it is the customer: a second factor, or (for a fresh sign-in) the password. */
type ConfirmationMethod = FreshSignInMethod;

const messages = defineMessages({
  password: { id: 'freshSignIn.password', defaultMessage: 'Your password' },
  totpCode: { id: 'secondStep.totpCode', defaultMessage: 'Code from your authenticator app' },
  recoveryCode: { id: 'secondStep.recoveryCode', defaultMessage: 'Recovery code' },
  submit: { id: 'secondStep.submit', defaultMessage: 'Confirm' },
  busy: { id: 'secondStep.busy', defaultMessage: 'Checking…' },
  passkey: { id: 'secondStep.passkey', defaultMessage: 'Use my passkey' },
  passkeyBusy: { id: 'secondStep.passkeyBusy', defaultMessage: 'Waiting for the passkey…' },
  otherWays: { id: 'secondStep.otherWays', defaultMessage: 'Other ways to confirm' },
  useTotp: { id: 'secondStep.useTotp', defaultMessage: 'Use a code from my authenticator app' },
  usePasskey: { id: 'secondStep.usePasskey', defaultMessage: 'Use a passkey' },
  useRecovery: { id: 'secondStep.useRecovery', defaultMessage: 'Use a recovery code' },
  usePassword: { id: 'freshSignIn.usePassword', defaultMessage: 'Use my password' },
});

/** The errors only a confirmation shows: no other form has them. */
const errors = defineMessages({
  codeRefused: {
    id: 'secondStep.codeRefused',
    defaultMessage: 'This code was not accepted. Please check it and try again.',
    description: 'The second step of a login refused a code, and the server gave no text (issue 44)',
  },
  passkeyFailed: {
    id: 'secondStep.passkeyFailed',
    defaultMessage: 'No passkey was used. Please try again, or choose another way to confirm.',
    description: "The browser's passkey dialog was cancelled, timed out or found no passkey (issue 44)",
  },
});

/** What the field rule says of a code that cannot be one, by the way to confirm. */
const invalidCode = defineMessages({
  totp: { id: 'secondStep.otpInvalid', defaultMessage: 'Please enter the six digits your authenticator app shows.' },
  recovery: {
    id: 'secondStep.recoveryCodeInvalid',
    defaultMessage: 'Please enter one of your recovery codes, like abcd-2345.',
  },
});

const switches: Record<ConfirmationMethod, MessageDescriptor> = {
  password: messages.usePassword,
  totp: messages.useTotp,
  passkey: messages.usePasskey,
  recovery: messages.useRecovery,
};

export interface ConfirmationFieldsProps {
  /** The field's name in the form (the machine's value). */
  name: string;
  method: ConfirmationMethod;
  /** Every way the account has, in the order offered; the others than `method` are a click away. */
  methods: readonly ConfirmationMethod[];
  value: string;
  fieldError: FieldErrorCode | undefined;
  /** The form's error line; a failure only a confirmation has (`own`) is said in its words here. */
  error: UserError | null;
  busy: boolean;
  slow: boolean;
  waiting: boolean;
  onChange: (value: string) => void;
  onMethod: (method: ConfirmationMethod) => void;
}

/**
 * The fields of a confirmation (issue 44): the password, an authenticator's code or a recovery code
 * with the send button, or the passkey's button; the form's error line; and the other ways to
 * confirm. The login's second step and the fresh sign-in before a risky change show it.
 */
export function ConfirmationFields(props: ConfirmationFieldsProps) {
  const intl = useIntl();
  const { name, method, methods, value, fieldError, busy, slow, waiting, onChange, onMethod } = props;
  const error = useOwnError(props.error, errors);
  return (
    <>
      {method === 'passkey' ? (
        <>
          <button type="submit" disabled={busy} aria-busy={busy} aria-disabled={waiting || undefined}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <FormattedMessage {...(busy ? messages.passkeyBusy : messages.passkey)} />
          </button>
          <ErrorLine error={error} />
        </>
      ) : (
        <>
          {method === 'password' ? (
            <TextField
              key={method}
              name={name}
              type="password"
              label={messages.password}
              required
              autoComplete="current-password"
              value={value}
              error={fieldError}
              onChange={onChange}
            />
          ) : (
            <TextField
              key={method}
              name={name}
              label={method === 'totp' ? messages.totpCode : messages.recoveryCode}
              required
              autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              spellCheck={false}
              autoCapitalize="off"
              value={value}
              error={fieldError}
              errorMessages={{ invalid: method === 'totp' ? invalidCode.totp : invalidCode.recovery }}
              onChange={onChange}
            />
          )}
          <ErrorLine error={error} />
          <SubmitButton busy={busy} slow={slow} waiting={waiting} label={messages.submit} busyLabel={messages.busy} />
        </>
      )}
      {methods.length > 1 && (
        <section className="second-step-others" aria-label={intl.formatMessage(messages.otherWays)}>
          <ul>
            {methods
              .filter((other) => other !== method)
              .map((other) => (
                <li key={other}>
                  <button type="button" className="link-button" disabled={busy} onClick={() => onMethod(other)}>
                    <FormattedMessage {...switches[other]} />
                  </button>
                </li>
              ))}
          </ul>
        </section>
      )}
    </>
  );
}
