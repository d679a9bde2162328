import type { ReactNode } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { licenceFeatures, type LicenceFeatures } from '../../domain/licence-features';

const messages = defineMessages<
  {
    listName: { name: string };
    tickets: { count: number };
  } & Record<
    | 'included'
    | 'notIncluded'
    | 'enterpriseRepository'
    | 'stableVersion'
    | 'allFeatures'
    | 'communitySupport'
    | 'customerSupport'
    | 'noTickets'
    | 'unlimitedTickets'
    | 'noResponseTime'
    | 'responseTime1d'
    | 'responseTime4h'
    | 'responseTime2h'
    | 'sshRemoteSupport'
    | 'yearlyRenewal',
    Record<string, never>
  >
>({
  listName: { id: 'shop.feature.listName', defaultMessage: 'Features of {name}' },
  included: { id: 'shop.feature.included', defaultMessage: 'Included:' },
  notIncluded: { id: 'shop.feature.notIncluded', defaultMessage: 'Not included:' },
  enterpriseRepository: { id: 'shop.feature.enterpriseRepository', defaultMessage: 'Enterprise repository' },
  stableVersion: { id: 'shop.feature.stableVersion', defaultMessage: 'Stable version' },
  allFeatures: { id: 'shop.feature.allFeatures', defaultMessage: 'All features' },
  communitySupport: { id: 'shop.feature.communitySupport', defaultMessage: 'Community support (forum)' },
  customerSupport: {
    id: 'shop.feature.customerSupport',
    defaultMessage: 'Enterprise support through the Proxmox customer portal',
  },
  noTickets: { id: 'shop.feature.noTickets', defaultMessage: 'Support tickets' },
  tickets: { id: 'shop.feature.tickets', defaultMessage: '{count} support tickets per year' },
  unlimitedTickets: { id: 'shop.feature.unlimitedTickets', defaultMessage: 'Unlimited support tickets' },
  noResponseTime: { id: 'shop.feature.noResponseTime', defaultMessage: 'Guaranteed response time' },
  responseTime1d: { id: 'shop.feature.responseTime1d', defaultMessage: 'Response time: 1 business day' },
  responseTime4h: { id: 'shop.feature.responseTime4h', defaultMessage: 'Response time: 4 hours (business hours)' },
  responseTime2h: { id: 'shop.feature.responseTime2h', defaultMessage: 'Response time: 2 hours (business hours)' },
  sshRemoteSupport: { id: 'shop.feature.sshRemoteSupport', defaultMessage: 'Remote support via SSH' },
  yearlyRenewal: { id: 'shop.feature.yearlyRenewal', defaultMessage: 'Yearly renewal' },
});

interface Row {
  key: string;
  included: boolean;
  label: ReactNode;
}

/** SPEC §3: the eight features of a licence, in their fixed order. */
function rowsOf(features: LicenceFeatures): Row[] {
  const responseTime = {
    '1d': messages.responseTime1d,
    '4h': messages.responseTime4h,
    '2h': messages.responseTime2h,
  } as const;
  const tickets = features.supportTickets;
  return [
    {
      key: 'repository',
      included: features.enterpriseRepository,
      label: <FormattedMessage {...messages.enterpriseRepository} />,
    },
    { key: 'stable', included: features.stableVersion, label: <FormattedMessage {...messages.stableVersion} /> },
    { key: 'features', included: features.allFeatures, label: <FormattedMessage {...messages.allFeatures} /> },
    {
      key: 'support',
      included: true,
      label: (
        <FormattedMessage
          {...(features.support === 'community' ? messages.communitySupport : messages.customerSupport)}
        />
      ),
    },
    {
      key: 'tickets',
      included: tickets !== 0,
      label:
        tickets === 0 ? (
          <FormattedMessage {...messages.noTickets} />
        ) : tickets === 'unlimited' ? (
          <FormattedMessage {...messages.unlimitedTickets} />
        ) : (
          <FormattedMessage {...messages.tickets} values={{ count: tickets }} />
        ),
    },
    {
      key: 'response',
      included: features.responseTime !== null,
      label: (
        <FormattedMessage
          {...(features.responseTime === null ? messages.noResponseTime : responseTime[features.responseTime])}
        />
      ),
    },
    { key: 'ssh', included: features.sshRemoteSupport, label: <FormattedMessage {...messages.sshRemoteSupport} /> },
    { key: 'renewal', included: features.yearlyRenewal, label: <FormattedMessage {...messages.yearlyRenewal} /> },
  ];
}

/**
 * Ticks and minus signs are shapes, not colours (WCAG 1.4.1); they are hidden from screen
 * readers, which read "Included:" or "Not included:" before each feature instead.
 */
export function LicenceFeatureList({ id, name }: { id: number; name: string }) {
  const intl = useIntl();
  const features = licenceFeatures(id);
  if (!features) return null;
  return (
    <ul className="licence-features" aria-label={intl.formatMessage(messages.listName, { name })}>
      {rowsOf(features).map((row) => (
        <li key={row.key} className={row.included ? 'feature-included' : 'feature-excluded'}>
          <span className="feature-mark" aria-hidden="true">
            {row.included ? '✓' : '–'}
          </span>
          <span className="visually-hidden">
            {intl.formatMessage(row.included ? messages.included : messages.notIncluded)}{' '}
          </span>
          {row.label}
        </li>
      ))}
    </ul>
  );
}
