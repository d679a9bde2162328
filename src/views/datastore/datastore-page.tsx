import { useSelector } from '@xstate/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, Redirect, useParams } from 'wouter';
import { attentionReasons, type AttentionReason } from '../../domain/backup-attention';
import { business } from '../../domain/constants';
import type { Datastore, UsageHistory } from '../../domain/entities';
import { paths } from '../../domain/routes';
import { spaceUse } from '../../domain/space';
import { monthAround, periodCost } from '../../domain/usage-cost';
import { fullDateOf, seriesOf } from '../../domain/usage-forecast';
import { usePortalActor } from '../../lib/use-portal-actor';
import { datastoreMachine, type DatastoreActor } from '../../machines/datastore.machine';
import { LoadFailed } from '../shared/load-failed';
import { PageLoading } from '../shared/page-loading';
import { usePageTitle } from '../shared/use-page-title';
import { BackupHealthSection } from './backup-health';
import { dayText } from './format';
import { UsageSection } from './usage-section';
import './datastore.css';

const messages = defineMessages({
  back: { id: 'datastore.back', defaultMessage: 'Back to the dashboard' },
  unavailable: {
    id: 'datastore.unavailable',
    defaultMessage: 'The usage history and the backup health of datastores are not offered yet.',
  },
  missing: {
    id: 'datastore.missing',
    defaultMessage: 'Your account has no datastore of this name. A cancelled datastore is deleted when it ends.',
  },
  space: { id: 'datastore.space', defaultMessage: 'Space and cost' },
  rate: { id: 'datastore.rate', defaultMessage: 'Rate' },
  full: { id: 'datastore.full', defaultMessage: 'Full on' },
  notInSight: { id: 'datastore.notInSight', defaultMessage: 'Not in sight: the space is not growing.' },
  tooLittle: { id: 'datastore.tooLittle', defaultMessage: 'Too little history for an estimate yet.' },
  cost: { id: 'datastore.cost', defaultMessage: 'This month' },
  attention: { id: 'datastore.attention', defaultMessage: 'Needs your attention' },
});

const attentionMessages = defineMessages<AttentionReason>({
  'no-recent-backup': { id: 'datastore.attention.backup', defaultMessage: 'The last backup is more than a day old.' },
  'verification-failed': { id: 'datastore.attention.verification', defaultMessage: 'A verification failed.' },
  'collection-failed': { id: 'datastore.attention.collection', defaultMessage: 'A garbage collection failed.' },
  space: { id: 'datastore.attention.space', defaultMessage: 'The datastore is more than {percent}\u00a0% full.' },
});

const withValues = defineMessages<'title' | 'fixed' | 'dynamic' | 'fullOn' | 'costs'>({
  title: { id: 'datastore.title', defaultMessage: 'Datastore {name}' },
  fixed: { id: 'datastore.rate.fixed', defaultMessage: 'Fixed volume of {volume}\u00a0TB, {price} a month' },
  dynamic: {
    id: 'datastore.rate.dynamic',
    defaultMessage: 'Dynamic rate: {price} per GB and month, without a size limit',
  },
  fullOn: {
    id: 'datastore.fullOn',
    defaultMessage: '{date}, if the space keeps growing as it did this month (as the backup server computes it).',
  },
  costs: {
    id: 'datastore.costs',
    defaultMessage: '{soFar} so far; {projected} by the end of the month if the space stays as it is.',
  },
});

