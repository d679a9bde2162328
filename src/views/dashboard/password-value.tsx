import { useSelector } from '@xstate/react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { TemporaryPasswordActor } from '../../machines/temporary-password.machine';
import { CopyButton } from './copy-button';
import { copyLabels } from './labels';

const MASK = '••••••••••';
const emptyNote = defineMessage({
  id: 'dashboard.password.empty',
  defaultMessage:
    'Empty: for security reasons, the password is shown only during the first 5 minutes after the purchase.',
});

/** The note shown when there is no temporary password (SPEC §2: an 'empty' note). */
function EmptyPasswordNote() {
  const intl = useIntl();
  return <span className="password-empty">{intl.formatMessage(emptyNote)}</span>;
}

/**
 * SPEC §2 password: masked, with a toggle to reveal and copy-to-clipboard, while the temporary
 * password exists. The clear text is in the page only while revealed; once the 5 minutes are
 * over the actor has forgotten it and only the empty note remains.
 */
export function PasswordValue({
  actor,
  maskedOnly = false,
}: {
  actor: TemporaryPasswordActor | undefined;
  maskedOnly?: boolean;
}) {
  // Most cards have no temporary password: they need no subscription to an actor.
  return actor ? <LivePassword actor={actor} maskedOnly={maskedOnly} /> : <EmptyPasswordNote />;
}

function LivePassword({ actor, maskedOnly }: { actor: TemporaryPasswordActor; maskedOnly: boolean }) {
  const password = useSelector(actor, (snapshot) => snapshot.context.password);
  const revealed = useSelector(actor, (snapshot) => snapshot.context.revealed);
  if (password === null) return <EmptyPasswordNote />;
  const shown = revealed && !maskedOnly;
  return (
    <span className="password">
      {shown ? (
        <code className="password-value" data-private="">
          {password}
        </code>
      ) : (
        <span className="password-value">
          <span aria-hidden="true">{MASK}</span>
          <span className="visually-hidden">
            <FormattedMessage id="dashboard.password.hidden" defaultMessage="(hidden)" />
          </span>
        </span>
      )}
      {!maskedOnly && (
        <>
          <button
            type="button"
            className="copy-button"
            aria-pressed={revealed}
            onClick={() => actor.send({ type: 'password.toggle' })}
          >
            <FormattedMessage id="dashboard.password.reveal" defaultMessage="Show password" />
          </button>
          <CopyButton text={password} label={copyLabels.password} />
        </>
      )}
    </span>
  );
}
