import { useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import { cardHeadingId } from './datastore-card';
import { ModalDialog } from '../shared/modal-dialog';

/** SPEC §5: datastore cancellation asks for confirmation first. */
export function CancelDialog({
  datastore,
  onConfirm,
  onAbort,
}: {
  datastore: DatastoreEntry | null;
  onConfirm: () => void;
  onAbort: () => void;
}) {
  const name = datastore?.custom_name || datastore?.datastore || '';
  // Focus goes back after the dialog has closed, when `datastore` is already null.
  const shown = useRef(datastore);
  if (datastore) shown.current = datastore;
  return (
    <ModalDialog
      open={datastore !== null}
      onClose={onAbort}
      role="alertdialog"
      labelledBy="cancel-dialog-title"
      describedBy="cancel-dialog-text"
      className="cancel-dialog"
      // The delete button is disabled while cancelling and after: the card's heading takes focus.
      returnFocus={() => (shown.current ? document.getElementById(cardHeadingId(shown.current.datastore)) : null)}
    >
      <h2 id="cancel-dialog-title">
        <FormattedMessage
          id="dashboard.cancel.title"
          defaultMessage="Cancel the datastore “{name}”?"
          values={{ name }}
        />
      </h2>
      <p id="cancel-dialog-text">
        <FormattedMessage
          id="dashboard.cancel.text"
          description="SPEC §9: the notice period; the billing date itself is not known to the portal."
          defaultMessage="Billing is monthly, and the notice period is four weeks to the billing date: the datastore ends on the first billing date that is at least four weeks away and is then deleted with all backups in it. This cannot be undone."
        />
      </p>
      <div className="dialog-buttons">
        <button type="button" className="button-secondary" onClick={onAbort}>
          <FormattedMessage id="dashboard.cancel.keep" defaultMessage="No, keep the datastore" />
        </button>
        <button type="button" className="button-primary button-danger-solid" onClick={onConfirm}>
          <FormattedMessage id="dashboard.cancel.confirm" defaultMessage="Yes, cancel the datastore" />
        </button>
      </div>
    </ModalDialog>
  );
}
