/**
 * Path models of the dashboard (SPEC §2; decision 005): the status list with cancellation and the overlay, the
 * purchase card, the temporary password and the copy button. tests/machines/ drives the same
 * machines through their real outcomes with fake timers.
 */
import { fromCallback, type AnyStateMachine } from 'xstate';
import { clipboardMachine } from '../../../src/machines/clipboard.machine';
import { emptyQuery, type ListQuery } from '../../../src/domain/datastore-list';
import { dashboardMachine } from '../../../src/machines/dashboard.machine';
import { datastoreMachine } from '../../../src/machines/datastore.machine';
import { alertsMachine } from '../../../src/machines/alerts.machine';
import { alertRulesForm, alertRulesLoader } from '../../../src/machines/alert-rules.machine';
import { valuesFromRules, type AlertRulesValues } from '../../../src/domain/alert-rules';
import { listQueryMachine } from '../../../src/machines/list-query.machine';
import { identifierError, purchaseMachine, type PurchaseContext } from '../../../src/machines/purchase.machine';
import { temporaryPasswordMachine } from '../../../src/machines/temporary-password.machine';
import type { PathModel } from '../coverage';
import { aborted, formModels, networkError, pending, refused, serverError, unauthorized } from '../fixtures';
import { aDatastore } from '../../support/builders';

// Alone, the card has no dashboard to ask or tell.
const purchase = purchaseMachine.provide({
  actors: { buy: pending },
  actions: { requestReload: () => {}, purchased: () => {}, sessionExpired: () => {} },
});

const linked: ListQuery = { ...emptyQuery, filters: ['deletion'] };

