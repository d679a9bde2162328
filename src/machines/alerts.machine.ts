/**
 * The account's alerts as the top bar counts them and the alerts page lists them (issue 45,
 * feature `alerts`; docs/api-v1.1.md "Alerts"). On a server that does not raise alerts (v1) the
 * machine ends at once and nothing is shown.
 *
 * Live (the server streams events): the stream opens first and the list is read once it is open,
 * so that nothing raised in between is missed; each `alert.raised` adds its alert once (by its
 * id) and moves the position on. A dropped stream is opened again after the server's `retry`
 * (5 s) from that position (`Last-Event-ID`): what was raised meanwhile comes once. A `resync`
 * (the server lost the position) reads the list again. Without the stream, the list is read every
 * minute. Another failure of the list keeps what is shown, with its reason and a retry.
 *
 * A 401 does not end the session here: the feed runs in the background of every page, and a form
 * of the page, which keeps what was typed, or a login in another tab is where the session's end is
 * met (decision 027); the feed tries again after a minute, twice as long after each 401 in a row
 * (a tab left open with an ended session asks four times an hour), and at once when a login in
 * place renews the session. On the alerts page, whose content the list is (`alerts.watch`), a 401
 * is the page's read's: the session ends and /login is shown, as for the page's rules.
 *
 * A page opened after another starts from where that one left the feed (`resume`): its alerts and
 * its position, without reading the list again; a feed that had heard no event yet has no position,
 * and its successor reads the list once its stream is open.
 */
import { and, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AlertsOffer } from '../api/server-version';
import type { StreamEnd } from '../api/v1-1/alerts';
import { mergeAlerts, newestRaisedAt, unseenCount, type Alert } from '../domain/alerts';
import { timers } from '../domain/constants';
import { sessionExpired, type PortalRefs } from './portal-refs';
import { sessionRenewed, type SessionRenewed } from './session-renewal';
import { typeOf } from './type-of';
import { unauthorizedGuard, userErrorFrom, type UserError } from './user-error';

/** Where a page left the feed: what it held, and where its stream was. */
export interface AlertsResume {
  alerts: Alert[];
  lastEventId: string | null;
  /** The list was read (once read, the stream keeps it). */
  listed: boolean;
}

export interface AlertsInput extends PortalRefs {
  resume: AlertsResume | null;
  /** When the newest alert the customer saw on the alerts page was raised (epoch ms). */
  seenAt: number | null;
}

export interface AlertsContext extends PortalRefs, AlertsResume {
  seenAt: number | null;
  /** Why the list could not be read, until it is read. */
  error: UserError | null;
  /** The alerts page shows the list: there, a 401 is the page's read's and ends the session. */
  watched: boolean;
  /** The 401s in a row: each pause is twice the last, up to `longestPauseMs`. */
  pauses: number;
  /** The server streams the alerts (GET /events); otherwise its list is read every minute. */
  streams: boolean;
}

export type AlertsEvent =
  /** From the stream: it is open. */
  | { type: 'alerts.opened' }
  /** From the stream: an event with its id, and the alert it carries. */
  | { type: 'alerts.heard'; id: string | undefined; alert: Alert | null }
  /** From the stream: it ended or broke, or the server lost its place. */
  | { type: 'alerts.ended'; end: StreamEnd }
  /** From the stream: the server refused it. */
  | { type: 'alerts.refused'; error: unknown }
  /** The customer has seen the list. */
  | { type: 'alerts.seen' }
  /** The alerts page shows the list, or no longer does. */
  | { type: 'alerts.watch' | 'alerts.unwatch' }
  | SessionRenewed
  | { type: 'alerts.retry' };

/** The server's `retry`: how long to wait before opening a dropped stream again. */
export const reconnectMs = 5_000;
/** How long the feed waits after a 401 before it tries again: twice as long after each 401 in a row. */
export const pauseMs = 60_000;
/** The longest wait after a 401 (a tab left open with an ended session asks four times an hour). */
export const longestPauseMs = 16 * pauseMs;
/** How often the list is read where the server streams nothing. */
export const rereadMs = 60_000;

