import { FormattedMessage } from 'react-intl';

export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <FormattedMessage id="nav.skip" defaultMessage="Skip to content" />
    </a>
  );
}
