import { FormattedMessage } from 'react-intl';

/** Shown while a page's code or data is on its way. */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <FormattedMessage id="page.loading" defaultMessage="Loading…" />
    </p>
  );
}
