import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { paths } from '../../domain/routes';
import { Illustration } from './illustration';
import { tutorialMessages as messages } from './tutorial-messages';

/** What the steps fill in: the customer's real data, or placeholders where there is none. */
export interface StepData {
  server: string;
  port: number;
  username: string;
  datastore: string;
  repository: string;
}

const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const value = (text: string | number) => <code className="tutorial-value">{text}</code>;

/** SPEC §2 Tutorial, part 1: the datastore as a storage of Proxmox VE. */
export function StorageSteps({ data }: { data: StepData }) {
  return (
    <section className="card tutorial-part" aria-labelledby="tutorial-storage">
      <h2 id="tutorial-storage">
        <FormattedMessage {...messages.storageHeading} />
      </h2>
      <ol className="tutorial-steps">
        <li>
          <FormattedMessage
            id="tutorial.storage.step1"
            defaultMessage="Log in to the web interface of Proxmox VE as an administrator and open <b>Datacenter → Storage</b>."
            values={{ b: bold }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.storage.step2"
            defaultMessage="Click <b>Add</b> and choose <b>Proxmox Backup Server</b>."
            values={{ b: bold }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.storage.step3"
            defaultMessage="On the <b>General</b> tab, fill in:"
            values={{ b: bold }}
          />
          <ul className="tutorial-fields">
            <li>
              <FormattedMessage
                id="tutorial.storage.id"
                defaultMessage="<b>ID</b>: a name of your choice, for example {example}"
                values={{ b: bold, example: value('cloud-backup') }}
              />
            </li>
            <li>
              <FormattedMessage
                id="tutorial.storage.server"
                defaultMessage="<b>Server</b>: {server}"
                values={{ b: bold, server: value(data.server) }}
              />
            </li>
            <li>
              <FormattedMessage
                id="tutorial.storage.port"
                defaultMessage="<b>Port</b>: {port}, the standard port of Proxmox Backup Server, which Proxmox VE uses unless told otherwise"
                values={{ b: bold, port: value(data.port) }}
              />
            </li>
            <li>
              <FormattedMessage
                id="tutorial.storage.username"
                defaultMessage="<b>Username</b>: {username}"
                values={{ b: bold, username: value(data.username) }}
              />
            </li>
            <li>
              <FormattedMessage
                id="tutorial.storage.password"
                defaultMessage="<b>Password</b>: the password of your datastore"
                values={{ b: bold }}
              />
            </li>
            <li>
              <FormattedMessage
                id="tutorial.storage.datastore"
                defaultMessage="<b>Datastore</b>: {datastore}"
                values={{ b: bold, datastore: value(data.datastore) }}
              />
            </li>
            <li>
              <FormattedMessage
                id="tutorial.storage.fingerprint"
                defaultMessage="<b>Fingerprint</b>: leave empty"
                values={{ b: bold }}
              />
            </li>
          </ul>
        </li>
        <li>
          <FormattedMessage
            id="tutorial.storage.step4"
            defaultMessage="Recommended: on the <b>Encryption</b> tab, choose <b>Auto-generate a client encryption key</b> and keep a copy of the key outside this cluster. Why, and how to keep it safe: {link}."
            values={{
              b: bold,
              link: (
                <Link href={paths.encryption()}>
                  <FormattedMessage id="tutorial.storage.encryptionLink" defaultMessage="Encryption" />
                </Link>
              ),
            }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.storage.step5"
            defaultMessage="Click <b>Add</b>. The storage now appears below each node; its <b>Summary</b> tab in Proxmox VE shows the space used."
            values={{ b: bold }}
          />
        </li>
      </ol>
      <Illustration kind="storage" alt={messages.storageAlt} />
    </section>
  );
}

/** SPEC §2 Tutorial, part 2: a backup job that writes to that storage. */
export function JobSteps() {
  return (
    <section className="card tutorial-part" aria-labelledby="tutorial-job">
      <h2 id="tutorial-job">
        <FormattedMessage {...messages.jobHeading} />
      </h2>
      <ol className="tutorial-steps">
        <li>
          <FormattedMessage
            id="tutorial.job.step1"
            defaultMessage="Open <b>Datacenter → Backup</b> and click <b>Add</b>."
            values={{ b: bold }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.job.step2"
            defaultMessage="As <b>Storage</b>, choose the ID you gave the storage in part 1, for example {example}."
            values={{ b: bold, example: value('cloud-backup') }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.job.step3"
            defaultMessage="Set the <b>Schedule</b>, for example {example} (daily at 9 pm) – a time when your systems are lightly loaded."
            values={{ b: bold, example: value('21:00') }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.job.step4"
            defaultMessage="Choose the guests with <b>Selection mode</b> (for example <b>All</b>) and keep <b>Mode</b> at <b>Snapshot</b>, which backs up running guests without stopping them."
            values={{ b: bold }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.job.step5"
            defaultMessage="On the <b>Retention</b> tab, decide how many backups to keep, for example the last 7 daily and 4 weekly ones. Older backups are removed and free their space."
            values={{ b: bold }}
          />
        </li>
        <li>
          <FormattedMessage
            id="tutorial.job.step6"
            defaultMessage="Click <b>Create</b>. To test the job at once, select it and click <b>Run now</b>; the task log ends with <b>TASK OK</b>."
            values={{ b: bold }}
          />
        </li>
      </ol>
      <Illustration kind="job" alt={messages.jobAlt} />
    </section>
  );
}

/** The same datastore from the Proxmox Backup client, with the repository of GET /status. */
export function ClientSteps({ data }: { data: StepData }) {
  const intl = useIntl();
  return (
    <section className="card tutorial-part" aria-labelledby="tutorial-client">
      <h2 id="tutorial-client">
        <FormattedMessage {...messages.clientHeading} />
      </h2>
      <p>
        <FormattedMessage {...messages.clientText} />
      </p>
      <pre className="tutorial-code" aria-label={intl.formatMessage(messages.codeLabel)} tabIndex={0}>
        <code>{`export PBS_REPOSITORY='${data.repository}'\nproxmox-backup-client backup root.pxar:/`}</code>
      </pre>
    </section>
  );
}