/** A 401 of the stream or the list: the session ends where the list is the page's (decision 062). */
const unauthorized = [
  { guard: and(['isUnauthorized', 'isWatched']), target: '#alerts.paused', actions: 'sessionExpired' },
  { guard: 'isUnauthorized', target: '#alerts.paused' },
] as const;

const listFailed = [...unauthorized, { target: 'shown', actions: 'keepError' }] as const;

export const alertsMachine = setup({
  types: {
    context: typeOf<AlertsContext>(),
    input: typeOf<AlertsInput>(),
    events: typeOf<AlertsEvent>(),
  },
  actors: {
    sessionRenewed,
    offered: fromPromise<AlertsOffer>(async ({ signal }) =>
      (await import('../api/server-version')).alertsOffered(signal),
    ),
    list: fromPromise<Alert[]>(async ({ signal }) => (await import('../api/v1-1/alerts')).getAlerts({ signal })),
    stream: fromCallback<AlertsEvent, { lastEventId: string | null }>(({ input, sendBack }) => {
      const controller = new AbortController();
      void import('../api/v1-1/alerts')
        .then(({ followAlerts }) =>
          followAlerts(
            input.lastEventId,
            {
              opened: () => sendBack({ type: 'alerts.opened' }),
              heard: (id, alert) => sendBack({ type: 'alerts.heard', id, alert }),
            },
            controller.signal,
          ),
        )
        .then(
          (end) => sendBack({ type: 'alerts.ended', end }),
          (error: unknown) => {
            if (!controller.signal.aborted) sendBack({ type: 'alerts.refused', error });
          },
        );
      return () => controller.abort();
    }),
  },
  actions: {
    keepError: assign({ error: ({ event }) => userErrorFrom('error' in event ? event.error : undefined) }),
    keepTimeout: assign({ error: { key: 'timeout' } satisfies UserError }),
    keepList: assign(({ context }, alerts: Alert[]) => ({
      alerts: mergeAlerts(context.alerts, alerts),
      listed: true,
      error: null,
      pauses: 0,
    })),
    keepHeard: assign(({ context, event }) => {
      if (event.type !== 'alerts.heard') return {};
      return {
        lastEventId: event.id ?? context.lastEventId,
        alerts: event.alert ? mergeAlerts(context.alerts, [event.alert]) : context.alerts,
      };
    }),
    /** The server lost the position: the stream starts from now, and the list is read again. */
    forgetPosition: assign({ lastEventId: null, listed: false }),
    sessionExpired: sessionExpired(),
    countPause: assign({ pauses: ({ context }) => context.pauses + 1 }),
    forgetPauses: assign({ pauses: 0 }),
    markSeen: assign({ seenAt: ({ context }) => newestRaisedAt(context.alerts) ?? context.seenAt }),
  },
  guards: {
    isUnauthorized: unauthorizedGuard,
    isListed: ({ context }) => context.listed,
    isWatched: ({ context }) => context.watched,
    streams: ({ context }) => context.streams,
    isResync: ({ event }) => event.type === 'alerts.ended' && event.end.reason === 'resync',
    isLive: (_, offer: AlertsOffer) => offer === 'live',
    isRead: (_, offer: AlertsOffer) => offer === 'read',
  },
  delays: {
    reconnect: reconnectMs,
    reread: rereadMs,
    pause: ({ context }) => Math.min(pauseMs * 2 ** (context.pauses - 1), longestPauseMs),
    loadingTimeout: timers.loadingTimeout,
  },
}).createMachine({
  id: 'alerts',
  description: 'Issue 45: the account’s alerts, listed and then followed live; nothing on a v1 server.',
  context: ({ input }) => ({
    session: input.session,
    app: input.app,
    alerts: input.resume?.alerts ?? [],
    lastEventId: input.resume?.lastEventId ?? null,
    // Without a position the stream starts from its opening: what came before it is in the list only.
    listed: (input.resume?.listed ?? false) && input.resume?.lastEventId != null,
    seenAt: input.seenAt,
    error: null,
    watched: false,
    pauses: 0,
    streams: false,
  }),
  on: {
    'alerts.seen': { actions: 'markSeen' },
    'alerts.watch': { actions: assign({ watched: true }) },
    'alerts.unwatch': { actions: assign({ watched: false }) },
  },
  initial: 'asking',
  states: {
    asking: {
      description: 'Does the server raise alerts, and does it stream them?',
      invoke: {
        src: 'offered',
        onDone: [
          {
            guard: { type: 'isLive', params: ({ event }) => event.output },
            target: 'live',
            actions: assign({ streams: true }),
          },
          { guard: { type: 'isRead', params: ({ event }) => event.output }, target: 'reading' },
          { target: 'off' },
        ],
        onError: 'off',
      },
    },
    off: { description: 'The server raises no alerts (v1): nothing is shown.', type: 'final' },
    live: {
      description: 'GET /events, from the position held; the list read once the stream is open.',
      tags: ['offered'],
      invoke: { src: 'stream', input: ({ context }) => ({ lastEventId: context.lastEventId }) },
      on: {
        'alerts.heard': { actions: 'keepHeard' },
        'alerts.ended': [
          { guard: 'isResync', target: 'live', reenter: true, actions: 'forgetPosition' },
          { target: 'reconnecting' },
        ],
        'alerts.refused': [...unauthorized, { target: 'reconnecting' }],
      },
      initial: 'connecting',
      states: {
        connecting: {
          on: {
            'alerts.opened': [
              { guard: 'isListed', target: 'shown', actions: 'forgetPauses' },
              { target: 'listing', actions: 'forgetPauses' },
            ],
          },
        },
        listing: {
          description: 'GET /alerts; a failure keeps what is shown, with its reason.',
          invoke: {
            src: 'list',
            onDone: { target: 'shown', actions: { type: 'keepList', params: ({ event }) => event.output } },
            onError: listFailed,
          },
          after: { loadingTimeout: { target: 'shown', actions: 'keepTimeout' } },
        },
        shown: { on: { 'alerts.retry': { target: 'listing' } } },
      },
    },
    reconnecting: {
      description: 'The stream dropped: opened again after the server’s retry, from the position held.',
      tags: ['offered'],
      after: { reconnect: 'live' },
    },
    reading: {
      description: 'No event stream: GET /alerts, read again every minute.',
      tags: ['offered'],
      initial: 'listing',
      states: {
        listing: {
          invoke: {
            src: 'list',
            onDone: { target: 'shown', actions: { type: 'keepList', params: ({ event }) => event.output } },
            onError: listFailed,
          },
          after: { loadingTimeout: { target: 'shown', actions: 'keepTimeout' } },
        },
        shown: {
          after: { reread: 'listing' },
          on: { 'alerts.retry': { target: 'listing' } },
        },
      },
    },
    resuming: {
      description: 'After a pause: the stream opened again where the server streams, the list read where it does not.',
      tags: ['offered'],
      always: [{ guard: 'streams', target: 'live' }, { target: 'reading' }],
    },
    paused: {
      description:
        'A 401: behind another page the feed does not end the session (a form there may hold what was typed, and a login in another tab may renew it) and tries again after a minute, twice as long after each 401 in a row (up to 16 minutes), or at once when a login in place renews the session; on the alerts page, whose content the list is, the session ends as for any read of a page.',
      tags: ['offered'],
      entry: 'countPause',
      invoke: { src: 'sessionRenewed', input: ({ context }) => context },
      after: { pause: { target: 'resuming', actions: 'forgetPosition' } },
      on: {
        'session.renewed': { target: 'resuming', actions: 'forgetPosition' },
        'alerts.watch': { actions: [assign({ watched: true }), 'sessionExpired'] },
      },
    },
  },
});

export type AlertsActor = ActorRefFrom<typeof alertsMachine>;
type AlertsSnapshot = SnapshotFrom<typeof alertsMachine>;

/** The alerts raised after the newest one the customer saw. */
export function selectUnseen(snapshot: AlertsSnapshot): number {
  return unseenCount(snapshot.context.alerts, snapshot.context.seenAt);
}

/** Where this feed is, for the next page's (`resume`). */
export function selectResume(snapshot: AlertsSnapshot): AlertsResume {
  const { alerts, lastEventId, listed } = snapshot.context;
  return { alerts, lastEventId, listed };
}
