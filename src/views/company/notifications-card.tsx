import { useSelector } from '@xstate/react';
import { useContext } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { usePortalActor } from '../../lib/use-portal-actor';
import { notificationsMachine } from '../../machines/notifications.machine';
import { paths } from '../../domain/routes';
import { ErrorLine, useErrorLine } from '../shared/error-line';
import { CheckboxField } from '../shared/form-fields';
import { AlertsFeedContext } from '../../lib/contexts';

const messages = defineMessages({
  heading: { id: 'company.notifications.heading', defaultMessage: 'Notifications' },
  label: { id: 'company.notifications.label', defaultMessage: 'Send me notifications by email' },
  saving: { id: 'company.notifications.saving', defaultMessage: 'Saving…' },
  off: { id: 'company.notifications.off', defaultMessage: 'Notifications are switched off.' },
  more: { id: 'company.notifications.more', defaultMessage: 'What this means' },
});

/** Where the server raises alerts (issue 45), their rules grow out of this switch: a way to them. */
function AlertRulesLink() {
  const feed = useContext(AlertsFeedContext);
  const offered = useSelector(feed ?? undefined, (snapshot) => snapshot?.hasTag('offered') ?? false);
  if (!offered) return null;
  return (
    <p className="field-hint">
      <FormattedMessage
        id="company.notifications.alerts"
        defaultMessage="Alerts about your datastores by email: <link>set the alert rules</link>"
        values={{ link: (chunks) => <Link href={`${paths.alerts()}#rules`}>{chunks}</Link> }}
      />
    </p>
  );
}

/**
 * SPEC §2 side card: the notifications checkbox. It follows the click at once and returns to
 * its old value when GET /notifications/{true|false} fails (SPEC §8). While notifications are
 * off, a link leads to /notifications (docs/decisions/008).
 */
export function NotificationsCard({ enabled: initial }: { enabled: boolean }) {
  const actor = usePortalActor(notificationsMachine, { input: { enabled: initial } });
  const enabled = useSelector(actor, (snapshot) => snapshot.context.enabled);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useErrorLine(actor);

  return (
    <section className="card company-card" aria-labelledby="company-notifications-heading" aria-busy={busy}>
      <h2 id="company-notifications-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      <CheckboxField
        name="notifications"
        label={messages.label}
        checked={enabled}
        onChange={(checked) => actor.send({ type: 'notifications.set', enabled: checked })}
      />
      {busy && (
        <p className="field-hint" role="status">
          <span className="spinner" aria-hidden="true" /> <FormattedMessage {...messages.saving} />
        </p>
      )}
      {!enabled && !busy && (
        <p className="field-hint">
          <FormattedMessage {...messages.off} />{' '}
          <Link href={paths.notifications()}>
            <FormattedMessage {...messages.more} />
          </Link>
        </p>
      )}
      <AlertRulesLink />
      <ErrorLine error={error} />
    </section>
  );
}