export const models: PathModel[] = [
  {
    // The long list's query (decision 024): every list.* event takes one transition; a link read from the address.
    machine: listQueryMachine,
    input: {},
    events: [
      { type: 'list.search', search: 'web' },
      { type: 'list.search', search: '' },
      { type: 'list.clear' },
      { type: 'list.read', query: linked },
    ],
  },
  {
    machine: dashboardMachine.provide({
      actors: {
        loadStatus: pending,
        loadCompany: pending,
        cancelDatastore: pending,
        insightOffer: pending,
        loadHealth: pending,
        purchase: purchaseMachine.provide({ actors: { buy: pending } }),
      },
    }) as AnyStateMachine,
    session: {},
    events: [
      { type: 'status.retry' },
      { type: 'status.reload' },
      { type: 'overlay.close' },
      { type: 'datastore.cancel.request', name: 'k10001_new' },
      { type: 'datastore.cancel.request', name: 'k10001_old' },
      { type: 'datastore.cancel.confirm' },
      { type: 'datastore.cancel.abort' },
      // The spawned password actor's report, 5 minutes after the status showed the password.
      { type: 'password.expired', name: 'k10001_new' },
      // The purchase card's reports: after a purchase, and after a 401.
      { type: 'purchase.done' },
      { type: 'purchase.sessionExpired' },
    ],
    outputs: {
      loadStatus: [[aDatastore('new', { password: 'Pw-1' }), aDatastore('old', { contract_end_date: '2026-12-31' })]],
      // A company whose contract runs, and one cancelled (its end date, an extra beyond SPEC §3).
      loadCompany: [{ contract_end_date: null }, { contract_end_date: '2027-01-31' }],
      insightOffer: [{ usageHistory: true, backupHealth: true }],
      loadHealth: [new Map()],
    },
    errors: {
      loadStatus: [unauthorized, serverError, aborted],
      cancelDatastore: [unauthorized, serverError, aborted, networkError],
      loadCompany: [serverError, aborted],
      loadHealth: [unauthorized, serverError],
    },
    // The contract region (decision 029) triples the snapshots of the other regions.
    limit: 20_000,
    serializeContext: (context) => {
      const { datastores, loaded, statusError, passwords, overlay, cancelTarget } = context as {
        datastores: unknown[];
        loaded: boolean;
        statusError: unknown;
        passwords: Record<string, unknown>;
        overlay: unknown;
        cancelTarget: unknown;
      };
      return {
        count: datastores.length,
        loaded,
        statusError,
        passwords: Object.keys(passwords),
        overlay,
        cancelTarget,
      };
    },
  },
  {
    // Opened after the customer cancelled the contract in this session (decision 029): read-only at once.
    machine: dashboardMachine.provide({
      actors: {
        loadStatus: pending,
        loadCompany: pending,
        cancelDatastore: pending,
        insightOffer: pending,
        loadHealth: pending,
      },
    }) as AnyStateMachine,
    session: { contractCancelled: true },
    events: [{ type: 'datastore.cancel.request', name: 'k10001_new' }],
    outputs: {
      loadStatus: [[aDatastore('new', { contract_end_date: '2027-01-31' })]],
      insightOffer: [{ usageHistory: false, backupHealth: false }],
    },
  },
  {
    machine: purchase as AnyStateMachine,
    events: [
      { type: 'identifier.change', option: 'static', value: '' },
      { type: 'identifier.change', option: 'static', value: 'test1' },
      { type: 'volume.change', volume: 3 },
      { type: 'purchase.buy', option: 'static' },
      { type: 'purchase.buy', option: 'dynamic' },
      // The status's names: none new, and one the status did not list before (decision 026).
      { type: 'status.loaded', names: [] },
      { type: 'status.loaded', names: ['k10001_test1'] },
      { type: 'status.failed' },
    ],
    errors: { buy: [aborted, unauthorized, refused, serverError, networkError] },
    // What the guards read: whether each identifier is valid, the option, and how many names were listed.
    serializeContext: (context) => {
      const { identifiers, fieldErrors, option, listed } = context as PurchaseContext;
      return {
        valid: [identifierError(identifiers.static), identifierError(identifiers.dynamic)],
        fieldErrors,
        option,
        listed: listed?.length ?? null,
      };
    },
  },
  {
    machine: temporaryPasswordMachine,
    input: { password: 'Pw-1' },
    events: [{ type: 'password.toggle' }],
  },
  {
    // Started by a dashboard, which it tells when the 5 minutes are over.
    machine: temporaryPasswordMachine.provide({ actions: { reportExpired: () => {} } }),
    input: { password: 'Pw-1', name: 'k10001_new' },
    events: [{ type: 'password.toggle' }],
  },
  {
    machine: clipboardMachine.provide({ actors: { writeText: pending } }) as AnyStateMachine,
    events: [{ type: 'clipboard.copy', text: 'k10001_test1' }, { type: 'clipboard.dismiss' }],
  },
  {
    // A datastore's page (issue 45): what the server offers, the page's read, the usage of each range.
    machine: datastoreMachine.provide({
      actors: { offered: pending, load: pending, loadHistory: pending },
    }) as AnyStateMachine,
    session: { loggedIn: true },
    input: { name: 'k10001_web' },
    events: [
      { type: 'load.retry' },
      { type: 'range.choose', range: 'week' },
      { type: 'range.choose', range: 'month' },
      { type: 'history.retry' },
    ],
    outputs: {
      offered: [
        { usageHistory: true, backupHealth: true },
        { usageHistory: false, backupHealth: true },
        { usageHistory: false, backupHealth: false },
      ],
      load: [{ datastore: aDatastore('web'), health: null }, null],
      loadHistory: [{ range: 'week', start: 0, step: 3600, used_bytes: [], total_bytes: [] }],
    },
    errors: { load: [unauthorized, serverError], loadHistory: [unauthorized, serverError], offered: [networkError] },
    serializeContext: (context) => {
      const { insight, overview, range, shown, histories, error, historyError } = context as Record<string, unknown>;
      return {
        insight,
        loaded: overview !== null,
        range,
        shown,
        read: Object.keys(histories as object),
        error,
        historyError,
      };
    },
  },
  {
    // The alerts (issue 45): what the server offers, the stream and the list read once it is open.
    machine: alertsMachine.provide({
      actors: {
        offered: pending,
        list: pending,
        stream: fromCallback(() => undefined),
        sessionRenewed: fromCallback(() => undefined),
      },
    }) as AnyStateMachine,
    session: { loggedIn: true },
    input: { resume: null, seenAt: null },
    events: [
      { type: 'alerts.opened' },
      {
        type: 'alerts.heard',
        id: '7',
        alert: { id: 'a1', kind: 'space', datastore: 'k10001_web', raised_at: '2026-11-25T12:00:00Z', percent: 85 },
      },
      { type: 'alerts.ended', end: { reason: 'dropped' } },
      { type: 'alerts.ended', end: { reason: 'resync' } },
      { type: 'alerts.refused', error: unauthorized },
      { type: 'alerts.refused', error: serverError },
      { type: 'alerts.seen' },
      { type: 'alerts.retry' },
      { type: 'alerts.watch' },
      { type: 'alerts.unwatch' },
      { type: 'session.renewed' },
    ],
    outputs: {
      offered: ['live', 'read', 'none'],
      list: [[{ id: 'a1', kind: 'space', datastore: 'k10001_web', raised_at: '2026-11-25T12:00:00Z', percent: 85 }]],
    },
    errors: { offered: [networkError], list: [unauthorized, serverError] },
    serializeContext: (context) => {
      const { alerts, lastEventId, listed, seenAt, error, watched, streams } = context as Record<string, unknown>;
      return {
        alerts: (alerts as unknown[]).length,
        lastEventId,
        listed,
        seen: seenAt !== null,
        error,
        watched,
        streams,
      };
    },
  },
  {
    machine: alertRulesLoader.provide({ actors: { load: pending } }) as AnyStateMachine,
    session: { loggedIn: true },
    events: [{ type: 'load.retry' }],
    outputs: { load: [{ space_percent: 80, backup_hours: 24, verification: true, collection: true, recipients: [] }] },
    errors: { load: [unauthorized, serverError] },
  },
  ...formModels<AlertRulesValues>(alertRulesForm, {
    valid: valuesFromRules({
      space_percent: 80,
      backup_hours: 24,
      verification: true,
      collection: true,
      recipients: [],
    }),
    invalid: { spacePercent: '40' },
    field: 'spacePercent',
    validValue: '90',
    invalidValue: '40',
  }),
];
