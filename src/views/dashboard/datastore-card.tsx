import { memo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { datastoreUrl } from '../../domain/datastore';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import type { TemporaryPasswordActor } from '../../machines/temporary-password.machine';
import type { UserError } from '../../machines/user-error';
import { ErrorLine } from '../shared/error-line';
import { CopyButton } from './copy-button';
import { DatastoreSpace } from './datastore-space';
import { copyLabels, labels } from './labels';
import { PasswordValue } from './password-value';

export function cardHeadingId(datastore: string): string {
  return `datastore-${datastore}`;
}

/** An end date (yyyy-mm-dd) in the page's language; the day itself, whatever the time zone. */
export function useEndDate(date: string | null): string | null {
  const intl = useIntl();
  if (!date) return null;
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : intl.formatDate(day, { dateStyle: 'long', timeZone: 'UTC' });
}

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

interface DatastoreCardProps {
  datastore: DatastoreEntry;
  password: TemporaryPasswordActor | undefined;
  /** SPEC §2: delete is disabled while loading. */
  busy: boolean;
  /** This card's cancellation is under way. */
  cancelling: boolean;
  /** The cancellation error line belongs to this card: the datastore last asked to be cancelled. */
  cancelError: UserError | null | undefined;
  onCancel: (name: string) => void;
}

/** SPEC §2 "Datastore card". */
export const DatastoreCard = memo(function DatastoreCard({ datastore, password, busy, cancelling, cancelError, onCancel }: DatastoreCardProps) {
  const intl = useIntl();
  const endDate = useEndDate(datastore.contract_end_date);
  const url = datastoreUrl(datastore.hostname, datastore.port);
  const title = datastore.custom_name ?? datastore.datastore;
  const headingId = cardHeadingId(datastore.datastore);
  return (
    <article className="card datastore-card" aria-labelledby={headingId}>
      <header className="datastore-header">
        <h2 id={headingId} tabIndex={-1}>{title}</h2>
        <div className="datastore-actions">
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer" className="button-secondary">
              <FormattedMessage id="dashboard.card.open" defaultMessage="Open on host" />
              <span className="visually-hidden">
                {' '}<FormattedMessage id="dashboard.card.openHint" defaultMessage="{name} on {host} (opens in a new tab)" values={{ name: title, host: datastore.hostname }} />
              </span>
            </a>
          )}
          <button
            type="button"
            className="button-secondary button-danger"
            disabled={busy || Boolean(datastore.contract_end_date)}
            aria-busy={cancelling || undefined}
            aria-describedby={headingId}
            onClick={() => onCancel(datastore.datastore)}
          >
            {cancelling && <span className="spinner" aria-hidden="true" />}
            <FormattedMessage id="dashboard.card.delete" defaultMessage="Delete datastore" />
          </button>
        </div>
      </header>

      {endDate && (
        <p className="notice notice-warn">
          <strong><FormattedMessage id="dashboard.card.scheduledTitle" defaultMessage="Deletion scheduled:" /></strong>{' '}
          <FormattedMessage
            id="dashboard.card.scheduled"
            defaultMessage="this datastore has been cancelled and will be deleted on {date}. Until then it stays usable."
            values={{ date: endDate }}
          />
        </p>
      )}
      {datastore.unencrypted_files && (
        <div className="notice notice-warn">
          <p>
            <strong><FormattedMessage id="dashboard.card.unencryptedTitle" defaultMessage="Unencrypted files:" /></strong>{' '}
            <FormattedMessage
              id="dashboard.card.unencrypted"
              defaultMessage="this datastore holds backups that are not encrypted. Please turn on client-side encryption for your backup jobs."
            />{' '}
            <Link href="/encryption"><FormattedMessage id="dashboard.card.encryptionLink" defaultMessage="How to encrypt backups" /></Link>
          </p>
          <p>
            <FormattedMessage
              id="dashboard.card.keyRotation"
              defaultMessage="Key rotation: a new encryption key applies to new backups only. Backups made before stay as they are until they are pruned, so keep every key you used."
            />
          </p>
        </div>
      )}

      <dl className="facts">
        <Fact label={intl.formatMessage(labels.hostname)}>{datastore.hostname}</Fact>
        <Fact label={intl.formatMessage(labels.port)}>{datastore.port}</Fact>
        <Fact label={intl.formatMessage(labels.datastore)}><code>{datastore.datastore}</code></Fact>
        <Fact label={intl.formatMessage(labels.username)}><code>{datastore.username}</code></Fact>
        <Fact label={intl.formatMessage(labels.password)}><PasswordValue actor={password} /></Fact>
        <Fact label={intl.formatMessage(labels.repository)}>
          <code className="repository">{datastore.repository}</code>
          <CopyButton text={datastore.repository} label={copyLabels.repository} />
        </Fact>
        <Fact label={intl.formatMessage(labels.realm)}>
          <FormattedMessage id="dashboard.card.realm" defaultMessage="Proxmox Backup authentication server" />
        </Fact>
      </dl>

      <DatastoreSpace datastore={datastore} />
      {cancelError !== undefined && <ErrorLine error={cancelError} />}
    </article>
  );
});
