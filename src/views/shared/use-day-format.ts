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
