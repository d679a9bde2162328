import { useSelector } from '@xstate/react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { usePortalActor } from '../../lib/use-portal-actor';
import { passkeySignInMachine } from '../../machines/passkey-sign-in.machine';
import { ErrorLine, useErrorLine } from '../shared/error-line';
import { useOwnError } from '../shared/own-error';

const messages = defineMessages({
  title: { id: 'passkeySignIn.title', defaultMessage: 'Log in with a passkey' },
  text: {
    id: 'passkeySignIn.text',
    defaultMessage:
      'No email address or password needed: use the passkey you saved for this portal on this device, your phone or a security key.',
  },
  button: { id: 'passkeySignIn.button', defaultMessage: 'Use a passkey' },
  busy: { id: 'passkeySignIn.busy', defaultMessage: 'Waiting for the passkey…' },
});

/** Its own failures in its own words. */
const errors = defineMessages({
  passkeyFailed: {
    id: 'passkeySignIn.failed',
    defaultMessage: 'No passkey was used. Please try again, or log in with your email address and password.',
  },
  codeRefused: {
    id: 'passkeySignIn.refused',
    defaultMessage: 'This passkey was not accepted. Please try again, or log in with your email address and password.',
  },
});

export interface PasskeySignInProps {
  /** Where the sign-in leads, as the login's (decision 027). */
  next: string;
}

/**
 * The login page's sign-in with a passkey alone (issue 44, decision 058): loaded after the page,
 * with its own messages; shows nothing until the server and the browser have said they can,
 * so that a v1 server's login page stays as it was.
 */
export default function PasskeySignIn({ next }: PasskeySignInProps) {
  const actor = usePortalActor(passkeySignInMachine, { input: { next } });
  const offered = useSelector(actor, (snapshot) => snapshot.hasTag('offered'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy') || snapshot.hasTag('done'));
  const shown = useOwnError(useErrorLine(actor), errors);
  if (!offered) return null;
  return (
    <section className="card account-form passkey-sign-in" aria-labelledby="passkey-sign-in-title">
      <h2 id="passkey-sign-in-title">
        <FormattedMessage {...messages.title} />
      </h2>
      <p>
        <FormattedMessage {...messages.text} />
      </p>
      <button
        type="button"
        className="button-secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => actor.send({ type: 'passkey.signIn' })}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        <FormattedMessage {...(busy ? messages.busy : messages.button)} />
      </button>
      <ErrorLine error={shown} />
    </section>
  );
}
