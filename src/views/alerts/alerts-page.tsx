import { useSelector } from '@xstate/react';
import { useContext, useEffect } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { alertKinds, type Alert, type KnownAlertKind } from '../../domain/alerts';
import { valuesFromRules } from '../../domain/alert-rules';
import { isOneOf } from '../../domain/one-of';
import { paths } from '../../domain/routes';
import { useUser } from '../../lib/session';
import { usePortalActor } from '../../lib/use-portal-actor';
import { alertRulesForm, alertRulesLoader } from '../../machines/alert-rules.machine';
import type { AlertsActor } from '../../machines/alerts.machine';
import { ErrorLine } from '../shared/error-line';
import { CheckboxField, SubmitButton, TextField } from '../shared/form-fields';
import { LoadFailed } from '../shared/load-failed';
import { PageHeading } from '../shared/page-heading';
import { PageLoading } from '../shared/page-loading';
import { useMomentFormat } from '../shared/use-moment-format';
import { useFormActor } from '../shared/use-form';
import { AlertsFeedContext } from '../../lib/contexts';
import type { AlertRules } from '../../domain/alert-rules';
import './alerts.css';

const messages = defineMessages({
  title: { id: 'alerts.title', defaultMessage: 'Alerts' },
  notOffered: { id: 'alerts.notOffered', defaultMessage: 'Alerts are not offered yet.' },
  back: { id: 'alerts.back', defaultMessage: 'Back to the dashboard' },
  recent: { id: 'alerts.recent', defaultMessage: 'Recent alerts' },
  none: { id: 'alerts.none', defaultMessage: 'No alerts in the last 30 days.' },
  rules: { id: 'alerts.rules', defaultMessage: 'Alert rules' },
  rulesIntro: {
    id: 'alerts.rules.intro',
    defaultMessage: 'Choose what raises an alert. Each alert is listed here and sent by email.',
  },
  mailsOff: {
    id: 'alerts.rules.mailsOff',
    defaultMessage:
      'Your notifications are switched off: alerts are listed here, but no email is sent. You can switch them on under “Account and settings”.',
  },
  spaceOn: { id: 'alerts.rules.spaceOn', defaultMessage: 'When a datastore is fuller than a share of its volume' },
  spacePercent: { id: 'alerts.rules.spacePercent', defaultMessage: 'Share of the volume in percent' },
  spaceInvalid: { id: 'alerts.rules.spaceInvalid', defaultMessage: 'Please enter a whole number from 50 to 99.' },
  hoursInvalid: {
    id: 'alerts.rules.hoursInvalid',
    defaultMessage: 'Please enter a whole number of hours from 12 to 168 (a week).',
  },
  backupOn: { id: 'alerts.rules.backupOn', defaultMessage: 'When a datastore has had no backup for some hours' },
  backupHours: { id: 'alerts.rules.backupHours', defaultMessage: 'Hours without a backup' },
  verification: { id: 'alerts.rules.verification', defaultMessage: 'When a verification fails' },
  collection: { id: 'alerts.rules.collection', defaultMessage: 'When a garbage collection fails' },
  recipients: { id: 'alerts.rules.recipients', defaultMessage: 'Email addresses for alerts' },
  recipientsHint: {
    id: 'alerts.rules.recipientsHint',
    defaultMessage: 'Up to 5 addresses, separated by commas. Left empty, alerts go to your own address.',
  },
  recipientsTooMany: { id: 'alerts.rules.recipientsTooMany', defaultMessage: 'Please enter at most 5 addresses.' },
  save: { id: 'alerts.rules.save', defaultMessage: 'Save the rules' },
  saving: { id: 'alerts.rules.saving', defaultMessage: 'Saving…' },
  saved: { id: 'alerts.rules.saved', defaultMessage: 'Your alert rules are saved.' },
  change: { id: 'alerts.rules.change', defaultMessage: 'Change the rules' },
  otherKind: { id: 'alerts.kind.other', defaultMessage: 'An alert of a kind this portal does not know yet ({kind}).' },
});