function SpaceFacts({
  datastore,
  month,
  nowSeconds,
}: {
  datastore: Datastore;
  month: UsageHistory | undefined;
  nowSeconds: number;
}) {
  const intl = useIntl();
  const euros = (value: number, digits = 2) =>
    intl.formatNumber(value, { style: 'currency', currency: 'EUR', maximumFractionDigits: digits });
  const volume = datastore.volume ?? null;
  const dynamic = volume === 0;
  const full = month && !dynamic ? fullDateOf(month, nowSeconds) : null;
  const cost =
    month && dynamic
      ? periodCost(seriesOf(month), monthAround(nowSeconds), nowSeconds, business.dynamicPricePerGbEur)
      : null;
  return (
    <section className="card" aria-labelledby="datastore-space-heading">
      <h2 id="datastore-space-heading">
        <FormattedMessage {...messages.space} />
      </h2>
      <dl className="datastore-facts">
        <dt>
          <FormattedMessage {...messages.rate} />
        </dt>
        <dd>
          {dynamic
            ? intl.formatMessage(withValues.dynamic, { price: euros(business.dynamicPricePerGbEur) })
            : volume !== null &&
              intl.formatMessage(withValues.fixed, {
                volume: intl.formatNumber(volume),
                price: euros(volume * business.volumePricePerTbEur),
              })}
        </dd>
        {full && (
          <>
            <dt>
              <FormattedMessage {...messages.full} />
            </dt>
            <dd>
              {full.kind === 'on' && intl.formatMessage(withValues.fullOn, { date: dayText(full.epochSeconds, intl) })}
              {full.kind === 'not-in-sight' && <FormattedMessage {...messages.notInSight} />}
              {full.kind === 'too-little-history' && <FormattedMessage {...messages.tooLittle} />}
            </dd>
          </>
        )}
        {cost && (
          <>
            <dt>
              <FormattedMessage {...messages.cost} />
            </dt>
            <dd>
              {intl.formatMessage(withValues.costs, {
                soFar: euros(cost.soFarEur),
                projected: euros(cost.projectedEur),
              })}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Ready({ actor, nowSeconds }: { actor: DatastoreActor; nowSeconds: number }) {
  const overview = useSelector(actor, (snapshot) => snapshot.context.overview);
  const range = useSelector(actor, (snapshot) => snapshot.context.range);
  const shownRange = useSelector(actor, (snapshot) => snapshot.context.shown);
  const histories = useSelector(actor, (snapshot) => snapshot.context.histories);
  const reading = useSelector(actor, (snapshot) => snapshot.hasTag('readingHistory'));
  const historyError = useSelector(actor, (snapshot) =>
    snapshot.matches({ ready: 'failed' }) ? snapshot.context.historyError : null,
  );
  const offersHistory = useSelector(actor, (snapshot) => snapshot.context.insight.usageHistory);
  if (!overview) return null;
  const { datastore, health } = overview;
  const shownHistory = shownRange ? histories[shownRange] : undefined;
  const reasons = attentionReasons(health, spaceUse(datastore).warning, nowSeconds);
  return (
    <>
      {reasons.length > 0 && (
        <div className="notice notice-warn datastore-attention">
          <h2>
            <FormattedMessage {...messages.attention} />
          </h2>
          <ul>
            {reasons.map((reason) => (
              <li key={reason}>
                <FormattedMessage {...attentionMessages[reason]} values={{ percent: business.spaceWarningPercent }} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <SpaceFacts datastore={datastore} month={histories.month} nowSeconds={nowSeconds} />
      {offersHistory && (
        <UsageSection
          range={range}
          shown={shownRange && shownHistory ? { range: shownRange, history: shownHistory } : null}
          reading={reading}
          error={historyError}
          onChoose={(choice) => actor.send({ type: 'range.choose', range: choice })}
          onRetry={() => actor.send({ type: 'history.retry' })}
        />
      )}
      {health && <BackupHealthSection health={health} nowSeconds={nowSeconds} />}
    </>
  );
}

/** The page's one h1, which also names the document, with the datastore's name in both. */
function Heading({ name }: { name: string }) {
  return <h1>{usePageTitle(withValues.title, { name })}</h1>;
}

function DatastoreView({ name }: { name: string }) {
  const actor = usePortalActor(datastoreMachine, { input: { name } });
  const overview = useSelector(actor, (snapshot) => snapshot.context.overview);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const unavailable = useSelector(actor, (snapshot) => snapshot.hasTag('unavailable'));
  const missing = useSelector(actor, (snapshot) => snapshot.hasTag('missing'));
  const loadError = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  const nowSeconds = useSelector(actor, (snapshot) => snapshot.context.readAt);
  return (
    <div className="datastore-page">
      <Heading name={overview?.datastore.custom_name ?? name} />
      <p>
        <Link href={paths.dashboard()}>
          <FormattedMessage {...messages.back} />
        </Link>
      </p>
      {busy && <PageLoading />}
      {unavailable && (
        <p>
          <FormattedMessage {...messages.unavailable} />
        </p>
      )}
      {missing && (
        <p>
          <FormattedMessage {...messages.missing} />
        </p>
      )}
      {loadError && <LoadFailed error={loadError} onRetry={() => actor.send({ type: 'load.retry' })} />}
      <Ready actor={actor} nowSeconds={nowSeconds} />
    </div>
  );
}

/**
 * A datastore's page (issue 45, decision 061): its space and cost, its usage over a chosen range
 * and its backup health, where the server tells them (v1.1's `usage-history`, `backup-health`).
 * Without a name in the address it is the dashboard's.
 */
export default function DatastorePage() {
  const { name } = useParams<{ name?: string }>();
  if (!name) return <Redirect to={paths.dashboard()} replace />;
  // A new name is a new page: its own machine, its own reads.
  return <DatastoreView key={name} name={name} />;
}
