import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { BackupHealth, UsageHistory } from '../../src/domain/entities';
import type { UsageRange } from '../../src/domain/usage-ranges';
import type { DatastoreInsight } from '../../src/api/server-version';
import type { DatastoreOverview } from '../../src/api/v1-1/datastore-insight';
import { datastoreMachine } from '../../src/machines/datastore.machine';
import { aDatastore } from '../support/builders';
import { stubRefs } from '../support/portal-refs';

const health: BackupHealth = {
  last_backup: 1_795_914_000,
  snapshots: { count: 22, unencrypted: 0 },
  verification: { state: 'ok', last: 1_795_582_800 },
  garbage_collection: { state: 'ok', last: 1_795_662_000, removed_bytes: 1_000 },
  tasks: [],
};

const historyOf = (range: UsageRange): UsageHistory => ({
  range,
  start: 1_795_000_000,
  step: 3_600,
  used_bytes: [1, 2, 3],
  total_bytes: [10, 10, 10],
  estimated_full_date: 0,
});

function start({
  insight = { usageHistory: true, backupHealth: true },
  offered = async () => insight,
  load = async (): Promise<DatastoreOverview | null> => ({ datastore: aDatastore('web'), health }),
  loadHistory = async (range: UsageRange) => historyOf(range),
}: {
  insight?: DatastoreInsight;
  offered?: () => Promise<DatastoreInsight>;
  load?: (input: { name: string; health: boolean }) => Promise<DatastoreOverview | null>;
  loadHistory?: (range: UsageRange) => Promise<UsageHistory>;
} = {}) {
  const told = vi.fn();
  const loads = vi.fn(load);
  const reads = vi.fn(loadHistory);
  const machine = datastoreMachine.provide({
    actors: {
      offered: fromPromise(() => offered()),
      load: fromPromise<DatastoreOverview | null, { name: string; health: boolean }>(({ input }) => loads(input)),
      loadHistory: fromPromise<UsageHistory, { name: string; range: UsageRange }>(({ input }) => reads(input.range)),
    },
  });
  const { refs } = stubRefs({}, { session: (event) => told(event) });
  const actor = createActor(machine, { input: { ...refs, name: 'k10001_web' } }).start();
  return { actor, told, loads, reads };
}

afterEach(() => vi.useRealTimers());

