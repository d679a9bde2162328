/** Every handler of the mock API, one file per resource over the one database; v1.1's in ./v1-1. */
import { authHandlers } from './handlers/auth';
import { companyHandlers } from './handlers/company';
import { contactHandlers } from './handlers/contact';
import { datastoreHandlers } from './handlers/datastores';
import { licenceHandlers } from './handlers/licences';
import { settingsHandlers } from './handlers/settings';
import { v11Handlers } from './v1-1/handlers';
import { eventStreamHandlers } from './v1-1/event-stream';
import { platformHandlers } from './v1-1/platform';
import { securityHandlers } from './v1-1/security';

export const handlers = [
  ...authHandlers,
  ...companyHandlers,
  ...datastoreHandlers,
  ...licenceHandlers,
  ...contactHandlers,
  ...settingsHandlers,
  ...platformHandlers,
  ...eventStreamHandlers,
  ...v11Handlers,
  ...securityHandlers,
];
