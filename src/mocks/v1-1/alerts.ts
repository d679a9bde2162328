/**
 * v1.1's alerts as the mock raises them (issue 45, feature `alerts`; docs/api-v1.1.md "Alerts"):
 * a datastore fuller than the account's threshold, no backup for more hours than its rule allows,
 * a failed verification or garbage collection, and a purchase done. Each is a row of the mock's
 * database, an `alert.raised` event on `GET /events` and, while the account's notifications are
 * switched on, a mail to each recipient of its rules (its own address when it names none).
 *
 * A condition raises once until it clears: what the account's alerts last saw of each is kept
 * (`alertLatch`). The account's first look only notes what is true then, without raising it: an
 * alert says that something happened, and what was so before the account's alerts existed did not
 * happen to them. The looks come with `GET /alerts`, a change of the rules, the event stream (at
 * most every `lookEveryMs`) and the operator's controls of a datastore (before and after).
 */
import { db, sendMail, type AccountRow, type DatastoreRow } from '../db';
import { runningDatastores } from '../cancellations';
import { alertRaised } from '../mails';
import type { AlertRules } from '../../domain/alert-rules';
import { languageOfTag } from '../../domain/language-tag';
import { backupFacts } from './backup-health';
import { recordEvent } from './events';
import { schedulesOf } from './schedule-changes';

type AlertKind = 'space' | 'backup-missed' | 'verification-failed' | 'collection-failed' | 'operation-done';

/** The rules of an account that set none: the dashboard's own 80 %, a day, both jobs, its address. */
const defaultRules: AlertRules = {
  space_percent: 80,
  backup_hours: 24,
  verification: true,
  collection: true,
  recipients: [],
};

/** Alerts are listed for this long, at most `listedAlerts` of them. */
const listedMs = 30 * 86_400_000;
const listedAlerts = 100;
/** The event stream looks at the account's datastores at most this often. */
export const lookEveryMs = 2_000;

export function rulesOf(accountId: string): AlertRules {
  const row = db.alertRules.findFirst({ where: { accountId: { equals: accountId } } });
  if (!row) return defaultRules;
  return {
    space_percent: row.spacePercent < 0 ? null : row.spacePercent,
    backup_hours: row.backupHours < 0 ? null : row.backupHours,
    verification: row.verification,
    collection: row.collection,
    recipients: row.recipients === '' ? [] : row.recipients.split('\n'),
  };
}

export function setRules(accountId: string, rules: AlertRules): void {
  const data = {
    spacePercent: rules.space_percent ?? -1,
    backupHours: rules.backup_hours ?? -1,
    verification: rules.verification,
    collection: rules.collection,
    recipients: rules.recipients.join('\n'),
  };
  const where = { accountId: { equals: accountId } };
  if (db.alertRules.findFirst({ where })) db.alertRules.update({ where, data });
  else db.alertRules.create({ accountId, ...data });
}

type AlertRow = ReturnType<typeof db.alert.create>;

/** The operation an alert keeps as JSON (the mock wrote it: `Operation` as v1.1 answers it). */
function operationOf(detail: string): unknown {
  return JSON.parse(detail);
}

/** An alert as v1.1 answers it (the `Alert` schema). */
function alertJson(row: AlertRow) {
  return {
    id: row.id,
    kind: row.kind,
    datastore: row.datastore === '' ? null : row.datastore,
    raised_at: new Date(row.raisedAt).toISOString(),
    ...(row.kind === 'space' ? { percent: row.figure } : {}),
    ...(row.kind === 'backup-missed' ? { hours: row.figure } : {}),
    ...(row.detail === '' ? {} : { operation: operationOf(row.detail) }),
  };
}

/** The account's alerts of the last 30 days, newest first. */
export function alertsOf(accountId: string, now = Date.now()) {
  return (
    db.alert
      .findMany({ where: { accountId: { equals: accountId } } })
      .filter((row) => now - row.raisedAt <= listedMs)
      // Newest first; of two raised at the same moment, the later made first.
      .reverse()
      .sort((a, b) => b.raisedAt - a.raisedAt)
      .slice(0, listedAlerts)
      .map(alertJson)
  );
}

