import { useIntl } from 'react-intl';
import { config } from '../../config';
import type { UserError } from '../../machines/user-error';
import { errorMessages } from './error-messages';

/**
 * The error line under a form (SPEC §8). A live region that is always in the page, so that
 * screen readers announce the message when it appears.
 */
export function ErrorLine({ error, id }: { error: UserError | null; id?: string }) {
  const intl = useIntl();
  const text =
    error === null
      ? ''
      : (error.reason ??
        intl.formatMessage(errorMessages[error.key], {
          email: config.salesEmail,
          supportEmail: config.supportEmail,
        }));
  return (
    <p id={id} className="error-line" role="alert" aria-live="assertive">
      {text}
    </p>
  );
}
