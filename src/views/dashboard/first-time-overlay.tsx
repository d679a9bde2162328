import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import type { TemporaryPasswordActor } from '../../machines/temporary-password.machine';
import { CopyButton } from './copy-button';
import { cardHeadingId } from './datastore-card';
import { copyLabels, labels } from './labels';
import { ModalDialog } from '../shared/modal-dialog';
import { PasswordValue } from './password-value';

/**
 * SPEC §2 "First-time overlay": shown when a datastore's status carries a password, once per
 * datastore; datastore, username and password with copy buttons, and a close button.
 */
export function FirstTimeOverlay({
  datastore,
  password,
  onClose,
}: {
  datastore: DatastoreEntry | null;
  password: TemporaryPasswordActor | undefined;
  onClose: () => void;
}) {
  const intl = useIntl();
  // Focus goes back after the dialog has closed, when `datastore` is already null.
  const shown = useRef(datastore);
  if (datastore) shown.current = datastore;
  return (
    <ModalDialog
      open={datastore !== null}
      onClose={onClose}
      labelledBy="overlay-title"
      describedBy="overlay-text"
      className="first-time-overlay"
      returnFocus={() => (shown.current ? document.getElementById(cardHeadingId(shown.current.datastore)) : null)}
    >
      {datastore && (
        <>
          <h2 id="overlay-title">
            <FormattedMessage
              id="dashboard.overlay.title"
              defaultMessage="Your datastore “{name}” is ready"
              values={{ name: datastore.custom_name || datastore.datastore }}
            />
          </h2>
          <p id="overlay-text">
            <FormattedMessage
              id="dashboard.overlay.text"
              defaultMessage="Please write down the password now: it is shown for 5 minutes only. You need these details to connect Proxmox VE or a backup client."
            />
          </p>
          <dl className="facts">
            <div className="fact">
              <dt>{intl.formatMessage(labels.datastore)}</dt>
              <dd>
                <code>{datastore.datastore}</code>{' '}
                <CopyButton text={datastore.datastore} label={copyLabels.datastore} />
              </dd>
            </div>
            <div className="fact">
              <dt>{intl.formatMessage(labels.username)}</dt>
              <dd>
                <code>{datastore.username}</code> <CopyButton text={datastore.username} label={copyLabels.username} />
              </dd>
            </div>
            <div className="fact">
              <dt>{intl.formatMessage(labels.password)}</dt>
              <dd>
                <PasswordValue actor={password} />
              </dd>
            </div>
          </dl>
          <div className="dialog-buttons">
            <button type="button" className="button-primary" onClick={onClose}>
              <FormattedMessage id="dashboard.overlay.close" defaultMessage="Close" />
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