function raise(account: AccountRow, kind: AlertKind, datastore: string, figure: number, detail = '', at = Date.now()) {
  const row = db.alert.create({ accountId: account.id, kind, datastore, raisedAt: at, figure, detail });
  recordEvent(account.id, 'alert.raised', alertJson(row), at);
  if (!account.notifications || kind === 'operation-done') return;
  const recipients = rulesOf(account.id).recipients;
  // The server's own step, with no request behind it: the mail follows the account's language.
  const mail = alertRaised(languageOfTag(account.language), account, { kind, datastore, figure });
  for (const to of recipients.length > 0 ? recipients : [account.email]) sendMail(to, mail.subject, mail.body);
}

interface Condition {
  datastore: string;
  kind: AlertKind;
  /** What makes it this condition: a new cause of the same kind raises again. */
  cause: string;
  figure: number;
}

function usedPercent(row: DatastoreRow): number | null {
  return row.volume > 0 ? (row.usedBytes / (row.volume * 1e12)) * 100 : null;
}

/** What the rules find in the account's running datastores at `nowMs`. */
function conditionsOf(accountId: string, rules: AlertRules, nowMs: number): Condition[] {
  const found: Condition[] = [];
  for (const schedule of schedulesOf(runningDatastores(accountId))) {
    const { row } = schedule;
    const name = row.datastore;
    const percent = usedPercent(row);
    if (rules.space_percent !== null && percent !== null && percent > rules.space_percent) {
      found.push({ datastore: name, kind: 'space', cause: 'over', figure: Math.floor(percent) });
    }
    const { brief, lastBegun } = backupFacts(schedule, nowMs);
    const since = lastBegun ?? Math.floor(row.created / 1000);
    const hours = Math.floor((nowMs / 1000 - since) / 3600);
    if (rules.backup_hours !== null && hours >= rules.backup_hours) {
      found.push({ datastore: name, kind: 'backup-missed', cause: `since ${since}`, figure: hours });
    }
    if (rules.verification && brief.verification.state === 'failed') {
      found.push({ datastore: name, kind: 'verification-failed', cause: `at ${brief.verification.last}`, figure: -1 });
    }
    if (rules.collection && brief.garbage_collection.state === 'failed') {
      found.push({
        datastore: name,
        kind: 'collection-failed',
        cause: `at ${brief.garbage_collection.last}`,
        figure: -1,
      });
    }
  }
  return found;
}

/**
 * Looks at the account's datastores at `nowMs` and raises what arose since the last look; the
 * first look only notes what is true.
 */
export function lookForAlerts(account: AccountRow, nowMs = Date.now()): void {
  const baseline = `${account.id}|baseline`;
  const first = !db.alertLatch.findFirst({ where: { key: { equals: baseline } } });
  const seen = new Map(
    db.alertLatch.findMany({ where: { accountId: { equals: account.id } } }).map((latch) => [latch.key, latch.cause]),
  );
  const now = new Set<string>();
  for (const condition of conditionsOf(account.id, rulesOf(account.id), nowMs)) {
    const key = `${account.id}|${condition.datastore}|${condition.kind}`;
    now.add(key);
    if (seen.get(key) === condition.cause) continue;
    if (seen.has(key)) db.alertLatch.update({ where: { key: { equals: key } }, data: { cause: condition.cause } });
    else db.alertLatch.create({ key, accountId: account.id, cause: condition.cause });
    if (!first) raise(account, condition.kind, condition.datastore, condition.figure, '', nowMs);
  }
  // A condition that cleared raises again when it comes back.
  for (const key of seen.keys()) {
    if (key !== baseline && !now.has(key)) db.alertLatch.delete({ where: { key: { equals: key } } });
  }
  if (first) db.alertLatch.create({ key: baseline, accountId: account.id, cause: '' });
}

/** Looks for the account that holds the datastore named `name` (the operator's controls). */
export function lookForAlertsOf(name: string): void {
  const row = db.datastore.findFirst({ where: { datastore: { equals: name } } });
  const account = row && db.account.findFirst({ where: { id: { equals: row.accountId } } });
  if (account) lookForAlerts(account);
}

/** An operation ended (a purchase done): an alert without a mail, as the purchase sends its own. */
export function operationDone(accountId: string, datastore: string, operation: object, at: number): void {
  const account = db.account.findFirst({ where: { id: { equals: accountId } } });
  if (account) raise(account, 'operation-done', datastore, -1, JSON.stringify(operation), at);
}