const kindMessages = defineMessages<KnownAlertKind>({
  space: { id: 'alerts.kind.space', defaultMessage: 'Datastore {datastore} is {percent} % full.' },
  'backup-missed': {
    id: 'alerts.kind.backupMissed',
    defaultMessage: 'Datastore {datastore} has had no backup for {hours, plural, one {# hour} other {# hours}}.',
  },
  'verification-failed': {
    id: 'alerts.kind.verificationFailed',
    defaultMessage: 'A verification of datastore {datastore} failed.',
  },
  'collection-failed': {
    id: 'alerts.kind.collectionFailed',
    defaultMessage: 'A garbage collection of datastore {datastore} failed.',
  },
  'operation-done': { id: 'alerts.kind.operationDone', defaultMessage: 'Datastore {datastore} is ready.' },
});

function AlertText({ alert }: { alert: Alert }) {
  const message = isOneOf(alertKinds, alert.kind) ? kindMessages[alert.kind] : messages.otherKind;
  return (
    <FormattedMessage
      {...message}
      values={{
        datastore: alert.datastore ?? '',
        kind: alert.kind,
        percent: alert.percent ?? 0,
        hours: alert.hours ?? 0,
      }}
    />
  );
}

function AlertTime({ at }: { at: string }) {
  const moment = useMomentFormat();
  return <time dateTime={at}>{moment(at)}</time>;
}

