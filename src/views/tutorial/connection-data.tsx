import { useId } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import type { Datastore } from '../../domain/entities';
import { pbsUser } from '../../domain/datastore';
import type { UserError } from '../../machines/user-error';
import { paths } from '../../domain/routes';
import { ErrorLine } from '../shared/error-line';
import { tutorialMessages as messages } from './tutorial-messages';

interface Props {
  loading: boolean;
  error: UserError | null;
  datastores: Datastore[];
  chosen: Datastore | null;
  onChoose: (datastore: string) => void;
  onRetry: () => void;
}

/** The values of GET /status that the steps use (SPEC §3 "Datastore status entry"). */
export function ConnectionData({ loading, error, datastores, chosen, onChoose, onRetry }: Props) {
  const selectId = useId();
  return (
    <section className="card tutorial-data" aria-labelledby="tutorial-data" aria-busy={loading}>
      <h2 id="tutorial-data">
        <FormattedMessage {...messages.dataHeading} />
      </h2>
      {loading && (
        <p className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <FormattedMessage {...messages.dataLoading} />
        </p>
      )}
      {error && (
        <div className="notice notice-error">
          <p>
            <FormattedMessage {...messages.dataFailed} />
          </p>
          <ErrorLine error={error} />
          <button type="button" className="button-secondary" onClick={onRetry}>
            <FormattedMessage id="action.retry" defaultMessage="Try again" />
          </button>
        </div>
      )}
      {!loading && !error && datastores.length === 0 && (
        <p className="notice notice-info">
          <FormattedMessage
            id="tutorial.data.none"
            defaultMessage="You have no datastore yet. Buy one on the {dashboard}; this page then shows its connection data."
            values={{
              dashboard: (
                <Link href={paths.dashboard()}>
                  <FormattedMessage {...messages.dashboardLink} />
                </Link>
              ),
            }}
          />
        </p>
      )}
      {datastores.length > 1 && (
        <div className="field tutorial-choice">
          <label htmlFor={selectId}>
            <FormattedMessage {...messages.chooseDatastore} />
          </label>
          <select id={selectId} value={chosen?.datastore ?? ''} onChange={(event) => onChoose(event.target.value)}>
            {datastores.map((entry) => (
              <option key={entry.datastore} value={entry.datastore}>
                {entry.custom_name || entry.datastore}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen && (
        <>
          {chosen.contract_end_date && (
            <p className="notice notice-warn">
              <FormattedMessage
                id="tutorial.data.ending"
                defaultMessage="This datastore is cancelled and will be deleted after {date}. Choose another one for new backup jobs."
                values={{
                  date: <FormattedDate value={chosen.contract_end_date} dateStyle="long" timeZone="Europe/Berlin" />,
                }}
              />
            </p>
          )}
          <dl className="tutorial-values">
            <dt>
              <FormattedMessage {...messages.server} />
            </dt>
            <dd>
              <code>{chosen.hostname}</code>
            </dd>
            <dt>
              <FormattedMessage {...messages.port} />
            </dt>
            <dd>
              <code>{chosen.port}</code>
            </dd>
            <dt>
              <FormattedMessage {...messages.username} />
            </dt>
            <dd>
              <code>{pbsUser(chosen.username)}</code>
            </dd>
            <dt>
              <FormattedMessage {...messages.datastore} />
            </dt>
            <dd>
              <code>{chosen.datastore}</code>
            </dd>
            <dt>
              <FormattedMessage {...messages.password} />
            </dt>
            <dd>
              <FormattedMessage {...messages.passwordNote} />
            </dd>
            <dt>
              <FormattedMessage {...messages.fingerprint} />
            </dt>
            <dd>
              <FormattedMessage {...messages.fingerprintNote} />
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
