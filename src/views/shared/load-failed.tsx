import { FormattedMessage } from 'react-intl';
import type { UserError } from '../../machines/user-error';
import { useErrorText } from './error-line';

/** Why a page's read failed, in the customer's words, with its retry: never a blank page. */
export function LoadFailed({ error, onRetry }: { error: UserError; onRetry: () => void }) {
  const errorText = useErrorText();
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorText(error)}</p>
      <button type="button" onClick={onRetry}>
        <FormattedMessage id="action.retry" defaultMessage="Try again" />
      </button>
    </div>
  );
}
