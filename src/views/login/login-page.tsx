import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { Link, useParams, useSearch } from 'wouter';
import { useLanguage } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import { returnTargetFromQuery } from '../../domain/return-target';
import { loginMachine } from '../../machines/login.machine';
import { paths } from '../../domain/routes';
import { browserHasPasskeys } from '../../lib/passkeys';
import { preloadable } from '../../lib/preloadable';
import type { SecondStepProps } from '../sign-in/second-step';
import type { PasskeySignInProps } from '../sign-in/passkey-sign-in';
import { SubmitButton } from '../shared/form-fields';
import { LoginFields, useLoginForm } from '../shared/login-fields';
import { PageLoading } from '../shared/page-loading';
import { carriedChange, PortalForm, usePrerenderedValues, useTakeOver } from '../shared/portal-form';
import { PageHeading } from '../shared/page-heading';
import { loginNotice } from './login-notices';

/** The second step loads only when a server asks for one (issue 44). */
const SecondStep = preloadable<SecondStepProps>(() => import('../sign-in/second-step'), 'sign-in');

/** The sign-in with a passkey alone: loaded after the page, shown where the server and the browser offer it. */
const PasskeySignIn = preloadable<PasskeySignInProps>(() => import('../sign-in/passkey-sign-in'), 'sign-in');

const messages = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Log in' },
  email: { id: 'login.email', defaultMessage: 'Email address' },
  password: { id: 'login.password', defaultMessage: 'Password' },
  submit: { id: 'login.submit', defaultMessage: 'Log in' },
  busy: { id: 'login.busy', defaultMessage: 'Logging in…' },
});

/**
 * SPEC §2 Login: email and password (the link bar is the public layout's). An active account goes
 * to /dashboard with no message (not the original's "login message quirk", docs/decisions/003), or
 * back to the portal page that asked for the login (`?next=`, checked, docs/decisions/027);
 * a pending one sees the activation notice of SPEC §8.
 */
export default function LoginPage() {
  const { message } = useParams<{ message?: string }>();
  const notice = loginNotice(message);
  const language = useLanguage();
  const next = returnTargetFromQuery(useSearch()) ?? paths.dashboard();
  const carried = usePrerenderedValues('login', { email: '', password: '' });
  const actor = usePortalActor(loginMachine, {
    input: { language, values: carried, next, passkeys: browserHasPasskeys() },
  });
  const form = useLoginForm(actor);
  const secondStep = useSelector(actor, (snapshot) => snapshot.hasTag('secondStep'));
  const { busy, slow, formRef, submit } = form;
  useTakeOver('login', { formRef, change: carriedChange(form.form), submit: () => submit() });

  return (
    <div className="account-page">
      <PageHeading message={messages.title} />
      {notice && (
        <p className={notice.warning ? 'notice notice-warn' : 'notice notice-ok'} role="status">
          <FormattedMessage {...notice.message} />
        </p>
      )}
      {secondStep ? (
        <div className="card account-form">
          <Suspense fallback={<PageLoading />}>
            <SecondStep login={actor} headingLevel="h2" />
          </Suspense>
        </div>
      ) : (
        <PortalForm name="login" formRef={formRef} className="card account-form" onSubmit={submit}>
          <LoginFields form={form} labels={messages} passkeys />
          <SubmitButton
            busy={busy}
            slow={slow}
            waiting={form.waiting}
            label={messages.submit}
            busyLabel={messages.busy}
          />
        </PortalForm>
      )}
      <ul className="account-links">
        <li>
          <Link href={paths.reset()}>
            <FormattedMessage id="login.forgot" defaultMessage="Forgot your password?" />
          </Link>
        </li>
        <li>
          <FormattedMessage id="login.noAccount" defaultMessage="No account yet?" />{' '}
          <Link href={paths.register()}>
            <FormattedMessage id="login.register" defaultMessage="Create a company account" />
          </Link>
        </li>
      </ul>
      {!secondStep && browserHasPasskeys() && (
        <Suspense fallback={null}>
          <PasskeySignIn next={next} />
        </Suspense>
      )}
    </div>
  );
}
