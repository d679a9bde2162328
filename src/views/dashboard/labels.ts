import { defineMessages } from 'react-intl';

/** Names of the access data, shared by the datastore card, the overlay and the guide. */
export const labels = defineMessages({
  hostname: { id: 'dashboard.label.hostname', defaultMessage: 'Hostname' },
  port: { id: 'dashboard.label.port', defaultMessage: 'Port' },
  datastore: { id: 'dashboard.label.datastore', defaultMessage: 'Datastore' },
  username: { id: 'dashboard.label.username', defaultMessage: 'Username' },
  password: { id: 'dashboard.label.password', defaultMessage: 'Password' },
  repository: { id: 'dashboard.label.repository', defaultMessage: 'Repository' },
  realm: { id: 'dashboard.label.realm', defaultMessage: 'Realm' },
  server: { id: 'dashboard.label.server', defaultMessage: 'Server' },
});

/** Accessible names of the copy buttons: each says what it copies. */
export const copyLabels = defineMessages({
  password: { id: 'dashboard.copy.password', defaultMessage: 'Copy password' },
  repository: { id: 'dashboard.copy.repository', defaultMessage: 'Copy repository' },
  datastore: { id: 'dashboard.copy.datastore', defaultMessage: 'Copy datastore name' },
  username: { id: 'dashboard.copy.username', defaultMessage: 'Copy username' },
});
