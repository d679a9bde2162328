import { useSelector } from '@xstate/react';
import { defineMessages, FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { LoginActor } from '../../machines/login.machine';
import { ErrorLine } from './error-line';
import { errorMessages } from './error-messages';
import { RequiredNote, TextField } from './form-fields';
import { useFormActor, useLastForm } from './use-form';

const notices = defineMessages({
  signInExpired: {
    id: 'login.signInExpired',
    defaultMessage: 'Your sign-in has expired. Please log in again with your password.',
    description: 'The second step of a login took too long or was refused too often (decision 058)',
  },
  cannotConfirm: {
    id: 'login.cannotConfirm',
    defaultMessage:
      'Your account asks for a confirmation this browser cannot give, such as a passkey. Please log in with a current browser, or use a recovery code if you have one.',
    description: 'The second step of a login asks for a method this browser lacks (issue 44)',
  },
});

/**
 * What a login form shows: the login page and the login in place (decision 027). The fields are
 * the login machine's child `form`, which it runs from its start and keeps (as it ended) once the
 * customer is logged in; the activation notice and the login's success are the login machine's.
 */
export function useLoginForm(actor: LoginActor) {
  const form = useLastForm(useSelector(actor, (snapshot) => snapshot.children.form));
  if (!form) throw new Error('The login machine runs its form from its start.');
  const fields = useFormActor(form);
  const loggedIn = useSelector(actor, (snapshot) => snapshot.hasTag('done'));
  const notActive = useSelector(actor, (snapshot) => snapshot.hasTag('notActive'));
  const signInExpired = useSelector(actor, (snapshot) => snapshot.hasTag('signInExpired'));
  const cannotConfirm = useSelector(actor, (snapshot) => snapshot.hasTag('cannotConfirm'));
  return { ...fields, form, busy: fields.busy || loggedIn, notActive, signInExpired, cannotConfirm };
}

/**
 * The fields of a login with their notes: email and password, the activation notice of SPEC §8
 * for an account that awaits it, and the error line. The form and its buttons are the caller's.
 */
export function LoginFields({
  form,
  labels,
  passkeys = false,
}: {
  form: ReturnType<typeof useLoginForm>;
  labels: { email: MessageDescriptor; password: MessageDescriptor };
  /** The address field suggests passkeys too, where the browser does (the login page, issue 44). */
  passkeys?: boolean;
}) {
  const { values, fieldErrors, notActive, signInExpired, cannotConfirm, error, change } = form;
  return (
    <>
      <RequiredNote />
      <TextField
        name="email"
        type="email"
        label={labels.email}
        required
        autoComplete={passkeys ? 'username webauthn' : 'username'}
        inputMode="email"
        value={values.email}
        error={fieldErrors.email}
        onChange={(value) => change('email', value)}
      />
      <TextField
        name="password"
        type="password"
        label={labels.password}
        required
        autoComplete="current-password"
        value={values.password}
        error={fieldErrors.password}
        onChange={(value) => change('password', value)}
      />
      {notActive && (
        <p className="notice notice-warn" role="alert">
          <FormattedMessage {...errorMessages.loginNotActive} />
        </p>
      )}
      {(signInExpired || cannotConfirm) && (
        <p className="notice notice-warn" role="alert">
          <FormattedMessage {...notices[signInExpired ? 'signInExpired' : 'cannotConfirm']} />
        </p>
      )}
      <ErrorLine error={error} />
    </>
  );
}
