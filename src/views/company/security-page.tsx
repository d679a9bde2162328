import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Factor, OpenSession } from '../../domain/entities';
import { paths } from '../../domain/routes';
import { browserHasPasskeys } from '../../lib/passkeys';
import { usePortalActor } from '../../lib/use-portal-actor';
import type { PasskeyEnrolmentActor } from '../../machines/passkey-enrolment.machine';
import { securityMachine } from '../../machines/security.machine';
import { ErrorLine, useErrorLine } from '../shared/error-line';
import { useOwnError } from '../shared/own-error';
import { FormButtons } from '../shared/form-buttons';
import { TextField } from '../shared/form-fields';
import { useFormActor, useLastForm } from '../shared/use-form';
import { PageHeading } from '../shared/page-heading';
import { useMomentFormat } from '../shared/use-moment-format';
import { LoadFailed } from '../shared/load-failed';
import { PageLoading } from '../shared/page-loading';
import { RecoveryCodes } from './recovery-codes';
import './security.css';

/** Adding an authenticator app, with the QR code's library: loaded when the customer asks for it. */
const AddAuthenticator = lazy(() => import('./add-authenticator'));

const messages = defineMessages({
  title: { id: 'security.title', defaultMessage: 'Sign-in protection' },
  unavailable: {
    id: 'security.unavailable',
    defaultMessage: 'Sign-in protection is not offered for your account yet.',
  },
  back: { id: 'security.back', defaultMessage: 'Back to your company data' },
  factors: { id: 'security.factors', defaultMessage: 'Ways to confirm that it is you' },
  noFactors: {
    id: 'security.noFactors',
    defaultMessage: 'Your account is protected by its password only.',
  },
  totp: { id: 'security.kind.totp', defaultMessage: 'Authenticator app' },
  passkey: { id: 'security.kind.passkey', defaultMessage: 'Passkey' },
  neverUsed: { id: 'security.neverUsed', defaultMessage: 'not used yet' },
  required: {
    id: 'security.required',
    defaultMessage: 'Your provider requires a second factor for this account.',
  },
  sessions: { id: 'security.sessions', defaultMessage: 'Where your account is signed in' },
  unknownDevice: { id: 'security.unknownDevice', defaultMessage: 'Unknown browser' },
  thisBrowser: { id: 'security.thisBrowser', defaultMessage: 'This browser' },
  end: { id: 'security.end', defaultMessage: 'End this session' },
  endOthers: { id: 'security.endOthers', defaultMessage: 'End all other sessions' },
  ending: { id: 'security.ending', defaultMessage: 'Ending…' },
  addApp: { id: 'security.addApp', defaultMessage: 'Add an authenticator app' },
  remove: { id: 'security.remove', defaultMessage: 'Remove' },
  removing: { id: 'security.removing', defaultMessage: 'Removing…' },
  keep: { id: 'security.keep', defaultMessage: 'Keep it' },
  renew: { id: 'security.renew', defaultMessage: 'Get new recovery codes' },
  renewAsk: {
    id: 'security.renewAsk',
    defaultMessage: 'Your current recovery codes stop working when you get new ones. Get new codes now?',
  },
  renewConfirm: { id: 'security.renewConfirm', defaultMessage: 'Yes, get new codes' },
  renewing: { id: 'security.renewing', defaultMessage: 'Getting new codes…' },
  keepCodes: { id: 'security.keepCodes', defaultMessage: 'Keep the current codes' },
  addPasskey: { id: 'security.addPasskey', defaultMessage: 'Add a passkey' },
  passkeyText: {
    id: 'security.passkeyText',
    defaultMessage:
      'A passkey lives on this device, your phone or a security key, and confirms that it is you with your fingerprint, face or PIN. Name it so that you know it again.',
  },
  passkeyName: { id: 'security.passkeyName', defaultMessage: 'Name of the passkey' },
  passkeyCreate: { id: 'security.passkeyCreate', defaultMessage: 'Create the passkey' },
  passkeyCreating: { id: 'security.passkeyCreating', defaultMessage: 'Waiting for the passkey…' },
  cancel: { id: 'security.cancel', defaultMessage: 'Cancel' },
});

