import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pbsUser } from '../../domain/datastore';
import type { DatastoreEntry } from '../../machines/dashboard.machine';
import type { TemporaryPasswordActor } from '../../machines/temporary-password.machine';
import { paths } from '../../domain/routes';
import { FormIllustration, MenuIllustration } from './illustrations';
import { labels } from './labels';
import { PasswordValue } from './password-value';

/**
 * SPEC §2 "Configuration guide": the first datastore's host:port, username with the suffix
 * @pbs, the masked password and the datastore name, beside illustrations of where they go in
 * Proxmox VE. The numbers of the list match the numbers in the second picture.
 *
 * Memoised: the dashboard renders again at each key typed into its search (issue 33); the guide
 * need not.
 */
export const ConfigurationGuide = memo(function ConfigurationGuide({
  datastore,
  password,
}: {
  datastore: DatastoreEntry | undefined;
  password: TemporaryPasswordActor | undefined;
}) {
  const intl = useIntl();
  return (
    <section className="card guide" aria-labelledby="guide-title">
      <h2 id="guide-title">
        <FormattedMessage id="dashboard.guide.title" defaultMessage="Configuration guide" />
      </h2>
      <p>
        <FormattedMessage
          id="dashboard.guide.intro"
          defaultMessage="Connect your datastore to Proxmox VE: select Datacenter, open Storage, click Add and choose Proxmox Backup Server. Then fill in:"
        />
      </p>
      {datastore ? (
        <ol className="guide-values">
          <li>
            <span className="guide-label">{intl.formatMessage(labels.server)}</span>
            <code>{`${datastore.hostname}:${datastore.port}`}</code>
          </li>
          <li>
            <span className="guide-label">{intl.formatMessage(labels.username)}</span>
            <code>{pbsUser(datastore.username)}</code>
          </li>
          <li>
            <span className="guide-label">{intl.formatMessage(labels.password)}</span>
            <PasswordValue actor={password} maskedOnly />
          </li>
          <li>
            <span className="guide-label">{intl.formatMessage(labels.datastore)}</span>
            <code>{datastore.datastore}</code>
          </li>
        </ol>
      ) : (
        <p className="notice notice-info">
          <FormattedMessage
            id="dashboard.guide.none"
            defaultMessage="Once you have bought a datastore, its connection data appears here."
          />
        </p>
      )}
      <div className="guide-illustrations">
        <figure>
          <MenuIllustration />
          <figcaption>
            <FormattedMessage
              id="dashboard.guide.menuCaption"
              defaultMessage="Datacenter → Storage → Add → Proxmox Backup Server"
            />
          </figcaption>
        </figure>
        <figure>
          <FormIllustration />
          <figcaption>
            <FormattedMessage id="dashboard.guide.formCaption" defaultMessage="Fields 1 to 4 take the values above." />
          </figcaption>
        </figure>
      </div>
      <p>
        <FormattedMessage
          id="dashboard.guide.more"
          defaultMessage="Step-by-step instructions with backup jobs are in the <link>tutorial</link>."
          values={{ link: (chunks) => <Link href={paths.tutorial()}>{chunks}</Link> }}
        />
      </p>
    </section>
  );
});