describe('the datastore page', () => {
  it('shows the datastore, its health and the month’s usage where the server tells both', async () => {
    const { actor, loads, reads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    expect(loads).toHaveBeenCalledWith({ name: 'k10001_web', health: true });
    expect(reads).toHaveBeenCalledWith('month');
    expect(actor.getSnapshot().context.overview?.health).toEqual(health);
    expect(actor.getSnapshot().context.histories.month).toEqual(historyOf('month'));
  });

  it('is unavailable where the server tells neither, and reads nothing', async () => {
    const { actor, loads } = start({ insight: { usageHistory: false, backupHealth: false } });
    await waitFor(actor, (snapshot) => snapshot.hasTag('unavailable'));
    expect(loads).not.toHaveBeenCalled();
  });

  it('shows the health alone where the server tells no usage history', async () => {
    const { actor, reads } = start({ insight: { usageHistory: false, backupHealth: true } });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'none' }));
    expect(reads).not.toHaveBeenCalled();
  });

  it('asks for no health where the server tells only the usage', async () => {
    const { actor, loads } = start({ insight: { usageHistory: true, backupHealth: false } });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    expect(loads).toHaveBeenCalledWith({ name: 'k10001_web', health: false });
  });

  it('says so when the account has no datastore of that name', async () => {
    const { actor } = start({ load: async () => null });
    await waitFor(actor, (snapshot) => snapshot.hasTag('missing'));
  });

  it('reads each range once: a range read before is shown again without a call', async () => {
    const { actor, reads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    actor.send({ type: 'range.choose', range: 'day' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }) && snapshot.context.range === 'day');
    expect(actor.getSnapshot().context.shown).toBe('day');
    actor.send({ type: 'range.choose', range: 'month' });
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(actor.getSnapshot().context.shown).toBe('month');
    expect(reads.mock.calls).toEqual([['month'], ['day']]);
  });

  it('reads the range chosen last when the customer chooses again while one is read', async () => {
    let answer: (history: UsageHistory) => void = () => {};
    const { actor, reads } = start({
      loadHistory: (range) =>
        range === 'week' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(historyOf(range)),
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    actor.send({ type: 'range.choose', range: 'week' });
    // The month stays shown while the week is read.
    expect(actor.getSnapshot().context.shown).toBe('month');
    actor.send({ type: 'range.choose', range: 'year' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }) && snapshot.context.range === 'year');
    answer(historyOf('week'));
    expect(reads.mock.calls).toEqual([['month'], ['week'], ['year']]);
    expect(actor.getSnapshot().context.histories.week).toBeUndefined();
  });

  it('keeps the health shown when the usage fails, and reads the usage again on its own retry', async () => {
    let fail = true;
    const { actor, loads } = start({
      loadHistory: async (range) => {
        if (fail) throw new ApiError('http', { status: 500 });
        return historyOf(range);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'failed' }));
    expect(actor.getSnapshot().context.historyError).toEqual({ key: 'general' });
    expect(actor.getSnapshot().context.overview?.health).toEqual(health);
    fail = false;
    actor.send({ type: 'history.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    expect(actor.getSnapshot().context.historyError).toBeNull();
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('ends the session on a 401 of the page’s read, and of the usage’s', async () => {
    const unauthorized = new ApiError('http', { status: 401 });
    const page = start({ load: () => Promise.reject(unauthorized) });
    await waitFor(page.actor, (snapshot) => snapshot.matches('failed'));
    expect(page.told).toHaveBeenCalledWith({ type: 'session.expired' });
    const usage = start({ loadHistory: () => Promise.reject(unauthorized) });
    await waitFor(usage.actor, (snapshot) => snapshot.matches({ ready: 'failed' }));
    expect(usage.told).toHaveBeenCalledWith({ type: 'session.expired' });
  });

  it('gives up on a page read that never answers after the loading timeout, and reads again on retry', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { actor } = start({
      load: () => (++calls === 1 ? new Promise(() => {}) : Promise.resolve({ datastore: aDatastore('web'), health })),
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
    actor.send({ type: 'load.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('gives up on a usage read that never answers after the loading timeout', async () => {
    vi.useFakeTimers();
    const { actor } = start({ loadHistory: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.historyError).toEqual({ key: 'timeout' });
  });

  it('is busy while it asks and reads, offers nothing before the answer, and keeps when the page was read', async () => {
    vi.useFakeTimers({ now: 1_795_000_000_500 });
    let answer: (insight: DatastoreInsight) => void = () => {};
    const { actor } = start({ offered: () => new Promise((resolve) => (answer = resolve)) });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.insight).toEqual({ usageHistory: false, backupHealth: false });
    answer({ usageHistory: true, backupHealth: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.readAt).toBe(1_795_000_000);
  });

  it('is busy while the page is read, and tags the usage while it is read', async () => {
    let page: (overview: DatastoreOverview) => void = () => {};
    let usage: (history: UsageHistory) => void = () => {};
    const { actor } = start({
      load: () => new Promise((resolve) => (page = resolve)),
      loadHistory: () => new Promise((resolve) => (usage = resolve)),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('loading'));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    page({ datastore: aDatastore('web'), health });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'reading' }));
    expect(actor.getSnapshot().hasTag('readingHistory')).toBe(true);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    usage(historyOf('month'));
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    expect(actor.getSnapshot().hasTag('readingHistory')).toBe(false);
  });

  it('is unavailable when the question of what the server tells fails', async () => {
    const { actor, loads } = start({ offered: () => Promise.reject(new ApiError('network')) });
    await waitFor(actor, (snapshot) => snapshot.hasTag('unavailable'));
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(loads).not.toHaveBeenCalled();
  });

  it('says why the page could not be read, and forgets it when it reads again', async () => {
    let fail = true;
    const { actor } = start({
      load: async () => {
        if (fail) throw new ApiError('http', { status: 500 });
        return { datastore: aDatastore('web'), health };
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    fail = false;
    actor.send({ type: 'load.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  });

  it('reads the range chosen after the usage failed, not the one that failed', async () => {
    const { actor, reads } = start({
      loadHistory: async (range) => {
        if (range === 'month') throw new ApiError('http', { status: 500 });
        return historyOf(range);
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'failed' }));
    actor.send({ type: 'range.choose', range: 'year' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'shown' }));
    expect(actor.getSnapshot().context).toMatchObject({ range: 'year', shown: 'year', historyError: null });
    expect(reads.mock.calls).toEqual([['month'], ['year']]);
  });
});
