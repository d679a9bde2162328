import { useEffect } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

/** Each page has its own title (WCAG 2.4.2), in the page's language. */
export function usePageTitle(message: MessageDescriptor) {
  const intl = useIntl();
  const title = intl.formatMessage(message);
  const portal = intl.formatMessage({ id: 'app.name', defaultMessage: 'Cloud Backup Portal' });
  useEffect(() => {
    document.title = `${title} · ${portal}`;
  }, [title, portal]);
}
