import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

/**
 * Each page has its own title (WCAG 2.4.2), in the page's language: "page · portal". Returns the
 * page's part, for a heading that says it with `values` (a datastore's name).
 */
export function usePageTitle(message: MessageDescriptor, values?: Record<string, string>) {
  const intl = useIntl();
  const title = intl.formatMessage(message, values);
  const portal = intl.formatMessage({ id: 'app.name', defaultMessage: 'Cloud Backup Portal' });
  useEffect(() => {
    document.title = `${title} · ${portal}`;
  }, [title, portal]);
  return title;
}
