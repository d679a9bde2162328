import { useSelector } from '@xstate/react';
import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../machines/login.machine';
import { ErrorLine, useErrorLine } from './error-line';
import { errorMessages } from './error-messages';
import { RequiredNote, TextField } from './form-fields';

type LoginActor = ActorRefFrom<typeof loginMachine>;

/** What a login form shows of its machine: the login page and the login in place (decision 027). */
export function useLoginForm(actor: LoginActor) {
  return {
    values: useSelector(actor, (snapshot) => snapshot.context.values),
    fieldErrors: useSelector(actor, (snapshot) => snapshot.context.fieldErrors),
    busy: useSelector(actor, (snapshot) => snapshot.hasTag('busy') || snapshot.hasTag('done')),
    slow: useSelector(actor, (snapshot) => snapshot.hasTag('slow')),
    waiting: useSelector(actor, (snapshot) => snapshot.hasTag('waiting')),
    notActive: useSelector(actor, (snapshot) => snapshot.hasTag('notActive')),
    error: useErrorLine(actor),
    change: (name: 'email' | 'password') => (value: string) => actor.send({ type: 'field.change', name, value }),
  };
}

/**
 * The fields of a login with their notes: email and password, the activation notice of SPEC §8
 * for an account that awaits it, and the error line. The form and its buttons are the caller's.
 */
export function LoginFields({
  form,
  labels,
}: {
  form: ReturnType<typeof useLoginForm>;
  labels: { email: MessageDescriptor; password: MessageDescriptor };
}) {
  const { values, fieldErrors, notActive, error, change } = form;
  return (
    <>
      <RequiredNote />
      <TextField
        name="email"
        type="email"
        label={labels.email}
        required
        autoComplete="username"
        inputMode="email"
        value={values.email}
        error={fieldErrors.email}
        onChange={change('email')}
      />
      <TextField
        name="password"
        type="password"
        label={labels.password}
        required
        autoComplete="current-password"
        value={values.password}
        error={fieldErrors.password}
        onChange={change('password')}
      />
      {notActive && (
        <p className="notice notice-warn" role="alert">
          <FormattedMessage {...errorMessages.loginNotActive} />
        </p>
      )}
      <ErrorLine error={error} />
    </>
  );
}
