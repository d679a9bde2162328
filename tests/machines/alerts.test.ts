import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { timers } from '../../src/domain/constants';
import type { AlertsOffer } from '../../src/api/server-version';
import type { Alert } from '../../src/domain/alerts';
import {
  alertsMachine,
  reconnectMs,
  pauseMs,
  longestPauseMs,
  rereadMs,
  selectResume,
  selectUnseen,
  type AlertsEvent,
  type AlertsResume,
} from '../../src/machines/alerts.machine';
import { stubRefs } from '../support/portal-refs';

const anAlert = (id: string, minute: number, kind = 'space'): Alert => ({
  id,
  kind,
  datastore: 'k10001_web',
  raised_at: new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString(),
});

/** A stream the test drives: each opening is recorded with its position, and can be told things. */
function fakeStream() {
  const openings: (string | null)[] = [];
  let send: ((event: AlertsEvent) => void) | undefined;
  const closed = vi.fn();
  const actor = fromCallback<AlertsEvent, { lastEventId: string | null }>(({ input, sendBack }) => {
    openings.push(input.lastEventId);
    send = sendBack;
    return closed;
  });
  const tell = (event: AlertsEvent) => {
    if (!send) throw new Error('No stream is open.');
    send(event);
  };
  return { actor, openings, tell, closed };
}

function start({
  offer = 'live',
  list = async () => [anAlert('a1', 1)],
  resume = null,
  seenAt = null,
}: {
  offer?: AlertsOffer;
  list?: () => Promise<Alert[]>;
  resume?: AlertsResume | null;
  seenAt?: number | null;
} = {}) {
  const told = vi.fn();
  const lists = vi.fn(list);
  const stream = fakeStream();
  const machine = alertsMachine.provide({
    actors: {
      offered: fromPromise(async () => offer),
      list: fromPromise(() => lists()),
      stream: stream.actor,
    },
  });
  const { refs } = stubRefs({}, { session: (event) => told(event) });
  const actor = createActor(machine, { input: { ...refs, resume, seenAt } }).start();
  return { actor, told, lists, stream };
}

/** Started on a server that streams, its stream opening. */
async function connecting(options: Parameters<typeof start>[0] = {}) {
  const started = start(options);
  await waitFor(started.actor, (snapshot) => snapshot.matches({ live: 'connecting' }));
  return started;
}

afterEach(() => vi.useRealTimers());

