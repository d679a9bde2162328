import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { usePortalActor } from '../../lib/use-portal-actor';
import type { FreshSignInMethod } from '../../domain/entities';
import { freshSignInMachine, type FreshSignInFormActor } from '../../machines/fresh-sign-in.machine';
import { ModalDialog } from '../shared/modal-dialog';
import { PageLoading } from '../shared/page-loading';
import { useFormActor, useLastForm } from '../shared/use-form';
import { ConfirmationFields } from './confirmation-fields';

const messages = defineMessages({
  title: { id: 'freshSignIn.title', defaultMessage: 'Confirm that it is you' },
  text: {
    id: 'freshSignIn.text',
    defaultMessage:
      'This change needs a recent sign-in. Please confirm that it is you; the change is then made as you asked.',
  },
  cancel: { id: 'freshSignIn.cancel', defaultMessage: 'Cancel the change' },
});

/**
 * The fresh sign-in before a risky change (issue 44, decision 058, point 4): opened over the page
 * when a v1.1 server answers a change `reauth-required` (src/api/fresh-sign-in.ts), one dialog for
 * every call that waits. The password, or a factor of the account; confirmed, the change is sent
 * again as it was; cancelled (the button, or Escape), it is not done and the page keeps what was
 * typed. Loaded only when a server asks.
 */
export default function FreshSignInDialog() {
  const actor = usePortalActor(freshSignInMachine);
  const loading = useSelector(actor, (snapshot) => snapshot.matches('loading'));
  const methods = useSelector(actor, (snapshot) => snapshot.context.methods);
  const form = useLastForm(useSelector(actor, (snapshot) => snapshot.children.form));
  const cancel = () => actor.send({ type: 'freshSignIn.cancel' });

  return (
    <ModalDialog
      open
      onClose={cancel}
      labelledBy="fresh-sign-in-title"
      describedBy="fresh-sign-in-text"
      className="fresh-sign-in-dialog"
    >
      <h2 id="fresh-sign-in-title">
        <FormattedMessage {...messages.title} />
      </h2>
      <p id="fresh-sign-in-text">
        <FormattedMessage {...messages.text} />
      </p>
      {loading || !form ? <PageLoading /> : <FreshSignInForm form={form} methods={methods} onCancel={cancel} />}
    </ModalDialog>
  );
}

function FreshSignInForm({
  form,
  methods,
  onCancel,
}: {
  form: FreshSignInFormActor;
  methods: readonly FreshSignInMethod[];
  onCancel: () => void;
}) {
  const step = useFormActor(form);
  const { values, error, formRef, change, submit, busy, slow, waiting } = step;
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input[name="secret"], button[type="submit"]')?.focus();
  }, [formRef, values.method]);
  return (
    <form ref={formRef} className="second-step" noValidate onSubmit={submit} aria-labelledby="fresh-sign-in-title">
      <ConfirmationFields
        name="secret"
        method={values.method}
        methods={methods}
        value={values.secret}
        fieldError={step.fieldErrors.secret}
        error={error}
        busy={busy}
        slow={slow}
        waiting={waiting}
        onChange={(value) => change('secret', value)}
        onMethod={(method) => change('method', method)}
      />
      <div className="dialog-buttons">
        <button type="button" className="button-secondary" disabled={busy} onClick={onCancel}>
          <FormattedMessage {...messages.cancel} />
        </button>
      </div>
    </form>
  );
}
