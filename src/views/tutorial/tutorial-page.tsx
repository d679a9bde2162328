import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePortalActor } from '../../lib/use-portal-actor';
import type { Datastore } from '../../domain/entities';
import { pbsUser } from '../../domain/datastore';
import { tutorialMachine } from '../../machines/tutorial.machine';
import { PageHeading } from '../shared/page-heading';
import { ConnectionData } from './connection-data';
import { tutorialMessages as messages } from './tutorial-messages';
import { ClientSteps, JobSteps, StorageSteps, type StepData } from './tutorial-steps';
import './tutorial.css';

const none: Datastore[] = [];

/**
 * SPEC §2 Tutorial: setting up the storage and a backup job in Proxmox VE, with illustrations
 * per language and, where the customer has a datastore, its real connection data from
 * GET /status (docs/decisions/011).
 */
export default function TutorialPage() {
  const intl = useIntl();
  const actor = usePortalActor(tutorialMachine);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const datastores = useSelector(actor, (snapshot) => snapshot.context.data) ?? none;
  // The datastore whose data the steps show: the customer's choice, else the first.
  const [chosenName, choose] = useState<string | null>(null);
  const chosen = datastores.find((entry) => entry.datastore === chosenName) ?? datastores[0] ?? null;

  const placeholderRepository = intl.formatMessage(messages.placeholderRepository);
  const data: StepData = chosen
    ? stepData(chosen, placeholderRepository)
    : {
        server: intl.formatMessage(messages.placeholderServer),
        port: 8007,
        username: intl.formatMessage(messages.placeholderUsername),
        datastore: intl.formatMessage(messages.placeholderDatastore),
        repository: placeholderRepository,
      };

  return (
    <div className="tutorial-page">
      <PageHeading message={messages.title} />
      <p className="lead">
        <FormattedMessage {...messages.intro} />
      </p>
      <ConnectionData
        loading={loading}
        error={error}
        datastores={datastores}
        chosen={chosen}
        onChoose={choose}
        onRetry={() => actor.send({ type: 'load.retry' })}
      />
      <StorageSteps data={data} />
      <JobSteps />
      <ClientSteps data={data} />
    </div>
  );
}

/** A repository the answer did not give reads as the placeholder, as before a datastore is known. */
function stepData(datastore: Datastore, placeholderRepository: string): StepData {
  return {
    server: datastore.hostname,
    port: datastore.port,
    // SPEC §2 configuration guide: the username carries the realm suffix @pbs.
    username: pbsUser(datastore.username),
    datastore: datastore.datastore,
    repository: datastore.repository || placeholderRepository,
  };
}
