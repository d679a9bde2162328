import type { IntlShape } from 'react-intl';
import type { UsageRange } from '../../domain/usage-ranges';

const nbsp = '\u00a0';

/** Bytes as the customer reads a datastore's space: TB from 1 TB, GB below (10^9 and 10^12, as sold). */
export function bytesText(bytes: number, intl: IntlShape): string {
  if (bytes >= 1e12) return `${intl.formatNumber(bytes / 1e12, { maximumFractionDigits: 2 })}${nbsp}TB`;
  return `${intl.formatNumber(bytes / 1e9, { maximumFractionDigits: bytes >= 1e10 ? 0 : 1 })}${nbsp}GB`;
}

/** A moment (epoch seconds) with its date and time. */
export function momentText(seconds: number, intl: IntlShape): string {
  return intl.formatDate(new Date(seconds * 1000), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A day (epoch seconds) as a long date. */
export function dayText(seconds: number, intl: IntlShape): string {
  return intl.formatDate(new Date(seconds * 1000), { dateStyle: 'long' });
}

/** A step's moment on the chart's axis, as short as the range allows. */
export function tickText(seconds: number, range: UsageRange, intl: IntlShape): string {
  const date = new Date(seconds * 1000);
  if (range === 'day') return intl.formatTime(date, { hour: '2-digit', minute: '2-digit' });
  if (range === 'year') return intl.formatDate(date, { month: 'short', year: '2-digit' });
  return intl.formatDate(date, { day: 'numeric', month: 'short' });
}
