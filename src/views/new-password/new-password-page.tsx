import { useSelector } from '@xstate/react';
import { useContext, useLayoutEffect, useState } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { ResetLinkContext } from '../../lib/prerendered-forms';
import { resetLinkFrom } from '../../lib/reset-link';
import { usePortalActor } from '../../lib/use-portal-actor';
import type { NewPasswordFormActor } from '../../machines/new-password-form.machine';
import { newPasswordMachine } from '../../machines/new-password.machine';
import { paths } from '../../domain/routes';
import { ErrorLine } from '../shared/error-line';
import { RequiredNote, SubmitButton, TextField } from '../shared/form-fields';
import { PageHeading } from '../shared/page-heading';
import { NewPasswordField } from '../shared/password-checklist';
import { useFormActor, useLastForm } from '../shared/use-form';

const messages = defineMessages({
  title: { id: 'newPassword.title', defaultMessage: 'Set a new password' },
  email: { id: 'newPassword.email', defaultMessage: 'Email address' },
  password: { id: 'newPassword.password', defaultMessage: 'New password' },
  confirmation: { id: 'newPassword.confirmation', defaultMessage: 'Repeat the new password' },
  submit: { id: 'newPassword.submit', defaultMessage: 'Save new password' },
  busy: { id: 'newPassword.busy', defaultMessage: 'Saving…' },
});

/** A link that cannot be used, and the way to a new one (docs/decisions/004). */
function LinkProblem({ refused, reason }: { refused: boolean; reason: string | null }) {
  return (
    <div className="notice notice-error link-problem" role="alert">
      <p>
        {refused ? (
          <FormattedMessage
            id="newPassword.linkRefused"
            defaultMessage="This link can no longer be used: it is invalid, has expired or has already been used."
          />
        ) : (
          <FormattedMessage
            id="newPassword.linkMissing"
            defaultMessage="This link is incomplete: it lacks the email address or the security code. Please open the full link from the email."
          />
        )}
      </p>
      {reason && (
        <p className="server-reason">
          <FormattedMessage
            id="newPassword.serverReason"
            defaultMessage="The server said: {reason}"
            values={{ reason }}
          />
        </p>
      )}
      <p>
        <Link href={paths.reset()}>
          <FormattedMessage id="newPassword.requestNew" defaultMessage="Request a new link" />
        </Link>
      </p>
    </div>
  );
}

/** The form, the new-password machine's child `form` (decision 053); the email is the link's, shown read-only. */
function NewPasswordForm({ form, email }: { form: NewPasswordFormActor; email: string }) {
  const { values, fieldErrors, busy, done, slow, waiting, error, formRef, change, submit } = useFormActor(form);
  return (
    <form method="dialog" ref={formRef} className="card new-password-form" noValidate onSubmit={submit}>
      <RequiredNote />
      <TextField
        name="email"
        type="email"
        label={messages.email}
        value={email}
        readOnly
        autoComplete="username"
        onChange={() => {}}
      />
      <NewPasswordField
        label={messages.password}
        value={values.password}
        error={fieldErrors.password}
        onChange={(value) => change('password', value)}
      />
      <TextField
        name="confirmation"
        type="password"
        label={messages.confirmation}
        required
        autoComplete="new-password"
        value={values.confirmation}
        error={fieldErrors.confirmation}
        onChange={(value) => change('confirmation', value)}
      />
      <ErrorLine error={error} />
      <SubmitButton
        busy={busy || done}
        slow={slow}
        waiting={waiting}
        label={messages.submit}
        busyLabel={messages.busy}
      />
    </form>
  );
}

/** SPEC §2 new password: reached from the emailed link with email and token; success leads to /login. */
export default function NewPasswordPage() {
  const search = useSearch();
  const [, setLocation] = useLocation();
  // The link as src/boot.ts took it out of the address; read from the address when the page was
  // reached inside the app. Read once: the machine keeps it, the address never shows it again.
  const fromBoot = useContext(ResetLinkContext);
  const [link] = useState(() => fromBoot ?? resetLinkFrom(search));
  useLayoutEffect(() => {
    if (search !== '') setLocation(paths.newPassword(), { replace: true });
  }, [search, setLocation]);
  const actor = usePortalActor(newPasswordMachine, { input: link });
  const email = useSelector(actor, (snapshot) => snapshot.context.email);
  const form = useLastForm(useSelector(actor, (snapshot) => snapshot.children.form));
  const linkState = useSelector(actor, (snapshot) => {
    if (snapshot.matches('linkMissing')) return 'missing';
    if (snapshot.matches('linkRefused')) return 'refused';
    return null;
  });
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);

  return (
    <div className="account-page">
      <PageHeading message={messages.title} />
      {linkState ? (
        <LinkProblem refused={linkState === 'refused'} reason={refusal} />
      ) : (
        form && <NewPasswordForm form={form} email={email} />
      )}
    </div>
  );
}
