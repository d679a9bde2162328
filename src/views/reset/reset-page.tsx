import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { passwordResetMachine, type PasswordResetValues } from '../../machines/password-reset.machine';
import { paths } from '../../domain/routes';
import { ErrorLine } from '../shared/error-line';
import { RequiredNote, SubmitButton, TextField } from '../shared/form-fields';
import { PageHeading } from '../shared/page-heading';
import { carriedChange, PortalForm, usePrerenderedValues, useTakeOver } from '../shared/portal-form';
import { useForm } from '../shared/use-form';

const messages = defineMessages({
  title: { id: 'reset.title', defaultMessage: 'Forgot your password?' },
  email: { id: 'reset.email', defaultMessage: 'Email address' },
  submit: { id: 'reset.submit', defaultMessage: 'Send link' },
  busy: { id: 'reset.busy', defaultMessage: 'Sending…' },
  sent: {
    id: 'reset.sent',
    defaultMessage: 'You will receive an email to set a new password.',
    description: 'SPEC §8 Password request sent',
  },
});

/** SPEC §2 Forgot password: the email address only; then the mail with the link (SPEC §4). */
export default function ResetPage() {
  const carried = usePrerenderedValues<PasswordResetValues>('reset', { email: '' });
  const form = useForm(passwordResetMachine, { values: carried });
  useTakeOver('reset', { formRef: form.formRef, change: carriedChange(form.actor), submit: () => form.submit() });
  return (
    <div className="account-page">
      <PageHeading message={messages.title} />
      <p>
        <FormattedMessage
          id="reset.lead"
          defaultMessage="Enter the email address of your account. We will send you a link to set a new password."
        />
      </p>
      {/* Always in the page, so that screen readers announce the confirmation when it appears. */}
      <div role="status" className="reset-status">
        {form.done && (
          <p className="notice notice-ok">
            <FormattedMessage {...messages.sent} />
          </p>
        )}
      </div>
      {form.done ? (
        <p>
          <button type="button" className="link-button" onClick={() => form.actor.send({ type: 'form.edit' })}>
            <FormattedMessage id="reset.again" defaultMessage="Send the link again" />
          </button>
        </p>
      ) : (
        <PortalForm name="reset" formRef={form.formRef} className="card reset-form" onSubmit={form.submit}>
          <RequiredNote />
          <TextField
            name="email"
            type="email"
            label={messages.email}
            required
            autoComplete="email"
            inputMode="email"
            value={form.values.email}
            error={form.fieldErrors.email}
            onChange={(value) => form.change('email', value)}
          />
          <ErrorLine error={form.error} />
          <SubmitButton
            busy={form.busy}
            slow={form.slow}
            waiting={form.waiting}
            label={messages.submit}
            busyLabel={messages.busy}
          />
        </PortalForm>
      )}
      <p className="account-aside">
        <Link href={paths.login()}>
          <FormattedMessage id="reset.backToLogin" defaultMessage="Back to login" />
        </Link>
      </p>
    </div>
  );
}
