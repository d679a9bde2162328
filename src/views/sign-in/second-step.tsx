import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { defineMessages, FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { SecondStepMethod } from '../../domain/entities';
import type { LoginActor } from '../../machines/login.machine';
import { ConfirmationFields } from './confirmation-fields';
import { useFormActor, useLastForm } from '../shared/use-form';

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
  back: { id: 'secondStep.back', defaultMessage: 'Back to the password' },
});

const texts: Record<SecondStepMethod, MessageDescriptor> = {
  totp: messages.totpText,
  recovery: messages.recoveryText,
  passkey: messages.passkeyText,
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
  const form = useLastForm(useSelector(login, (snapshot) => snapshot.children.secondStep));
  const methods = useSelector(login, (snapshot) => snapshot.context.step?.methods ?? []);
  const loggedIn = useSelector(login, (snapshot) => snapshot.hasTag('done'));
  if (!form) throw new Error('The login runs its second step while it shows it.');
  const step = useFormActor(form);
  const { values, error, formRef, change, submit, slow, waiting } = step;
  const busy = step.busy || loggedIn;
  const method = values.method;
  // In the commit that shows the field, before the customer (or a keyboard's suggestion) can type:
  // a focus moved later lands in the middle of what is being typed.
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input[name="code"], button[type="submit"]')?.focus();
  }, [formRef, method]);
  const Heading = headingLevel;
  return (
    <form ref={formRef} className="second-step" noValidate onSubmit={submit} aria-labelledby="second-step-title">
      <Heading id="second-step-title">
        <FormattedMessage {...messages.title} />
      </Heading>
      <p>
        <FormattedMessage {...texts[method]} />
      </p>
      <ConfirmationFields
        name="code"
        method={method}
        methods={methods}
        value={values.code}
        fieldError={step.fieldErrors.code}
        error={error}
        busy={busy}
        slow={slow}
        waiting={waiting}
        onChange={(value) => change('code', value)}
        onMethod={(other) => {
          // The login's second step offers no password: it was the first step.
          if (other !== 'password') change('method', other);
        }}
      />
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
