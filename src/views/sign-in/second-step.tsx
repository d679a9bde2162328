import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { SecondStepMethod } from '../../domain/entities';
import type { LoginActor } from '../../machines/login.machine';
import { ErrorLine } from '../shared/error-line';
import { SubmitButton, TextField } from '../shared/form-fields';
import { useFormActor, useLastForm } from '../shared/use-form';
import './second-step.css';

const messages = defineMessages({
  title: { id: 'secondStep.title', defaultMessage: 'Confirm that it is you' },
  totpText: {
    id: 'secondStep.totpText',
    defaultMessage: 'Your account is protected by a second factor. Enter the code your authenticator app shows now.',
  },
  recoveryText: {
    id: 'secondStep.recoveryText',
    defaultMessage:
      'Enter one of the recovery codes you saved when you set up the second factor. Each code works once.',
  },
  passkeyText: {
    id: 'secondStep.passkeyText',
    defaultMessage: 'Your account is protected by a passkey. Use it to confirm this sign-in.',
  },
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
  back: { id: 'secondStep.back', defaultMessage: 'Back to the password' },
});

/** The step's own errors: no other form shows them. */
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

/** What the step's field rule says of a code that cannot be one, by the way to confirm. */
const invalidCode = defineMessages({
  totp: { id: 'secondStep.otpInvalid', defaultMessage: 'Please enter the six digits your authenticator app shows.' },
  recovery: {
    id: 'secondStep.recoveryCodeInvalid',
    defaultMessage: 'Please enter one of your recovery codes, like abcd-2345.',
  },
});

const texts: Record<SecondStepMethod, MessageDescriptor> = {
  totp: messages.totpText,
  recovery: messages.recoveryText,
  passkey: messages.passkeyText,
};

const switches: Record<SecondStepMethod, MessageDescriptor> = {
  totp: messages.useTotp,
  passkey: messages.usePasskey,
  recovery: messages.useRecovery,
};

/**
 * The second step of a login (issue 44, decision 058), on the login page and in the login in
 * place: the login machine's child `secondStep`, one way to confirm at a time (the authenticator's
 * code, a passkey, a recovery code) with the others a click away, and the way back to the
 * password. Loaded only when a server asks for it. The field (or the passkey's button) takes the
 * focus when the step opens and when the customer picks another way.
 */
export interface SecondStepProps {
  login: LoginActor;
  /** Its heading's level: under the login page's h1, or the dialog's h2. */
  headingLevel: 'h2' | 'h3';
}

export default function SecondStep({ login, headingLevel }: SecondStepProps) {
  const intl = useIntl();
  const form = useLastForm(useSelector(login, (snapshot) => snapshot.children.secondStep));
  const methods = useSelector(login, (snapshot) => snapshot.context.step?.methods ?? []);
  const loggedIn = useSelector(login, (snapshot) => snapshot.hasTag('done'));
  if (!form) throw new Error('The login runs its second step while it shows it.');
  const step = useFormActor(form);
  const { values, error, formRef, change, submit, slow, waiting } = step;
  const busy = step.busy || loggedIn;
  const method = values.method;
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input[name="code"], button[type="submit"]')?.focus();
  }, [formRef, method]);
  const Heading = headingLevel;
  // The step's own failures in its own words (the shared error line reads a server's words as they are).
  const shown = error?.own ? { ...error, reason: intl.formatMessage(errors[error.own]) } : error;

  return (
    <form ref={formRef} className="second-step" noValidate onSubmit={submit} aria-labelledby="second-step-title">
      <Heading id="second-step-title">
        <FormattedMessage {...messages.title} />
      </Heading>
      <p>
        <FormattedMessage {...texts[method]} />
      </p>
      {method === 'passkey' ? (
        <>
          <button type="submit" disabled={busy} aria-busy={busy} aria-disabled={waiting || undefined}>
            {busy && <span className="spinner" aria-hidden="true" />}
            <FormattedMessage {...(busy ? messages.passkeyBusy : messages.passkey)} />
          </button>
          <ErrorLine error={shown} />
        </>
      ) : (
        <>
          <TextField
            key={method}
            name="code"
            label={method === 'totp' ? messages.totpCode : messages.recoveryCode}
            required
            autoComplete={method === 'totp' ? 'one-time-code' : 'off'}
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            spellCheck={false}
            autoCapitalize="off"
            value={values.code}
            error={step.fieldErrors.code}
            errorMessages={{ invalid: method === 'totp' ? invalidCode.totp : invalidCode.recovery }}
            onChange={(value) => change('code', value)}
          />
          <ErrorLine error={shown} />
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
                  <button type="button" className="link-button" disabled={busy} onClick={() => change('method', other)}>
                    <FormattedMessage {...switches[other]} />
                  </button>
                </li>
              ))}
          </ul>
        </section>
      )}
      <p>
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => login.send({ type: 'secondStep.back' })}
        >
          <FormattedMessage {...messages.back} />
        </button>
      </p>
    </form>
  );
}