function AlertList({ feed }: { feed: AlertsActor }) {
  const alerts = useSelector(feed, (snapshot) => snapshot.context.alerts);
  const error = useSelector(feed, (snapshot) => snapshot.context.error);
  const listed = useSelector(feed, (snapshot) => snapshot.context.listed);
  // The list is this page's content: a 401 of the feed is the page's read's (the session ends).
  useEffect(() => {
    feed.send({ type: 'alerts.watch' });
    return () => feed.send({ type: 'alerts.unwatch' });
  }, [feed]);
  // What the page shows, the customer has seen: the top bar's count goes down.
  useEffect(() => {
    feed.send({ type: 'alerts.seen' });
  }, [feed, alerts]);
  return (
    <section className="card" aria-labelledby="alerts-recent-heading">
      <h2 id="alerts-recent-heading">
        <FormattedMessage {...messages.recent} />
      </h2>
      {error && <LoadFailed error={error} onRetry={() => feed.send({ type: 'alerts.retry' })} />}
      {/* A list read again (after a pause or a resync) keeps the alerts held on screen. */}
      {!listed && !error && alerts.length === 0 && <PageLoading />}
      {listed && alerts.length === 0 && (
        <p>
          <FormattedMessage {...messages.none} />
        </p>
      )}
      {alerts.length > 0 && (
        <ul className="alerts-list">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <span>
                {alert.datastore ? (
                  <Link href={paths.datastore(alert.datastore)}>
                    <AlertText alert={alert} />
                  </Link>
                ) : (
                  <AlertText alert={alert} />
                )}
              </span>
              <AlertTime at={alert.raised_at} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The rules with a figure: a box that switches the rule on, and the figure's field while it is on. */
const figureRules = [
  {
    on: 'spaceOn',
    figure: 'spacePercent',
    label: messages.spaceOn,
    figureLabel: messages.spacePercent,
    invalid: messages.spaceInvalid,
  },
  {
    on: 'backupOn',
    figure: 'backupHours',
    label: messages.backupOn,
    figureLabel: messages.backupHours,
    invalid: messages.hoursInvalid,
  },
] as const;

function RulesForm({ rules }: { rules: AlertRules }) {
  const actor = usePortalActor(alertRulesForm, { input: { values: valuesFromRules(rules) } });
  const form = useFormActor(actor);
  const { values, fieldErrors, busy, slow, done, error, change } = form;
  if (done) {
    return (
      <div>
        <p className="notice notice-ok" role="status">
          <FormattedMessage {...messages.saved} />
        </p>
        <button type="button" className="button-secondary" onClick={() => actor.send({ type: 'form.edit' })}>
          <FormattedMessage {...messages.change} />
        </button>
      </div>
    );
  }
  return (
    <form method="dialog" ref={form.formRef} noValidate onSubmit={form.submit} aria-busy={busy}>
      {figureRules.map(({ on, figure, label, figureLabel, invalid }) => (
        <div key={on}>
          <CheckboxField name={on} label={label} checked={values[on]} onChange={(checked) => change(on, checked)} />
          {values[on] && (
            <div className="alert-rule-figure">
              <TextField
                name={figure}
                label={figureLabel}
                inputMode="numeric"
                value={values[figure]}
                error={fieldErrors[figure]}
                errorMessages={{ invalid }}
                onChange={(value) => change(figure, value)}
              />
            </div>
          )}
        </div>
      ))}
      <CheckboxField
        name="verification"
        label={messages.verification}
        checked={values.verification}
        onChange={(checked) => change('verification', checked)}
      />
      <CheckboxField
        name="collection"
        label={messages.collection}
        checked={values.collection}
        onChange={(checked) => change('collection', checked)}
      />
      <TextField
        name="recipients"
        type="text"
        label={messages.recipients}
        autoComplete="off"
        inputMode="email"
        hint={<FormattedMessage {...messages.recipientsHint} />}
        value={values.recipients}
        error={fieldErrors.recipients}
        errorMessages={{ tooLong: messages.recipientsTooMany }}
        onChange={(value) => change('recipients', value)}
      />
      <ErrorLine error={error} />
      <SubmitButton busy={busy} slow={slow} waiting={form.waiting} label={messages.save} busyLabel={messages.saving} />
    </form>
  );
}

function Rules() {
  const loader = usePortalActor(alertRulesLoader);
  const rules = useSelector(loader, (snapshot) => snapshot.context.data);
  const error = useSelector(loader, (snapshot) => snapshot.context.error);
  const user = useUser();
  return (
    <section className="card" id="rules" aria-labelledby="alerts-rules-heading">
      <h2 id="alerts-rules-heading">
        <FormattedMessage {...messages.rules} />
      </h2>
      <p>
        <FormattedMessage {...messages.rulesIntro} />
      </p>
      {user?.notifications === false && (
        <p className="notice notice-warn">
          <FormattedMessage {...messages.mailsOff} />{' '}
          <Link href={paths.company()}>
            <FormattedMessage id="nav.account" defaultMessage="Account and settings" />
          </Link>
        </p>
      )}
      {error && <LoadFailed error={error} onRetry={() => loader.send({ type: 'load.retry' })} />}
      {!rules && !error && <PageLoading />}
      {rules && <RulesForm rules={rules} />}
    </section>
  );
}

/**
 * /alerts (issue 45): the account's recent alerts, newest first, each leading to its datastore's
 * page, and the rules that raise them, growing out of the notification switch (the mails go while
 * the notifications are on). Where the server raises no alerts, the page says they are not offered.
 */
export default function AlertsPage() {
  const feed = useContext(AlertsFeedContext);
  const offered = useSelector(feed ?? undefined, (snapshot) => snapshot?.hasTag('offered') ?? false);
  const off = useSelector(feed ?? undefined, (snapshot) => snapshot?.status === 'done');
  return (
    <div className="alerts-page">
      <PageHeading message={messages.title} />
      {!offered && !off && <PageLoading />}
      {off && (
        <>
          <p>
            <FormattedMessage {...messages.notOffered} />
          </p>
          <p>
            <Link href={paths.dashboard()}>
              <FormattedMessage {...messages.back} />
            </Link>
          </p>
        </>
      )}
      {feed && offered && (
        <>
          <AlertList feed={feed} />
          <Rules />
        </>
      )}
    </div>
  );
}
