import { useIntl } from 'react-intl';

/**
 * A moment (an ISO 8601 date and time) with its date and time in the page's language and the
 * browser's time zone: "Nov 27, 2026, 9:14 AM", "27.11.2026, 09:14". A value that is no moment is
 * shown as given.
 */
export function useMomentFormat() {
  const intl = useIntl();
  return (value: string) => {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  };
}
