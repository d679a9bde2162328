import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { browserHasPasskeys } from '../../lib/passkeys';
import { preloadable } from '../../lib/preloadable';
import type { SecondStepProps } from '../sign-in/second-step';
import { useLanguage, useSessionActor, useUser } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import { loginMachine } from '../../machines/login.machine';
import { SubmitButton } from '../shared/form-fields';
import { LoginFields, useLoginForm } from '../shared/login-fields';
import { ModalDialog } from '../shared/modal-dialog';
import { PageLoading } from '../shared/page-loading';

/** The second step loads only when a server asks for one (issue 44). */
const SecondStep = preloadable<SecondStepProps>(() => import('../sign-in/second-step'), 'sign-in');

const messages = defineMessages({
  title: { id: 'relogin.title', defaultMessage: 'Your session has ended' },
  text: {
    id: 'relogin.text',
    defaultMessage:
      'Please log in again to continue. What you entered on this page stays as it is; after logging in, submit it again.',
  },
  email: { id: 'relogin.email', defaultMessage: 'Email address' },
  password: { id: 'relogin.password', defaultMessage: 'Password' },
  submit: { id: 'relogin.submit', defaultMessage: 'Log in again' },
  busy: { id: 'relogin.busy', defaultMessage: 'Logging in…' },
  leave: { id: 'relogin.leave', defaultMessage: 'Discard and go to the login page' },
});

/** The page's own send button, which is what the customer presses next (docs/decisions/027). */
function pageSendButton(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main form button[type="submit"]') ?? document.getElementById('main');
}

/**
 * The login in place (docs/decisions/027): when a form's call is answered 401, this dialog asks for
 * the login over the page, which stays mounted with what was typed and the step it was on. It stays
 * open, busy, until GET /me has told whose login it is; the same account finds the page as it left
 * it, another account starts afresh on /dashboard. Escape does not close it: closing would show a
 * form that cannot be sent, and leaving (which drops what was typed) is a button of its own.
 */
export default function ReloginDialog() {
  const session = useSessionActor();
  const language = useLanguage();
  const user = useUser();
  const actor = usePortalActor(loginMachine, {
    // The login in place leads nowhere: the customer stays on the page under the dialog.
    input: { language, values: { email: user?.email ?? '' }, next: null, passkeys: browserHasPasskeys() },
  });
  const form = useLoginForm(actor);
  const secondStep = useSelector(actor, (snapshot) => snapshot.hasTag('secondStep'));
  const { busy, slow, formRef, submit } = form;

  return (
    <ModalDialog
      open
      onClose={() => {}}
      labelledBy="relogin-title"
      describedBy="relogin-text"
      className="relogin-dialog"
      returnFocus={pageSendButton}
    >
      <h2 id="relogin-title">
        <FormattedMessage {...messages.title} />
      </h2>
      <p id="relogin-text">
        <FormattedMessage {...messages.text} />
      </p>
      {secondStep ? (
        <Suspense fallback={<PageLoading />}>
          <SecondStep login={actor} headingLevel="h3" />
        </Suspense>
      ) : (
        <form ref={formRef} className="relogin-form" noValidate onSubmit={submit} aria-labelledby="relogin-title">
          <LoginFields form={form} labels={messages} />
          <div className="dialog-buttons">
            <button
              type="button"
              className="button-secondary"
              disabled={busy}
              onClick={() => session.send({ type: 'relogin.cancel' })}
            >
              <FormattedMessage {...messages.leave} />
            </button>
            <SubmitButton
              busy={busy}
              slow={slow}
              waiting={form.waiting}
              label={messages.submit}
              busyLabel={messages.busy}
            />
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
