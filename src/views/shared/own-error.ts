import { useIntl, type MessageDescriptor } from 'react-intl';
import type { OwnErrorKey, UserError } from '../../machines/user-error';

/**
 * A failure that only one view tells (`own`, the sign-in's and the passkeys'), in that view's
 * words; every other error as it is, for `ErrorLine`.
 */
export function useOwnError(
  error: UserError | null,
  own: Partial<Record<OwnErrorKey, MessageDescriptor>>,
): UserError | null {
  const intl = useIntl();
  const message = error?.own === undefined ? undefined : own[error.own];
  return error && message ? { ...error, reason: intl.formatMessage(message) } : error;
}
