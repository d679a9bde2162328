import { useIntl } from 'react-intl';

/**
 * A yyyy-mm-dd date as a calendar day in the page's language (no time zone shift): "January 31,
 * 2027", "31. Januar 2027". A value that is no date is shown as given.
 */
export function useDayFormat() {
  const intl = useIntl();
  return (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? day
      : intl.formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  };
}

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
