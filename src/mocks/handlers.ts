/** Every handler of the v1 mock API, one file per resource over the one database. */
import { authHandlers } from './handlers/auth';
import { companyHandlers } from './handlers/company';
import { contactHandlers } from './handlers/contact';
import { datastoreHandlers } from './handlers/datastores';
import { licenceHandlers } from './handlers/licences';
import { settingsHandlers } from './handlers/settings';

export const handlers = [
  ...authHandlers,
  ...companyHandlers,
  ...datastoreHandlers,
  ...licenceHandlers,
  ...contactHandlers,
  ...settingsHandlers,
];
