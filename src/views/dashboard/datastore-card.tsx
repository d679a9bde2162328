import { memo, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { attentionReasons, type AttentionReason } from '../../domain/backup-attention';
import { business } from '../../domain/constants';
import { datastoreUrl } from '../../domain/datastore';
import type { BackupHealthBrief } from '../../domain/entities';
import { spaceUse } from '../../domain/space';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import type { TemporaryPasswordActor } from '../../machines/temporary-password.machine';
import type { UserError } from '../../machines/user-error';
import { paths } from '../../domain/routes';
import { ErrorLine } from '../shared/error-line';
import { StillWorking } from '../shared/still-working';
import { UnknownValue } from '../shared/unknown-value';
import { CopyButton } from './copy-button';
import { DatastoreSpace } from './datastore-space';
import { copyLabels, labels } from './labels';
import { PasswordValue } from './password-value';

export function cardHeadingId(datastore: string): string {
  return `datastore-${datastore}`;
}

/** An end date (yyyy-mm-dd) in the page's language; the day itself, whatever the time zone. */
function useEndDate(date: string | null | undefined): string | null {
  const intl = useIntl();
  if (!date) return null;
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : intl.formatDate(day, { dateStyle: 'long', timeZone: 'UTC' });
}

/** A term and its value; no wrapper element (a dashboard may hold a thousand cards). */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const openHint = defineMessage<{ name: string; host: string }>({
  id: 'dashboard.card.openHint',
  defaultMessage: '{name} on {host} (opens in a new tab)',
});
// SPEC §2/§4: the datastore's contract_end_date, and nothing the spec does not say of it.
const scheduled = defineMessage<{ date: string }>({
  id: 'dashboard.card.scheduled',
  defaultMessage: 'this datastore is cancelled. It ends on {date} and is then deleted with all backups in it.',
});

const positionText = defineMessage<{ position: number; count: number }>({
  id: 'dashboard.card.position',
  defaultMessage: 'Datastore {position, number} of {count, number}',
});

const messages = defineMessages({
  open: { id: 'dashboard.card.open', defaultMessage: 'Open on host' },
  delete: { id: 'dashboard.card.delete', defaultMessage: 'Cancel the datastore' },
  scheduledTitle: { id: 'dashboard.card.scheduledTitle', defaultMessage: 'Deletion scheduled:' },
  unencryptedTitle: { id: 'dashboard.card.unencryptedTitle', defaultMessage: 'Unencrypted backups:' },
  unencrypted: {
    id: 'dashboard.card.unencrypted',
    defaultMessage:
      'this datastore holds backups that are not encrypted. Please turn on client-side encryption for your backup jobs.',
  },
  encryptionLink: { id: 'dashboard.card.encryptionLink', defaultMessage: 'How to encrypt backups' },
  keyRotation: {
    id: 'dashboard.card.keyRotation',
    defaultMessage:
      'Key rotation: a new client key applies to future backups only. Older backups stay encrypted with the old key until they are deleted (prune), so keep every key you used.',
  },
  realm: { id: 'dashboard.card.realm', defaultMessage: 'Proxmox Backup authentication server' },
  readOnly: { id: 'dashboard.card.readOnly', defaultMessage: 'Read-only' },
  insight: { id: 'dashboard.card.insight', defaultMessage: 'Usage and backups' },
  attention: { id: 'dashboard.card.attention', defaultMessage: 'Needs attention' },
});

/** Why a card needs attention (issue 45), in a few words each. */
const attentionTexts = defineMessages<AttentionReason>({
  'no-recent-backup': { id: 'dashboard.card.attention.backup', defaultMessage: 'No backup for more than a day' },
  'verification-failed': { id: 'dashboard.card.attention.verification', defaultMessage: 'A verification failed' },
  'collection-failed': { id: 'dashboard.card.attention.collection', defaultMessage: 'A garbage collection failed' },
  space: { id: 'dashboard.card.attention.space', defaultMessage: 'More than {percent}\u00a0% full' },
});

const insightHint = defineMessage<{ name: string }>({
  id: 'dashboard.card.insightHint',
  defaultMessage: 'of {name}',
});

interface DatastoreCardProps {
  datastore: DatastoreEntry;
  password: TemporaryPasswordActor | undefined;
  /** SPEC §2: delete is disabled while loading. */
  busy: boolean;
  /** SPEC §4: the contract is cancelled, so the datastore is read-only (a badge says so). */
  readOnly: boolean;
  /**
   * Whether the dashboard machine would take this datastore's cancellation now (`snapshot.can`):
   * not before the status is read, not once the datastore has an end date, not after a contract
   * cancellation (SPEC §2, §4).
   */
  cancellable: boolean;
  /** This card's cancellation is under way. */
  cancelling: boolean;
  /** ... and has waited some seconds for its answer (docs/decisions/026). */
  cancelSlow?: boolean;
  /** The cancellation error line belongs to this card: the datastore last asked to be cancelled. */
  cancelError: UserError | null | undefined;
  onCancel: (name: string) => void;
  /** The server tells usage history or backup health: the card links to the datastore's page (issue 45). */
  insight?: boolean;
  /**
   * The datastore's backup health in brief where the server tells it (issue 45): undefined where it
   * does not (or not yet), null for a datastore it did not name.
   */
  health?: BackupHealthBrief | null | undefined;
  /** When the health was read (epoch seconds): "now" for the last backup's age. */
  healthReadAt?: number;
  /** In a long list (a feed): the card's place, said to screen readers, and the card takes focus. */
  position?: { index: number; count: number } | undefined;
}

/**
 * The props compared as `memo` compares them, and the position by its figures: a long list makes a
 * new position object at every render, which would render every card in view again at each key
 * typed into the search (issue 33).
 */
function sameCard(
  { position: positionBefore, ...before }: DatastoreCardProps,
  { position: positionAfter, ...after }: DatastoreCardProps,
): boolean {
  const samePosition = positionBefore?.index === positionAfter?.index && positionBefore?.count === positionAfter?.count;
  const values = (props: object) => Object.entries(props);
  return (
    samePosition &&
    values(before).length === values(after).length &&
    values(before).every(([key, value]) => Object.hasOwn(after, key) && Object.is(value, Reflect.get(after, key)))
  );
}

/** SPEC §2 "Datastore card". */
export const DatastoreCard = memo(function DatastoreCard({
  datastore,
  password,
  busy,
  readOnly,
  cancellable,
  cancelling,
  cancelSlow = false,
  cancelError,
  onCancel,
  insight = false,
  health,
  healthReadAt = 0,
  position,
}: DatastoreCardProps) {
  const intl = useIntl();
  const endDate = useEndDate(datastore.contract_end_date);
  const url = datastoreUrl(datastore.hostname, datastore.port);
  const title = datastore.custom_name || datastore.datastore;
  const headingId = cardHeadingId(datastore.datastore);
  // Strings rather than <FormattedMessage> elements: fewer components per card.
  const text = intl.formatMessage; // bound by react-intl (`this: void`)
  const reasons = health === undefined ? [] : attentionReasons(health, spaceUse(datastore).warning, healthReadAt);
  return (
    <article
      className="card datastore-card"
      aria-labelledby={headingId}
      {...(position && {
        tabIndex: 0,
        'aria-posinset': position.index + 1,
        'aria-setsize': position.count,
        'aria-describedby': `${headingId}-position`,
      })}
    >
      {position && (
        <span id={`${headingId}-position`} hidden>
          {text(positionText, { position: position.index + 1, count: position.count })}
        </span>
      )}
      <header className="datastore-header">
        <h2 id={headingId} tabIndex={-1}>
          {title}
        </h2>
        {readOnly && <span className="datastore-badge">{text(messages.readOnly)}</span>}
        {reasons.length > 0 && (
          <span className="datastore-badge datastore-badge-attention">{text(messages.attention)}</span>
        )}
        <div className="datastore-actions">
          {insight && (
            <Link href={paths.datastore(datastore.datastore)} className="button-secondary">
              {text(messages.insight)}
              <span className="visually-hidden"> {text(insightHint, { name: title })}</span>
            </Link>
          )}
          {url && (
            <a href={url} target="_blank" rel="noopener noreferrer" className="button-secondary">
              {text(messages.open)}
              <span className="visually-hidden"> {text(openHint, { name: title, host: datastore.hostname })}</span>
            </a>
          )}
          <button
            type="button"
            className="button-secondary button-danger"
            disabled={busy || !cancellable}
            aria-busy={cancelling || undefined}
            aria-describedby={headingId}
            onClick={() => onCancel(datastore.datastore)}
          >
            {cancelling && <span className="spinner" aria-hidden="true" />}
            {text(messages.delete)}
          </button>
        </div>
      </header>

      {reasons.length > 0 && (
        <ul className="notice notice-warn datastore-reasons" aria-label={text(messages.attention)}>
          {reasons.map((reason) => (
            <li key={reason}>{text(attentionTexts[reason], { percent: business.spaceWarningPercent })}</li>
          ))}
        </ul>
      )}
      {endDate && (
        <p className="notice notice-warn">
          <strong>{text(messages.scheduledTitle)}</strong> {text(scheduled, { date: endDate })}
        </p>
      )}
      {datastore.unencrypted_files && (
        <div className="notice notice-warn">
          <p>
            <strong>{text(messages.unencryptedTitle)}</strong> {text(messages.unencrypted)}{' '}
            <Link href={paths.encryption()}>{text(messages.encryptionLink)}</Link>
          </p>
          <p>{text(messages.keyRotation)}</p>
        </div>
      )}

      <dl className="facts">
        <Fact label={text(labels.hostname)}>{datastore.hostname}</Fact>
        <Fact label={text(labels.port)}>{datastore.port}</Fact>
        <Fact label={text(labels.datastore)}>
          <code>{datastore.datastore}</code>
        </Fact>
        <Fact label={text(labels.username)}>
          <code>{datastore.username}</code>
        </Fact>
        <Fact label={text(labels.password)}>
          <PasswordValue actor={password} />
        </Fact>
        <Fact label={text(labels.repository)}>
          {datastore.repository ? (
            <>
              <code className="repository">{datastore.repository}</code>
              <CopyButton text={datastore.repository} label={copyLabels.repository} />
            </>
          ) : (
            <UnknownValue />
          )}
        </Fact>
        <Fact label={text(labels.realm)}>{text(messages.realm)}</Fact>
      </dl>

      <DatastoreSpace datastore={datastore} />
      {cancelError !== undefined && (
        <>
          <StillWorking slow={cancelling && cancelSlow} />
          <ErrorLine error={cancelError} />
        </>
      )}
    </article>
  );
}, sameCard);
