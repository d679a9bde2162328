import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Datastore } from '../../src/domain/entities';
import { tutorialMachine } from '../../src/machines/tutorial.machine';
import { mock } from '../../src/mocks/node';
import { loginAs } from '../support/render-app';
import { stubSession } from '../support/portal-refs';

function start(loadStatus?: () => Promise<Datastore[]>) {
  const sessionExpired = vi.fn();
  const machine = loadStatus
    ? tutorialMachine.provide({ actors: { loadStatus: fromPromise(loadStatus) } })
    : tutorialMachine;
  const { session } = stubSession({}, (event) => {
    if (event.type === 'session.expired') sessionExpired();
  });
  const actor = createActor(machine, { input: { session } }).start();
  return { actor, sessionExpired };
}

describe('the tutorial machine', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the datastores from GET /status and uses the first one', async () => {
    await loginAs('demo@example.com');
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    const { datastores, chosen, error } = actor.getSnapshot().context;
    expect(datastores.map((entry) => entry.datastore)).toEqual([
      'k10001_backup',
      'k10001_archive',
      'k10001_old',
      'k10001_media',
    ]);
    expect(chosen).toBe('k10001_backup');
    expect(error).toBeNull();
  });

  it('switches to another datastore of the customer and ignores unknown names', async () => {
    await loginAs('demo@example.com');
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'datastore.choose', datastore: 'k10001_archive' });
    expect(actor.getSnapshot().context.chosen).toBe('k10001_archive');
    actor.send({ type: 'datastore.choose', datastore: 'k99999_other' });
    expect(actor.getSnapshot().context.chosen).toBe('k10001_archive');
  });

  it('is ready with no datastore for a customer who has none', async () => {
    await loginAs('fresh@example.com');
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ datastores: [], chosen: null, error: null });
  });

  it('keeps the reason of a failure and loads again on retry', async () => {
    await loginAs('demo@example.com');
    mock.fault('GET /status', 'http500', { times: 1 });
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    actor.send({ type: 'status.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.chosen).toBe('k10001_backup');
  });

  it('tells the session about a 401', async () => {
    const { actor, sessionExpired } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(sessionExpired).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.error).toEqual({ key: 'sessionExpired' });
  });

  it('gives up after 120 seconds with the timeout message', () => {
    vi.useFakeTimers();
    const { actor } = start(() => new Promise(() => {}));
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
  });
});
