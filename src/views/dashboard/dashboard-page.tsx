import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { FormattedMessage, defineMessages } from 'react-intl';
import { usePortalActor } from '../../lib/use-portal-actor';
import { LARGE_LIST_FROM } from '../../domain/datastore-list';
import {
  dashboardMachine,
  selectContractEnd,
  selectReverseCharge,
  selectReadOnly,
  type DatastoreEntry,
} from '../../machines/dashboard.machine';
import type { UserError } from '../../machines/user-error';
import { useErrorLine, useErrorText } from '../shared/error-line';
import { PageHeading } from '../shared/page-heading';
import { PageLoading } from '../shared/page-loading';
import { CancelDialog } from './cancel-dialog';
import { ConfigurationGuide } from './configuration-guide';
import { DatastoreCard } from './datastore-card';
import { FirstTimeOverlay } from './first-time-overlay';
import { LongDatastoreList } from './long-datastore-list';
import { PurchaseCard } from './purchase-card';
import { PurchaseClosed } from './purchase-closed';
import { ReadOnlyNotice } from './read-only-notice';
import './dashboard.css';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Your datastores' },
});

/** SPEC §2 "Dashboard": each datastore, then the configuration guide, then the purchase card. */
export default function DashboardPage() {
  const actor = usePortalActor(dashboardMachine);

  const datastores = useSelector(actor, (snapshot) => snapshot.context.datastores);
  const passwords = useSelector(actor, (snapshot) => snapshot.context.passwords);
  const loaded = useSelector(actor, (snapshot) => snapshot.context.loaded);
  const statusFailed = useSelector(actor, (snapshot) => snapshot.matches({ status: 'failed' }));
  const statusError = useSelector(actor, (snapshot) => snapshot.context.statusError);
  const purchase = useSelector(actor, (snapshot) => snapshot.children.purchase);
  const purchaseBusy = useSelector(purchase, (snapshot) => snapshot?.hasTag('busy') ?? false);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy')) || purchaseBusy;
  const confirming = useSelector(actor, (snapshot) => snapshot.matches({ cancellation: 'confirming' }));
  const cancelling = useSelector(actor, (snapshot) => snapshot.matches({ cancellation: 'cancelling' }));
  const cancelSlow = useSelector(actor, (snapshot) => snapshot.matches({ cancellation: { cancelling: 'slow' } }));
  const cancelTarget = useSelector(actor, (snapshot) => snapshot.context.cancelTarget);
  const cancelError = useErrorLine(actor);
  const overlay = useSelector(actor, (snapshot) => snapshot.context.overlay);
  const readOnly = useSelector(actor, selectReadOnly);
  const contractEnd = useSelector(actor, selectContractEnd);
  const reverseCharge = useSelector(actor, selectReverseCharge);
  const insight = useSelector(
    actor,
    (snapshot) => snapshot.context.insight.usageHistory || snapshot.context.insight.backupHealth,
  );
  const health = useSelector(actor, (snapshot) => snapshot.context.health);
  const healthReadAt = useSelector(actor, (snapshot) => snapshot.context.healthReadAt);

  // Whether the machine would take a datastore's cancellation (its guard: the status read, the
  // datastore running, the contract not cancelled): the card's button asks it rather than repeating it.
  const snapshot = useSelector(actor, (current) => current);
  const cancellable = (name: string) => snapshot.can({ type: 'datastore.cancel.request', name });
  const onCancel = useCallback((name: string) => actor.send({ type: 'datastore.cancel.request', name }), [actor]);
  const card = (datastore: DatastoreEntry, position?: { index: number; count: number }) => (
    <DatastoreCard
      datastore={datastore}
      password={passwords[datastore.datastore] ?? undefined}
      busy={busy}
      readOnly={readOnly}
      cancellable={cancellable(datastore.datastore)}
      cancelling={cancelling && cancelTarget === datastore.datastore}
      cancelSlow={cancelSlow}
      cancelError={cancelTarget === datastore.datastore ? cancelError : undefined}
      onCancel={onCancel}
      insight={insight}
      health={health ? (health.get(datastore.datastore) ?? null) : undefined}
      healthReadAt={healthReadAt}
      position={position}
    />
  );
  const find = (name: string | null) => datastores.find((datastore) => datastore.datastore === name) ?? null;
  const first = datastores[0];

  return (
    <div className="dashboard">
      <PageHeading message={messages.title} />
      {statusFailed && statusError && statusError.key !== 'sessionExpired' && (
        <div className="notice notice-error" role="alert">
          <p>
            <FormattedMessage id="dashboard.status.failed" defaultMessage="Your datastores could not be loaded." />{' '}
            <ErrorText error={statusError} />
          </p>
          <button type="button" className="button-secondary" onClick={() => actor.send({ type: 'status.retry' })}>
            <FormattedMessage id="dashboard.status.retry" defaultMessage="Try again" />
          </button>
        </div>
      )}
      {readOnly && <ReadOnlyNotice endDate={contractEnd} />}
      {!loaded && !statusFailed && <PageLoading />}
      {/* The invitation to buy is no promise to make once the contract is cancelled (SPEC §4). */}
      {loaded && datastores.length === 0 && !readOnly && (
        <p className="notice notice-info">
          <FormattedMessage
            id="dashboard.status.empty"
            defaultMessage="You have no datastores yet. Choose a rate below to buy your first one."
          />
        </p>
      )}
      {datastores.length >= LARGE_LIST_FROM ? (
        <LongDatastoreList datastores={datastores} health={health} healthReadAt={healthReadAt} renderCard={card} />
      ) : (
        datastores.length > 0 && (
          <ul className="datastore-list">
            {datastores.map((datastore) => (
              <li key={datastore.datastore}>{card(datastore)}</li>
            ))}
          </ul>
        )
      )}
      <ConfigurationGuide datastore={first} password={first ? (passwords[first.datastore] ?? undefined) : undefined} />
      {readOnly ? (
        <PurchaseClosed endDate={contractEnd} />
      ) : (
        purchase && <PurchaseCard actor={purchase} reverseCharge={reverseCharge} />
      )}
      <FirstTimeOverlay
        datastore={find(overlay)}
        password={overlay ? (passwords[overlay] ?? undefined) : undefined}
        onClose={() => actor.send({ type: 'overlay.close' })}
      />
      <CancelDialog
        datastore={confirming ? find(cancelTarget) : null}
        onConfirm={() => actor.send({ type: 'datastore.cancel.confirm' })}
        onAbort={() => actor.send({ type: 'datastore.cancel.abort' })}
      />
    </div>
  );
}

/** The reason of a failed status read, in the words of the error catalogue (SPEC §8). */
function ErrorText({ error }: { error: UserError }) {
  const errorText = useErrorText();
  return <>{errorText(error)}</>;
}
