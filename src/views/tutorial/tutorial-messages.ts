import { defineMessages } from 'react-intl';

export const tutorialMessages = defineMessages({
  title: { id: 'tutorial.title', defaultMessage: 'Tutorial' },
  intro: {
    id: 'tutorial.intro',
    defaultMessage:
      'Connect Proxmox VE to your cloud datastore in two steps: first add the datastore as storage, then create a backup job that writes to it.',
  },
  dataHeading: { id: 'tutorial.data.heading', defaultMessage: 'Your connection data' },
  dataLoading: { id: 'tutorial.data.loading', defaultMessage: 'Loading your connection data…' },
  dataFailed: {
    id: 'tutorial.data.failed',
    defaultMessage: 'Your connection data could not be loaded. The steps below therefore show placeholders.',
  },
  dashboardLink: { id: 'tutorial.data.dashboardLink', defaultMessage: 'portal’s dashboard' },
  chooseDatastore: { id: 'tutorial.data.choose', defaultMessage: 'Datastore for this tutorial' },
  server: { id: 'tutorial.data.server', defaultMessage: 'Server' },
  port: { id: 'tutorial.data.port', defaultMessage: 'Port' },
  username: { id: 'tutorial.data.username', defaultMessage: 'Username' },
  datastore: { id: 'tutorial.data.datastore', defaultMessage: 'Datastore' },
  password: { id: 'tutorial.data.password', defaultMessage: 'Password' },
  passwordNote: {
    id: 'tutorial.data.passwordNote',
    defaultMessage: 'The password the portal’s dashboard showed you after you bought the datastore.',
  },
  fingerprint: { id: 'tutorial.data.fingerprint', defaultMessage: 'Fingerprint' },
  fingerprintNote: {
    id: 'tutorial.data.fingerprintNote',
    defaultMessage:
      'Leave empty. Only if Proxmox VE reports an untrusted certificate, ask our support for the fingerprint.',
  },
  placeholderServer: { id: 'tutorial.placeholder.server', defaultMessage: 'your server (see the portal’s dashboard)' },
  placeholderUsername: {
    id: 'tutorial.placeholder.username',
    defaultMessage: 'your username (see the portal’s dashboard)',
  },
  placeholderDatastore: {
    id: 'tutorial.placeholder.datastore',
    defaultMessage: 'your datastore (see the portal’s dashboard)',
  },
  placeholderRepository: { id: 'tutorial.placeholder.repository', defaultMessage: 'USER@pbs@SERVER:8007:DATASTORE' },
  storageHeading: { id: 'tutorial.storage.heading', defaultMessage: 'Part 1: Set up the storage in Proxmox VE' },
  storageAlt: {
    id: 'tutorial.storage.alt',
    defaultMessage:
      'Illustration of the Proxmox VE dialog “Add: Proxmox Backup Server”, reached through Datacenter, Storage, Add. The fields ID, Server, Username, Password and Datastore are filled in, Fingerprint stays empty, and the Encryption tab is marked.',
  },
  jobHeading: { id: 'tutorial.job.heading', defaultMessage: 'Part 2: Set up a backup job' },
  jobAlt: {
    id: 'tutorial.job.alt',
    defaultMessage:
      'Illustration of the Proxmox VE dialog “Create: Backup Job”, reached through Datacenter, Backup, Add. Storage is cloud-backup, the schedule is 21:00, the selection mode is All and the mode is Snapshot.',
  },
  clientHeading: { id: 'tutorial.client.heading', defaultMessage: 'Without Proxmox VE: back up a Linux host' },
  clientText: {
    id: 'tutorial.client.text',
    defaultMessage:
      'On any Linux host with the Proxmox Backup client installed, set the repository and start a backup of the root file system. The client asks for your password.',
  },
  codeLabel: { id: 'tutorial.client.codeLabel', defaultMessage: 'Commands for the Proxmox Backup client' },
});