describe('the alerts', () => {
  it('open the stream first and read the list once it is open, so that nothing raised between is missed', async () => {
    const { actor, lists, stream } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'connecting' }));
    expect(lists).not.toHaveBeenCalled();
    expect(stream.openings).toEqual([null]);
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    expect(actor.getSnapshot().context.alerts.map((alert) => alert.id)).toEqual(['a1']);
  });

  it('add a raised alert once, newest first, and move the position with every event', async () => {
    const { actor, stream } = await connecting();
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    stream.tell({ type: 'alerts.heard', id: '7', alert: anAlert('a2', 2) });
    stream.tell({ type: 'alerts.heard', id: '8', alert: null });
    stream.tell({ type: 'alerts.heard', id: '9', alert: anAlert('a2', 2) });
    expect(actor.getSnapshot().context.alerts.map((alert) => alert.id)).toEqual(['a2', 'a1']);
    expect(actor.getSnapshot().context.lastEventId).toBe('9');
  });

  it('open a dropped stream again after the server’s retry, from the position held, without reading the list again', async () => {
    vi.useFakeTimers();
    const { actor, lists, stream } = start();
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    stream.tell({ type: 'alerts.heard', id: '7', alert: anAlert('a2', 2) });
    stream.tell({ type: 'alerts.ended', end: { reason: 'dropped' } });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    expect(stream.closed).toHaveBeenCalled();
    vi.advanceTimersByTime(reconnectMs - 1);
    expect(stream.openings).toEqual([null]);
    vi.advanceTimersByTime(1);
    expect(stream.openings).toEqual([null, '7']);
    stream.tell({ type: 'alerts.opened' });
    expect(actor.getSnapshot().matches({ live: 'shown' })).toBe(true);
    expect(lists).toHaveBeenCalledTimes(1);
  });

  it('read the list again from now on when the server lost the position', async () => {
    const { actor, lists, stream } = await connecting();
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    stream.tell({ type: 'alerts.heard', id: '7', alert: null });
    stream.tell({ type: 'alerts.ended', end: { reason: 'resync' } });
    expect(stream.openings).toEqual([null, null]);
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    expect(lists).toHaveBeenCalledTimes(2);
  });

  it('start from where the page before left them: its alerts and its position, without a list', async () => {
    const resume = { alerts: [anAlert('a1', 1)], lastEventId: '12', listed: true };
    const { actor, lists, stream } = start({ resume });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'connecting' }));
    expect(stream.openings).toEqual(['12']);
    stream.tell({ type: 'alerts.opened' });
    expect(actor.getSnapshot().matches({ live: 'shown' })).toBe(true);
    expect(lists).not.toHaveBeenCalled();
    expect(selectResume(actor.getSnapshot())).toEqual(resume);
  });

  it('read the list again after a page whose stream had heard nothing: without a position nothing else tells what came between', async () => {
    const { actor, lists, stream } = await connecting({
      resume: { alerts: [anAlert('a1', 1)], lastEventId: null, listed: true },
    });
    expect(stream.openings).toEqual([null]);
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    expect(lists).toHaveBeenCalledTimes(1);
  });

  it('count what was raised after the newest alert seen, and nothing once the list is seen', async () => {
    const seenAt = Date.parse(anAlert('a1', 1).raised_at);
    const { actor, stream } = await connecting({
      list: async () => [anAlert('a3', 3), anAlert('a2', 2), anAlert('a1', 1)],
      seenAt,
    });
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    expect(selectUnseen(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'alerts.seen' });
    expect(selectUnseen(actor.getSnapshot())).toBe(0);
    expect(actor.getSnapshot().context.seenAt).toBe(Date.parse(anAlert('a3', 3).raised_at));
  });

  it('leave the session to the page on a 401 of the stream or the list, and try again after a minute', async () => {
    vi.useFakeTimers();
    const first = start();
    await vi.waitFor(() => expect(first.stream.openings).toHaveLength(1));
    first.stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 401 }) });
    expect(first.actor.getSnapshot().value).toBe('paused');
    expect(first.actor.getSnapshot().hasTag('offered')).toBe(true);
    expect(first.told).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(pauseMs);
    expect(first.stream.openings).toEqual([null, null]);

    const second = start({ list: async () => Promise.reject(new ApiError('http', { status: 401 })) });
    await vi.waitFor(() => expect(second.stream.openings).toHaveLength(1));
    second.stream.tell({ type: 'alerts.opened' });
    await vi.waitFor(() => expect(second.actor.getSnapshot().value).toBe('paused'));
    expect(second.told).not.toHaveBeenCalled();
  });

  it('end the session on a 401 where the alerts page shows the list, as a read of the page does', async () => {
    const { actor, told, stream } = start();
    actor.send({ type: 'alerts.watch' });
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 401 }) });
    expect(actor.getSnapshot().value).toBe('paused');
    expect(told).toHaveBeenCalledWith({ type: 'session.expired' });
  });

  it('go on at once, reading the list again, when a login in place renews the session it paused on', async () => {
    const { actor, told, lists, stream } = start();
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 401 }) });
    expect(actor.getSnapshot().value).toBe('paused');
    expect(told).not.toHaveBeenCalled();

    // A form of the page met the session's end: the login is asked for in place, and given.
    const { session } = actor.getSnapshot().context;
    session.send({ type: 'session.interrupted' });
    session.send({ type: 'session.loggedIn' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'connecting' }));
    expect(stream.openings).toEqual([null, null]);
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    expect(lists).toHaveBeenCalledTimes(2);
  });

  it('end the session when the alerts page opens while the feed is paused, and not once the page is left', async () => {
    const { actor, told, stream } = start();
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 401 }) });
    expect(told).not.toHaveBeenCalled();
    actor.send({ type: 'alerts.watch' });
    expect(told).toHaveBeenCalledWith({ type: 'session.expired' });

    const other = start();
    other.actor.send({ type: 'alerts.watch' });
    other.actor.send({ type: 'alerts.unwatch' });
    await vi.waitFor(() => expect(other.stream.openings).toHaveLength(1));
    other.stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 401 }) });
    expect(other.actor.getSnapshot().value).toBe('paused');
    expect(other.told).not.toHaveBeenCalled();
  });

  it('wait twice as long after each 401 in a row, up to 16 minutes, and a minute again once the stream opens', async () => {
    vi.useFakeTimers();
    const { actor, stream } = start();
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    const refuse = () => stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 401 }) });
    const waits: number[] = [];
    for (let round = 1; round <= 6; round += 1) {
      refuse();
      const opened = stream.openings.length;
      let waited = 0;
      while (stream.openings.length === opened) {
        await vi.advanceTimersByTimeAsync(pauseMs);
        waited += pauseMs;
      }
      waits.push(waited / pauseMs);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 16]);
    expect(longestPauseMs).toBe(16 * pauseMs);

    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.matches({ live: 'shown' }));
    refuse();
    const opened = stream.openings.length;
    await vi.advanceTimersByTimeAsync(pauseMs);
    expect(stream.openings).toHaveLength(opened + 1);
  });

  it('read the list again after a pause where the server streams nothing, and open no stream', async () => {
    vi.useFakeTimers();
    let refuse = true;
    const { actor, lists, stream } = start({
      offer: 'read',
      list: async () => {
        if (refuse) throw new ApiError('http', { status: 401 });
        return [anAlert('a1', 1)];
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('paused'));
    refuse = false;
    await vi.advanceTimersByTimeAsync(pauseMs);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ reading: 'shown' })).toBe(true));
    expect(lists).toHaveBeenCalledTimes(2);
    expect(stream.openings).toEqual([]);
  });

  it('keep the stream when the list fails otherwise, with the reason and a retry', async () => {
    let fail = true;
    const { actor, stream } = await connecting({
      list: async () => (fail ? Promise.reject(new ApiError('network')) : [anAlert('a1', 1)]),
    });
    stream.tell({ type: 'alerts.opened' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'network' });
    expect(actor.getSnapshot().matches({ live: 'shown' })).toBe(true);
    fail = false;
    actor.send({ type: 'alerts.retry' });
    await waitFor(actor, (snapshot) => snapshot.context.alerts.length === 1);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(stream.openings).toEqual([null]);
  });

  it('open the stream again after a refusal other than a 401', async () => {
    vi.useFakeTimers();
    const { actor, stream } = start();
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    stream.tell({ type: 'alerts.refused', error: new ApiError('http', { status: 502 }) });
    expect(actor.getSnapshot().matches('reconnecting')).toBe(true);
    vi.advanceTimersByTime(reconnectMs);
    expect(stream.openings).toEqual([null, null]);
  });

  it('read the list every minute where the server streams nothing', async () => {
    vi.useFakeTimers();
    const { actor, lists, stream } = start({ offer: 'read' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ reading: 'shown' })).toBe(true));
    expect(stream.openings).toEqual([]);
    vi.advanceTimersByTime(rereadMs);
    await vi.waitFor(() => expect(lists).toHaveBeenCalledTimes(2));
  });

  it('show nothing and read nothing on a server that raises no alerts', async () => {
    const { actor, lists, stream } = start({ offer: 'none' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().hasTag('offered')).toBe(false);
    expect(lists).not.toHaveBeenCalled();
    expect(stream.openings).toEqual([]);
  });

  it('start with nothing listed and no position on a first page', async () => {
    const { actor } = await connecting();
    expect(actor.getSnapshot().context).toMatchObject({ alerts: [], lastEventId: null, listed: false, error: null });
    expect(actor.getSnapshot().hasTag('offered')).toBe(true);
  });

  it('give up on a list that does not come within the loading time, keeping the stream, and read it on a retry', async () => {
    vi.useFakeTimers();
    let answer = false;
    const { actor, stream } = start({
      list: () => (answer ? Promise.resolve([anAlert('a1', 1)]) : new Promise<never>(() => {})),
    });
    await vi.waitFor(() => expect(stream.openings).toHaveLength(1));
    stream.tell({ type: 'alerts.opened' });
    vi.advanceTimersByTime(timers.loadingTimeout);
    expect(actor.getSnapshot().matches({ live: 'shown' })).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
    answer = true;
    actor.send({ type: 'alerts.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.alerts).toHaveLength(1));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keep the list read where the server streams nothing, say why a read failed or timed out, and read again on a retry', async () => {
    vi.useFakeTimers();
    const answers: (() => Promise<Alert[]>)[] = [
      async () => [anAlert('a1', 1)],
      () => Promise.reject(new ApiError('network')),
      () => new Promise<never>(() => {}),
      async () => [anAlert('a2', 2)],
    ];
    const { actor } = start({ offer: 'read', list: () => (answers.shift() ?? (async () => []))() });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ reading: 'shown' })).toBe(true));
    expect(actor.getSnapshot().hasTag('offered')).toBe(true);
    expect(actor.getSnapshot().context.alerts.map((alert) => alert.id)).toEqual(['a1']);
    vi.advanceTimersByTime(rereadMs);
    await vi.waitFor(() => expect(actor.getSnapshot().context.error).toEqual({ key: 'network' }));
    expect(actor.getSnapshot().matches({ reading: 'shown' })).toBe(true);
    actor.send({ type: 'alerts.retry' });
    expect(actor.getSnapshot().matches({ reading: 'listing' })).toBe(true);
    vi.advanceTimersByTime(timers.loadingTimeout);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
    expect(actor.getSnapshot().matches({ reading: 'shown' })).toBe(true);
    actor.send({ type: 'alerts.retry' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.alerts.map((alert) => alert.id)).toEqual(['a2', 'a1']));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('leave the session to the page on a 401 of the list where the server streams nothing', async () => {
    const { actor, told } = start({ offer: 'read', list: () => Promise.reject(new ApiError('http', { status: 401 })) });
    await waitFor(actor, (snapshot) => snapshot.matches('paused'));
    expect(told).not.toHaveBeenCalled();
  });

  it('show nothing when the server’s offer cannot be read', async () => {
    const machine = alertsMachine.provide({
      actors: { offered: fromPromise(() => Promise.reject(new ApiError('network'))) },
    });
    const { refs } = stubRefs({});
    const actor = createActor(machine, { input: { ...refs, resume: null, seenAt: null } }).start();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().value).toBe('off');
  });

  it('is offered while it waits to open a dropped stream again', async () => {
    const { actor, stream } = await connecting();
    stream.tell({ type: 'alerts.ended', end: { reason: 'dropped' } });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    expect(actor.getSnapshot().hasTag('offered')).toBe(true);
  });
});
