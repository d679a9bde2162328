import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { paths } from '../../domain/routes';
import { usePortalActor } from '../../lib/use-portal-actor';
import {
  alertsMachine,
  selectResume,
  selectUnseen,
  type AlertsActor,
  type AlertsResume,
} from '../../machines/alerts.machine';
import './alerts.css';

/*
 * Where the feed is kept between pages: each page's layout runs it, and the next page's starts from
 * where the last left it, per account; when the customer last saw the list is kept in the browser.
 */
const resumes = new Map<string, AlertsResume>();

function resumeOf(account: string): AlertsResume | null {
  return resumes.get(account) ?? null;
}

function keepResume(account: string, resume: AlertsResume): void {
  resumes.set(account, resume);
}

const seenKey = (account: string) => `portal-alerts-seen:${account.toLowerCase()}`;

/** When the newest alert the customer saw was raised; null when never, or the browser keeps nothing. */
function seenAtOf(account: string): number | null {
  try {
    const stored = Number(localStorage.getItem(seenKey(account)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

function keepSeenAt(account: string, seenAt: number | null): void {
  if (seenAt === null) return;
  try {
    localStorage.setItem(seenKey(account), String(seenAt));
  } catch {
    // A browser that keeps nothing counts the alerts as new again on the next visit.
  }
}

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.5h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 16a2.5 2.5 0 0 0 5 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The top bar's way to the alerts (issue 45), with the count of those the customer has not seen:
 * shown where the server raises alerts, nothing on a v1 server. It runs the page's alerts feed
 * (`onFeed` hands it to the layout, which gives it to the page), starting from where the last
 * page left it.
 */
export default function AlertsLink({
  account,
  onFeed,
}: {
  account: string;
  onFeed: (feed: AlertsActor | null) => void;
}) {
  const intl = useIntl();
  const feed = usePortalActor(alertsMachine, { input: { resume: resumeOf(account), seenAt: seenAtOf(account) } });
  const offered = useSelector(feed, (snapshot) => snapshot.hasTag('offered'));
  const unseen = useSelector(feed, selectUnseen);
  const resume = useSelector(feed, selectResume);
  const seenAt = useSelector(feed, (snapshot) => snapshot.context.seenAt);
  const [location] = useLocation();
  useEffect(() => {
    onFeed(feed);
    return () => onFeed(null);
  }, [feed, onFeed]);
  useEffect(() => keepResume(account, resume), [account, resume]);
  useEffect(() => keepSeenAt(account, seenAt), [account, seenAt]);
  if (!offered) return null;
  const label = intl.formatMessage(
    {
      id: 'alerts.link',
      defaultMessage: '{count, plural, =0 {Alerts} one {Alerts, # new} other {Alerts, # new}}',
    },
    { count: unseen },
  );
  return (
    <Link
      href={paths.alerts()}
      className="alerts-link"
      aria-label={label}
      aria-current={location === paths.alerts() ? 'page' : undefined}
    >
      <BellIcon />
      {unseen > 0 && (
        <span className="alerts-count" aria-hidden="true">
          <FormattedMessage
            id="alerts.count"
            defaultMessage="{count, number}"
            values={{ count: Math.min(unseen, 99) }}
          />
        </span>
      )}
    </Link>
  );
}