/** The failures only adding a passkey tells. */
const ownErrors = defineMessages({
  passkeyNotAdded: {
    id: 'security.passkeyNotAdded',
    defaultMessage: 'No passkey was made. Please try again, or use another device or security key.',
    description: "The browser's dialog for a new passkey was cancelled or timed out (issue 44)",
  },
});

/** The messages with values (typed loosely, as react-intl takes them with `formatMessage`). */
const withValues = defineMessages<
  'added' | 'lastUsed' | 'recoveryLeft' | 'signedIn' | 'endNamed' | 'removeNamed' | 'removeAsk'
>({
  removeNamed: { id: 'security.removeNamed', defaultMessage: 'Remove {name}' },
  removeAsk: {
    id: 'security.removeAsk',
    defaultMessage: 'Remove {name}? It will no longer confirm that it is you when you sign in.',
  },
  added: { id: 'security.added', defaultMessage: 'Added {date}' },
  lastUsed: { id: 'security.lastUsed', defaultMessage: 'last used {date}' },
  recoveryLeft: {
    id: 'security.recoveryLeft',
    defaultMessage:
      '{count, plural, =0 {No recovery codes left.} one {# recovery code left.} other {# recovery codes left.}}',
  },
  signedIn: { id: 'security.signedIn', defaultMessage: 'Signed in {date}, last seen {seen}' },
  endNamed: { id: 'security.endNamed', defaultMessage: 'End the session of {device}, last seen {seen}' },
});

/** How a factor's removal stands: not asked, asked (to confirm or keep), or under way. */
type Removal = 'none' | 'asked' | 'removing';

function FactorItem({
  factor,
  removal,
  busy,
  onRemove,
  onConfirm,
  onKeep,
}: {
  factor: Factor;
  removal: Removal;
  busy: boolean;
  onRemove: () => void;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const moment = useMomentFormat();
  const intl = useIntl();
  const kind = factor.type === 'totp' ? messages.totp : factor.type === 'passkey' ? messages.passkey : null;
  return (
    <li>
      <strong>{factor.name}</strong>
      {kind && (
        <>
          {' · '}
          <span>
            <FormattedMessage {...kind} />
          </span>
        </>
      )}
      <br />
      <span className="security-meta">
        {intl.formatMessage(withValues.added, { date: moment(factor.created_at) })}
        {', '}
        {factor.last_used_at
          ? intl.formatMessage(withValues.lastUsed, { date: moment(factor.last_used_at) })
          : intl.formatMessage(messages.neverUsed)}
      </span>
      {removal === 'none' ? (
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          aria-label={intl.formatMessage(withValues.removeNamed, { name: factor.name })}
          onClick={onRemove}
        >
          <FormattedMessage {...messages.remove} />
        </button>
      ) : (
        <div
          className="security-confirm"
          role="group"
          aria-label={intl.formatMessage(withValues.removeNamed, { name: factor.name })}
        >
          <p>{intl.formatMessage(withValues.removeAsk, { name: factor.name })}</p>
          <button type="button" className="button-secondary" disabled={removal === 'removing'} onClick={onKeep}>
            <FormattedMessage {...messages.keep} />
          </button>
          <button
            type="button"

            disabled={removal === 'removing'}
            aria-busy={removal === 'removing'}
            onClick={onConfirm}
          >
            <FormattedMessage {...(removal === 'removing' ? messages.removing : messages.remove)} />
          </button>
        </div>
      )}
    </li>
  );
}

/** Renewing the recovery codes: the button, then the question, then the call. */
function RenewCodes({
  step,
  busy,
  onRenew,
  onConfirm,
  onKeep,
}: {
  step: 'none' | 'asked' | 'renewing';
  busy: boolean;
  onRenew: () => void;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  if (step === 'none') {
    return (
      <button type="button" className="button-secondary" disabled={busy} onClick={onRenew}>
        <FormattedMessage {...messages.renew} />
      </button>
    );
  }
  return (
    <div className="security-confirm">
      <p>
        <FormattedMessage {...messages.renewAsk} />
      </p>
      <button type="button" className="button-secondary" disabled={step === 'renewing'} onClick={onKeep}>
        <FormattedMessage {...messages.keepCodes} />
      </button>
      <button type="button" disabled={step === 'renewing'} aria-busy={step === 'renewing'} onClick={onConfirm}>
        <FormattedMessage {...(step === 'renewing' ? messages.renewing : messages.renewConfirm)} />
      </button>
    </div>
  );
}

function SessionItem({ session, busy, onEnd }: { session: OpenSession; busy: boolean; onEnd: () => void }) {
  const intl = useIntl();
  const moment = useMomentFormat();
  const device = session.device || intl.formatMessage(messages.unknownDevice);
  const seen = moment(session.last_seen_at);
  return (
    <li>
      <strong>{device}</strong>
      {session.current && (
        <>
          {' · '}
          <span className="security-current">
            <FormattedMessage {...messages.thisBrowser} />
          </span>
        </>
      )}
      <br />
      <span className="security-meta">
        {intl.formatMessage(withValues.signedIn, { date: moment(session.created_at), seen })}
      </span>
      {!session.current && (
        <button
          type="button"
          className="button-secondary"
          disabled={busy}
          aria-label={intl.formatMessage(withValues.endNamed, { device, seen })}
          onClick={onEnd}
        >
          <FormattedMessage {...messages.end} />
        </button>
      )}
    </li>
  );
}

/** Naming a new passkey; the browser's own dialog follows the button. */
function AddPasskey({ form, onCancel }: { form: PasskeyEnrolmentActor; onCancel: () => void }) {
  const { values, fieldErrors, busy, slow, waiting, error, formRef, change, submit } = useFormActor(form);
  const shown = useOwnError(error, ownErrors);
  // In the commit that shows the field, before the customer (or a keyboard's suggestion) can type:
  // a focus moved later lands in the middle of what is being typed.
  useLayoutEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input[name="name"]')?.focus();
  }, [formRef]);
  return (
    <section className="card security-add" aria-labelledby="security-passkey-title">
      <h2 id="security-passkey-title">
        <FormattedMessage {...messages.addPasskey} />
      </h2>
      <p>
        <FormattedMessage {...messages.passkeyText} />
      </p>
      <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="security-passkey-title">
        <TextField
          name="name"
          label={messages.passkeyName}
          required
          maxLength={60}
          autoComplete="off"
          value={values.name}
          error={fieldErrors.name}
          onChange={(value) => change('name', value)}
        />
        <ErrorLine error={shown} />
        <FormButtons
          className="dialog-buttons"
          back={messages.cancel}
          onBack={onCancel}
          busy={busy}
          slow={slow}
          waiting={waiting}
          label={messages.passkeyCreate}
          busyLabel={messages.passkeyCreating}
        />
      </form>
    </section>
  );
}

