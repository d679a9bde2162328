import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { BackupHealth, BackupTask } from '../../domain/entities';
import { isBackupLate } from '../../domain/backup-attention';
import { bytesText, momentText } from './format';

const messages = defineMessages({
  heading: { id: 'datastore.health.heading', defaultMessage: 'Backups' },
  lastBackup: { id: 'datastore.health.lastBackup', defaultMessage: 'Last backup' },
  noBackup: { id: 'datastore.health.noBackup', defaultMessage: 'No backup yet' },
  verification: { id: 'datastore.health.verification', defaultMessage: 'Verification' },
  collection: { id: 'datastore.health.collection', defaultMessage: 'Garbage collection' },
  snapshots: { id: 'datastore.health.snapshots', defaultMessage: 'Snapshots' },
  notRun: { id: 'datastore.health.notRun', defaultMessage: 'Not run yet' },
  tasks: { id: 'datastore.health.tasks', defaultMessage: 'Recent tasks' },
  noTasks: { id: 'datastore.health.noTasks', defaultMessage: 'No task in the last seven days.' },
  kind: { id: 'datastore.health.kind', defaultMessage: 'Task' },
  started: { id: 'datastore.health.started', defaultMessage: 'Started' },
  ended: { id: 'datastore.health.ended', defaultMessage: 'Ended' },
  outcome: { id: 'datastore.health.outcome', defaultMessage: 'Outcome' },
  stillRunning: { id: 'datastore.health.stillRunning', defaultMessage: 'still running' },
});

/** The messages with values (typed loosely, as react-intl takes them with `formatMessage`). */
const withValues = defineMessages<'late' | 'passed' | 'failed' | 'other' | 'collected' | 'snapshotCount'>({
  late: {
    id: 'datastore.health.late',
    defaultMessage: '{moment}: more than a day ago. Please check your backup jobs.',
  },
  passed: { id: 'datastore.health.passed', defaultMessage: 'Passed on {moment}' },
  failed: { id: 'datastore.health.failed', defaultMessage: 'Failed on {moment}' },
  other: { id: 'datastore.health.other', defaultMessage: '{state} on {moment}' },
  collected: { id: 'datastore.health.collected', defaultMessage: 'Passed on {moment}, gave back {bytes}' },
  snapshotCount: {
    id: 'datastore.health.snapshotCount',
    defaultMessage:
      '{count, plural, one {# snapshot} other {# snapshots}}{unencrypted, plural, =0 {} one {, # of them unencrypted} other {, # of them unencrypted}}',
  },
});

const kinds = defineMessages({
  backup: { id: 'datastore.task.backup', defaultMessage: 'Backup' },
  verification: { id: 'datastore.task.verification', defaultMessage: 'Verification' },
  'garbage-collection': { id: 'datastore.task.collection', defaultMessage: 'Garbage collection' },
});

const states = defineMessages({
  running: { id: 'datastore.state.running', defaultMessage: 'Running' },
  ok: { id: 'datastore.state.ok', defaultMessage: 'Passed' },
  warning: { id: 'datastore.state.warning', defaultMessage: 'Passed with warnings' },
  failed: { id: 'datastore.state.failed', defaultMessage: 'Failed' },
});

/** A known word's message, or the word as the server sent it (a kind or state added later). */
function wordOf(words: Record<string, MessageDescriptor>, word: string): MessageDescriptor | string {
  return Object.hasOwn(words, word) ? (words[word] ?? word) : word;
}

function Word({ words, word }: { words: Record<string, MessageDescriptor>; word: string }) {
  const known = wordOf(words, word);
  return typeof known === 'string' ? known : <FormattedMessage {...known} />;
}

function TaskRow({ task }: { task: BackupTask }) {
  const intl = useIntl();
  return (
    <tr className={task.state === 'failed' ? 'task-failed' : undefined}>
      <th scope="row">
        <Word words={kinds} word={task.kind} />
      </th>
      <td>{momentText(task.started, intl)}</td>
      <td>{task.ended == null ? intl.formatMessage(messages.stillRunning) : momentText(task.ended, intl)}</td>
      <td>
        <Word words={states} word={task.state} />
      </td>
    </tr>
  );
}

/**
 * A datastore's backup health (issue 45): the last backup (marked when late, decision 064), the
 * last verification and garbage collection, the snapshots, and the week's tasks.
 */
export function BackupHealthSection({ health, nowSeconds }: { health: BackupHealth; nowSeconds: number }) {
  const intl = useIntl();
  const run = (outcome: { state: string; last: number | null }, passed = withValues.passed, values = {}) => {
    if (outcome.state === 'none' || outcome.last === null) return intl.formatMessage(messages.notRun);
    const moment = momentText(outcome.last, intl);
    if (outcome.state === 'ok') return intl.formatMessage(passed, { moment, ...values });
    if (outcome.state === 'failed') return intl.formatMessage(withValues.failed, { moment });
    const state = wordOf(states, outcome.state);
    return intl.formatMessage(withValues.other, {
      moment,
      state: typeof state === 'string' ? state : intl.formatMessage(state),
    });
  };
  const late = isBackupLate(health.last_backup, nowSeconds);
  const removed = health.garbage_collection.removed_bytes;
  return (
    <section className="card datastore-health" aria-labelledby="datastore-health-heading">
      <h2 id="datastore-health-heading">
        <FormattedMessage {...messages.heading} />
      </h2>
      <dl className="datastore-facts">
        <dt>
          <FormattedMessage {...messages.lastBackup} />
        </dt>
        <dd className={late ? 'fact-warn' : undefined}>
          {health.last_backup === null
            ? intl.formatMessage(messages.noBackup)
            : late
              ? intl.formatMessage(withValues.late, { moment: momentText(health.last_backup, intl) })
              : momentText(health.last_backup, intl)}
        </dd>
        <dt>
          <FormattedMessage {...messages.verification} />
        </dt>
        <dd className={health.verification.state === 'failed' ? 'fact-error' : undefined}>
          {run(health.verification)}
        </dd>
        <dt>
          <FormattedMessage {...messages.collection} />
        </dt>
        <dd className={health.garbage_collection.state === 'failed' ? 'fact-error' : undefined}>
          {removed === null || removed === undefined
            ? run(health.garbage_collection)
            : run(health.garbage_collection, withValues.collected, { bytes: bytesText(removed, intl) })}
        </dd>
        <dt>
          <FormattedMessage {...messages.snapshots} />
        </dt>
        <dd className={health.snapshots.unencrypted > 0 ? 'fact-warn' : undefined}>
          {intl.formatMessage(withValues.snapshotCount, {
            count: health.snapshots.count,
            unencrypted: health.snapshots.unencrypted,
          })}
        </dd>
      </dl>
      <h3 id="datastore-tasks-heading">
        <FormattedMessage {...messages.tasks} />
      </h3>
      {health.tasks.length === 0 ? (
        <p>
          <FormattedMessage {...messages.noTasks} />
        </p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="datastore-tasks-heading" tabIndex={0}>
          <table className="datastore-table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage {...messages.kind} />
                </th>
                <th scope="col">
                  <FormattedMessage {...messages.started} />
                </th>
                <th scope="col">
                  <FormattedMessage {...messages.ended} />
                </th>
                <th scope="col">
                  <FormattedMessage {...messages.outcome} />
                </th>
              </tr>
            </thead>
            <tbody>
              {health.tasks.map((task) => (
                <TaskRow key={task.id} task={task} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
