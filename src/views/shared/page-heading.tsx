import { FormattedMessage, type MessageDescriptor } from 'react-intl';
import { usePageTitle } from './use-page-title';

/** The page's one h1, which also names the document. */
export function PageHeading({ message, values }: { message: MessageDescriptor; values?: Record<string, string> }) {
  usePageTitle(message, values);
  return (
    <h1>
      <FormattedMessage {...message} values={values} />
    </h1>
  );
}
