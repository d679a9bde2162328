import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { usePageTitle } from './use-page-title';

/** The page's one h1, which also names the document. */
export function PageHeading({ message }: { message: MessageDescriptor }) {
  usePageTitle(message);
  return (
    <h1>
      <FormattedMessage {...message} />
    </h1>
  );
}
