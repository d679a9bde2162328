import { useSelector } from '@xstate/react';
import { generate } from 'lean-qr';
import { useEffect, useMemo } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { usePortalActor } from '../../lib/use-portal-actor';
import {
  authenticatorEnrolmentMachine,
  type AuthenticatorCodeActor,
} from '../../machines/authenticator-enrolment.machine';
import { ErrorLine, useErrorLine } from '../shared/error-line';
import { FormButtons } from '../shared/form-buttons';
import { TextField } from '../shared/form-fields';
import { PageLoading } from '../shared/page-loading';
import { useFormActor, useLastForm } from '../shared/use-form';
import { RecoveryCodes } from './recovery-codes';

const messages = defineMessages({
  title: { id: 'security.add.title', defaultMessage: 'Add an authenticator app' },
  scan: {
    id: 'security.add.scan',
    defaultMessage:
      'Scan this QR code with your authenticator app (for example FreeOTP, Aegis, Google Authenticator or 1Password), or type the key below into it.',
  },
  qr: { id: 'security.add.qr', defaultMessage: 'QR code for your authenticator app' },
  secret: { id: 'security.add.secret', defaultMessage: 'Key to type in' },
  code: { id: 'security.add.code', defaultMessage: 'The code your app shows now' },
  codeInvalid: { id: 'security.add.codeInvalid', defaultMessage: 'Please enter the six digits your app shows.' },
  confirm: { id: 'security.add.confirm', defaultMessage: 'Add the app' },
  confirming: { id: 'security.add.confirming', defaultMessage: 'Checking…' },
  cancel: { id: 'security.add.cancel', defaultMessage: 'Cancel' },
  retry: { id: 'security.add.retry', defaultMessage: 'Try again' },
});

/** A QR code as SVG elements of React's own making: no markup is parsed, no canvas is needed. */
function QrCode({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const code = generate(text);
    let d = '';
    for (let y = 0; y < code.size; y += 1) {
      for (let x = 0; x < code.size; x += 1) if (code.get(x, y)) d += `M${x} ${y}h1v1h-1z`;
    }
    return { d, size: code.size };
  }, [text]);
  return (
    <svg
      className="security-qr"
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${path.size + 8} ${path.size + 8}`}
      width="200"
      height="200"
      shapeRendering="crispEdges"
    >
      <rect x="-4" y="-4" width={path.size + 8} height={path.size + 8} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

/** The secret as an app shows such keys: groups of four letters, easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Adding an authenticator app (issue 44): the QR code and the key as text, the app's first code,
 * and with the account's first factor its ten recovery codes, shown once to download or print.
 * Loaded when the customer asks for it, with the QR code's library.
 */
export default function AddAuthenticator({ name, onDone }: { name: string; onDone: (added: boolean) => void }) {
  const intl = useIntl();
  const actor = usePortalActor(authenticatorEnrolmentMachine, { input: { name } });
  const enrolment = useSelector(actor, (snapshot) => snapshot.context.enrolment);
  const starting = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const codes = useSelector(actor, (snapshot) =>
    snapshot.matches('recoveryCodes') ? snapshot.context.recoveryCodes : null,
  );
  const added = useSelector(actor, (snapshot) => snapshot.status === 'done');
  const error = useErrorLine(actor);
  const form = useLastForm(useSelector(actor, (snapshot) => snapshot.children.form));
  useEffect(() => {
    if (added) onDone(true);
  }, [added, onDone]);
  if (codes) return <RecoveryCodes codes={codes} onDone={() => actor.send({ type: 'enrolment.finish' })} />;

  return (
    <section className="card security-add" aria-labelledby="security-add-title">
      <h2 id="security-add-title">
        <FormattedMessage {...messages.title} />
      </h2>
      {starting && <PageLoading />}
      {failed && (
        <button type="button" onClick={() => actor.send({ type: 'enrolment.retry' })}>
          <FormattedMessage {...messages.retry} />
        </button>
      )}
      <ErrorLine error={error} />
      {enrolment && form && (
        <ConfirmForm
          form={form}
          enrolment={enrolment}
          qrLabel={intl.formatMessage(messages.qr)}
          onCancel={() => onDone(false)}
        />
      )}
      {!enrolment && (
        <button type="button" className="button-secondary" onClick={() => onDone(false)}>
          <FormattedMessage {...messages.cancel} />
        </button>
      )}
    </section>
  );
}

function ConfirmForm({
  form,
  enrolment,
  qrLabel,
  onCancel,
}: {
  form: AuthenticatorCodeActor;
  enrolment: { otpauth_uri: string; secret: string };
  qrLabel: string;
  onCancel: () => void;
}) {
  const { values, fieldErrors, busy, slow, waiting, error, formRef, change, submit } = useFormActor(form);
  return (
    <>
      <p>
        <FormattedMessage {...messages.scan} />
      </p>
      <QrCode text={enrolment.otpauth_uri} label={qrLabel} />
      <p>
        <FormattedMessage {...messages.secret} />
        {': '}
        <code className="security-secret">{grouped(enrolment.secret)}</code>
      </p>
      <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="security-add-title">
        <TextField
          name="code"
          label={messages.code}
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          value={values.code}
          error={fieldErrors.code}
          errorMessages={{ invalid: messages.codeInvalid }}
          onChange={(value) => change('code', value)}
        />
        <ErrorLine error={error} />
        <FormButtons
          className="dialog-buttons"
          back={messages.cancel}
          onBack={onCancel}
          busy={busy}
          slow={slow}
          waiting={waiting}
          label={messages.confirm}
          busyLabel={messages.confirming}
        />
      </form>
    </>
  );
}