/**
 * The security page (issue 44, decision 058): the factors that protect the account, the recovery
 * codes left, and the sessions that are open, with "end this one" and "end all others". Shown
 * where the server offers second factors; a v1 server's portal has no way here, and the address
 * typed in says that it is not offered.
 */
export default function SecurityPage() {
  const intl = useIntl();
  const actor = usePortalActor(securityMachine);
  const overview = useSelector(actor, (snapshot) => snapshot.context.overview);
  const loadError = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const unavailable = useSelector(actor, (snapshot) => snapshot.hasTag('unavailable'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const ending = useSelector(actor, (snapshot) => snapshot.hasTag('ending'));
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const removing = useSelector(actor, (snapshot) => snapshot.context.removing);
  const removal: Removal = useSelector(actor, (snapshot) =>
    snapshot.matches('removing') ? 'removing' : snapshot.matches('confirmingRemoval') ? 'asked' : 'none',
  );
  const renewal = useSelector(actor, (snapshot) =>
    snapshot.matches('renewing') ? 'renewing' : snapshot.matches('confirmingRenewal') ? 'asked' : 'none',
  );
  const newCodes = useSelector(actor, (snapshot) => snapshot.context.newCodes);
  const changed = useSelector(actor, (snapshot) => snapshot.context.changed);
  const passkeyForm = useLastForm(useSelector(actor, (snapshot) => snapshot.children.passkeyForm));
  const addingPasskey = useSelector(actor, (snapshot) => snapshot.matches('addingPasskey'));
  const [passkeys] = useState(browserHasPasskeys);
  // One change at a time: while one is asked or under way, the other buttons wait.
  const settled = !busy && !ending && removal === 'none' && renewal === 'none' && !changing && !addingPasskey;
  const error = useErrorLine(actor);
  const [adding, setAdding] = useState(false);
  const added = useCallback(
    (done: boolean) => {
      setAdding(false);
      if (done) actor.send({ type: 'overview.reload' });
    },
    [actor],
  );

  return (
    <div className="security-page">
      <PageHeading message={messages.title} />
      {unavailable && (
        <p>
          <FormattedMessage {...messages.unavailable} />{' '}
          <Link href={paths.company()}>
            <FormattedMessage {...messages.back} />
          </Link>
        </p>
      )}
      {!overview && busy && <PageLoading />}
      {loadError && <LoadFailed error={loadError} onRetry={() => actor.send({ type: 'load.retry' })} />}
      {overview && (
        <>
          <section className="card" aria-labelledby="security-factors-heading">
            <h2 id="security-factors-heading">
              <FormattedMessage {...messages.factors} />
            </h2>
            {overview.protection.second_factor_required && (
              <p>
                <FormattedMessage {...messages.required} />
              </p>
            )}
            {overview.protection.factors.length === 0 ? (
              <p>
                <FormattedMessage {...messages.noFactors} />
              </p>
            ) : (
              <ul className="security-list">
                {overview.protection.factors.map((factor) => (
                  <FactorItem
                    key={factor.id}
                    factor={factor}
                    removal={removing === factor.id ? removal : 'none'}
                    busy={!settled}
                    onRemove={() => actor.send({ type: 'factor.remove', id: factor.id })}
                    onConfirm={() => actor.send({ type: 'change.confirm' })}
                    onKeep={() => actor.send({ type: 'change.keep' })}
                  />
                ))}
              </ul>
            )}
            {!adding && (
              <button type="button" className="button-secondary" disabled={!settled} onClick={() => setAdding(true)}>
                <FormattedMessage {...messages.addApp} />
              </button>
            )}
            {passkeys && !addingPasskey && (
              <button
                type="button"
                className="button-secondary"
                disabled={!settled || adding}
                onClick={() => actor.send({ type: 'passkey.add' })}
              >
                <FormattedMessage {...messages.addPasskey} />
              </button>
            )}
            {overview.protection.factors.length > 0 && (
              <>
                <p>{intl.formatMessage(withValues.recoveryLeft, { count: overview.protection.recovery_codes_left })}</p>
                <RenewCodes
                  step={renewal}
                  busy={!settled}
                  onRenew={() => actor.send({ type: 'recoveryCodes.renew' })}
                  onConfirm={() => actor.send({ type: 'change.confirm' })}
                  onKeep={() => actor.send({ type: 'change.keep' })}
                />
              </>
            )}
            <ErrorLine error={changed === 'factors' ? error : null} />
          </section>
          {newCodes && <RecoveryCodes codes={newCodes} onDone={() => actor.send({ type: 'codes.done' })} />}
          {addingPasskey && passkeyForm && (
            <AddPasskey form={passkeyForm} onCancel={() => actor.send({ type: 'passkey.cancel' })} />
          )}
          {adding && (
            <Suspense fallback={<PageLoading />}>
              <AddAuthenticator name={intl.formatMessage(messages.totp)} onDone={added} />
            </Suspense>
          )}
          <section className="card" aria-labelledby="security-sessions-heading" aria-busy={ending}>
            <h2 id="security-sessions-heading">
              <FormattedMessage {...messages.sessions} />
            </h2>
            <ul className="security-list">
              {overview.sessions.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  busy={ending || busy}
                  onEnd={() => actor.send({ type: 'session.end', id: session.id })}
                />
              ))}
            </ul>
            {overview.sessions.some((session) => !session.current) && (
              <button
                type="button"
                disabled={ending || busy}
                aria-busy={ending}
                onClick={() => actor.send({ type: 'sessions.endOthers' })}
              >
                <FormattedMessage {...(ending ? messages.ending : messages.endOthers)} />
              </button>
            )}
            <ErrorLine error={changed === 'sessions' ? error : null} />
          </section>
        </>
      )}
    </div>
  );
}
