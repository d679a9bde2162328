import { defineMessages, type IntlShape } from 'react-intl';
import type { ErrorKey } from '../../machines/user-error';

/** SPEC §8, word for word in English. */
export const errorMessages = defineMessages<ErrorKey>({
  general: { id: 'error.general', defaultMessage: 'An error has occurred!', description: 'SPEC §8 General' },
  network: {
    id: 'error.network',
    defaultMessage: 'The server cannot be reached. Please check your connection and try again.',
  },
  timeout: { id: 'error.timeout', defaultMessage: 'The server took too long to answer. Please try again.' },
  invalidAnswer: {
    id: 'error.invalidAnswer',
    defaultMessage: 'The server sent an answer the portal does not understand. Please try again later.',
  },
  sessionExpired: { id: 'error.sessionExpired', defaultMessage: 'Your session has ended. Please log in again.' },
  server: { id: 'error.server', defaultMessage: 'The server refused the request.' },
  loginNotActive: {
    id: 'error.loginNotActive',
    defaultMessage: 'Please wait until your account is activated within 2 to 3 business days (notification by email)',
    description: 'SPEC §8 Login, not activated or HTTP 401',
  },
  loginFailed: {
    id: 'error.loginFailed',
    defaultMessage: 'Username and password do not match or the account has not yet been activated',
    description: 'SPEC §8 Login, generic',
  },
  passwordMismatch: { id: 'error.passwordMismatch', defaultMessage: 'Passwords do not match.' },
  antispam: {
    id: 'error.antispam',
    defaultMessage:
      'Your message was classified as spam and not sent (ANTISPAM). Please write to us at {supportEmail} instead.',
    description: "SPEC §8 Anti-spam hit: a sentence for people, with the spec's code word kept in it (decision 032)",
  },
  notifications: {
    id: 'error.notifications',
    defaultMessage: 'The notification setting could not be saved. Please try again.',
  },
  tooManyRequests: {
    id: 'error.tooManyRequests',
    defaultMessage: 'Too many attempts in a short time. Please wait a minute and try again.',
    description: 'HTTP 429 from the rate limit in front of the API (decision 031)',
  },
  purchaseUnconfirmed: {
    id: 'error.purchaseUnconfirmed',
    defaultMessage:
      'The purchase could not be confirmed: the server did not answer, and no new datastore has appeared in your list. You can repeat the purchase.',
    description: 'A purchase got no answer; the status read afterwards lists no new datastore (decision 026)',
  },
  purchaseUnknown: {
    id: 'error.purchaseUnknown',
    defaultMessage:
      'The purchase could not be confirmed, and your list of datastores could not be read. Please reload the page and check the list before you repeat the purchase.',
    description: 'A purchase got no answer, and the status could not be read afterwards (decision 026)',
  },
  orderUnconfirmed: {
    id: 'error.orderUnconfirmed',
    defaultMessage:
      'Your order could not be confirmed: the server did not answer. If it reached us, our sales team will confirm it by email, so please do not order again. If you hear nothing from us within one business day, please write to {email}.',
    description: 'A licence order got no answer (decision 026); {email} is the sales address',
  },
  emailTaken: {
    id: 'error.emailTaken',
    defaultMessage: 'This email address is already registered. Please log in or reset your password.',
    description: 'The registration refused with 409: the address has an account (decision 039)',
  },
  companyIncomplete: {
    id: 'error.companyIncomplete',
    defaultMessage: 'Please complete your company data before you buy backup storage.',
    description: 'A purchase refused because the company data is incomplete (decision 039)',
  },
  postcodeCountry: {
    id: 'error.postcodeCountry',
    defaultMessage: 'The postcode does not fit the chosen country.',
    description: 'The server refused the postcode for the country (decision 039)',
  },
  mandateMissing: {
    id: 'error.mandateMissing',
    defaultMessage: 'To pay by direct debit, please grant the SEPA direct debit mandate.',
    description: 'The server refused direct debit without the mandate (decision 039)',
  },
});

/** How long to wait after too many attempts, when the server's wait is not a minute (decision 044). */
const waitMessages = defineMessages<'seconds' | 'minutes'>({
  seconds: {
    id: 'error.tooManyRequestsSeconds',
    defaultMessage:
      'Too many attempts in a short time. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
    description: 'HTTP 429 with a Retry-After of less than a minute (decision 044)',
  },
  minutes: {
    id: 'error.tooManyRequestsMinutes',
    defaultMessage:
      'Too many attempts in a short time. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.',
    description: 'HTTP 429 with a Retry-After of more than a minute, rounded up to minutes (decision 044)',
  },
});

/**
 * "Too many attempts" with the wait the server asked for: a minute says so as ever, a shorter
 * wait in seconds, a longer one in minutes (rounded up).
 */
export function tooManyRequestsText(intl: IntlShape, waitSeconds: number | undefined): string {
  if (waitSeconds === undefined || waitSeconds === 60) return intl.formatMessage(errorMessages.tooManyRequests);
  if (waitSeconds < 60) return intl.formatMessage(waitMessages.seconds, { seconds: waitSeconds });
  return intl.formatMessage(waitMessages.minutes, { minutes: Math.ceil(waitSeconds / 60) });
}
