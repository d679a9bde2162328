import type { ReactNode } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { paths } from '../../domain/routes';
import { PageHeading } from '../shared/page-heading';
import './encryption.css';

const messages = defineMessages({
  title: { id: 'encryption.title', defaultMessage: 'Encryption' },
});

const b = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const code = (chunks: ReactNode[]) => <code>{chunks}</code>;

/**
 * SPEC §2 Encryption: server-side and client-side backup encryption, how to create and keep a
 * client key, and what key rotation means (the dashboard's unencrypted-files warning links
 * its key-rotation note here).
 */
export default function EncryptionPage() {
  return (
    <div className="encryption-page">
      <PageHeading message={messages.title} />
      <p className="lead">
        <FormattedMessage
          id="encryption.intro"
          defaultMessage="Your backups can be protected by two layers of encryption: one on our servers that is always on, and one on your own servers that only you hold the key to."
        />
      </p>

      <section className="card" aria-labelledby="encryption-server">
        <h2 id="encryption-server">
          <FormattedMessage id="encryption.server.heading" defaultMessage="Server-side encryption" />
        </h2>
        <p>
          <FormattedMessage
            id="encryption.server.text"
            defaultMessage="The storage of our backup servers in Germany is encrypted with AES-256. This protects your data if a disk ever leaves the data centre, for example for repair. It is always on and needs nothing from you."
          />
        </p>
        <p>
          <FormattedMessage
            id="encryption.server.limit"
            defaultMessage="Because we hold the key of this layer, it does not protect your data from access through the running server. For backups that nobody but you can read, also switch on client-side encryption."
          />
        </p>
      </section>

      <section className="card" aria-labelledby="encryption-client">
        <h2 id="encryption-client">
          <FormattedMessage id="encryption.client.heading" defaultMessage="Client-side encryption" />
        </h2>
        <p>
          <FormattedMessage
            id="encryption.client.text"
            defaultMessage="With client-side encryption, Proxmox VE or the Proxmox Backup client encrypts every backup with AES-256-GCM before it leaves your server. We only ever receive encrypted data: without your key nobody can read it, and we cannot either."
          />
        </p>
        <h3>
          <FormattedMessage id="encryption.create.heading" defaultMessage="Create a client key" />
        </h3>
        <ol>
          <li>
            <FormattedMessage
              id="encryption.create.step1"
              defaultMessage="In Proxmox VE, open <b>Datacenter → Storage</b>, select your backup storage and click <b>Edit</b>."
              values={{ b }}
            />
          </li>
          <li>
            <FormattedMessage
              id="encryption.create.step2"
              defaultMessage="On the <b>Encryption</b> tab, choose <b>Auto-generate a client encryption key</b> and confirm with <b>OK</b>."
              values={{ b }}
            />
          </li>
          <li>
            <FormattedMessage
              id="encryption.create.step3"
              defaultMessage="Proxmox VE shows the new key once: download it and print the paper key right away. Every backup from now on is encrypted with it."
            />
          </li>
        </ol>
        <p>
          <FormattedMessage
            id="encryption.create.client"
            defaultMessage="With the Proxmox Backup client on a Linux host, create the key with <code>proxmox-backup-client key create backup.key</code> and pass it to every backup with <code>--keyfile backup.key</code>; <code>proxmox-backup-client key paperkey backup.key</code> prints the paper key."
            values={{ code }}
          />
        </p>
        <p>
          <FormattedMessage
            id="encryption.create.tutorial"
            defaultMessage="Setting up the storage itself is explained in the {tutorial}."
            values={{
              tutorial: (
                <Link href={paths.tutorial()}>
                  <FormattedMessage id="encryption.create.tutorialLink" defaultMessage="tutorial" />
                </Link>
              ),
            }}
          />
        </p>
      </section>

      <section className="card" aria-labelledby="encryption-keep">
        <h2 id="encryption-keep">
          <FormattedMessage id="encryption.keep.heading" defaultMessage="Keep the key safe" />
        </h2>
        <p className="notice notice-warn">
          <FormattedMessage
            id="encryption.keep.warning"
            defaultMessage="<b>Without the key, encrypted backups cannot be restored.</b> We do not have a copy and cannot recover it for you."
            values={{ b }}
          />
        </p>
        <ul>
          <li>
            <FormattedMessage
              id="encryption.keep.outside"
              defaultMessage="Keep at least two copies outside the servers you back up: a key kept only on one server is lost with it."
            />
          </li>
          <li>
            <FormattedMessage
              id="encryption.keep.places"
              defaultMessage="Good places are your company’s password manager and the printed paper key in a safe."
            />
          </li>
          <li>
            <FormattedMessage
              id="encryption.keep.test"
              defaultMessage="Test a restore with the saved copy once, so that you know it works before you need it."
            />
          </li>
        </ul>
      </section>

      <section className="card" aria-labelledby="encryption-rotation">
        <h2 id="encryption-rotation">
          <FormattedMessage id="encryption.rotation.heading" defaultMessage="Key rotation" />
        </h2>
        <p>
          <FormattedMessage
            id="encryption.rotation.text"
            defaultMessage="Rotating the key means creating a new client key and using it for all future backups, for example when someone who knew the key leaves your company or the key may have been exposed."
          />
        </p>
        <ul>
          <li>
            <FormattedMessage
              id="encryption.rotation.old"
              defaultMessage="Backups made before stay encrypted with the old key. Keep the old key for as long as any of those backups exist."
            />
          </li>
          <li>
            <FormattedMessage
              id="encryption.rotation.full"
              defaultMessage="The first backup with the new key cannot reuse data stored under the old one. It takes longer and needs extra space until the old backups are removed."
            />
          </li>
        </ul>
        <h3>
          <FormattedMessage
            id="encryption.unencrypted.heading"
            defaultMessage="The warning “Unencrypted backups” on the dashboard"
          />
        </h3>
        <p>
          <FormattedMessage
            id="encryption.unencrypted.text"
            defaultMessage="The warning means that some backups on the datastore were made without client-side encryption, for example before you created a key. Switching encryption on changes only future backups. Once encrypted backups exist, remove the unencrypted ones (with <b>Prune</b> or by deleting the snapshots) and the warning disappears."
            values={{ b }}
          />
        </p>
      </section>
    </div>
  );
}
