import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { createLoader, selectLoadStatus } from '../../src/machines/loader.machine';
import { stubSession } from '../support/portal-refs';

const resourceMachine = createLoader<string[]>({
  id: 'resource',
  description: 'A read the tests make.',
  load: async () => ['the real call', 'is swapped'],
});

/** A loader whose call answers each time with the next of `answers`. */
function start(
  answers: (() => Promise<string[]>)[],
  options: { session?: boolean; machine?: typeof resourceMachine } = {},
) {
  const load = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  const stub = options.session ? stubSession() : null;
  const machine = (options.machine ?? resourceMachine).provide({ actors: { load: fromPromise(load) } });
  const actor = createActor(machine, { input: stub ? { session: stub.session } : {} }).start();
  return { actor, load, received: () => stub?.received() ?? [] };
}

const refused = (status: number) => async (): Promise<string[]> => {
  throw new ApiError('http', { status });
};

describe('a loader (createLoader)', () => {
  afterEach(() => vi.useRealTimers());

  it('loads once, busy meanwhile, and keeps what it loaded', async () => {
    const { actor, load } = start([async () => ['a', 'b']]);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context).toEqual({ session: null, data: ['a', 'b'], error: null });
    actor.send({ type: 'load.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(load).toHaveBeenCalledOnce();
  });

  it('keeps the reason of a failed load and loads again on retry', async () => {
    const { actor, load } = start([refused(500), async () => ['a']]);
    expect(selectLoadStatus(undefined)).toBe('loading');
    expect(selectLoadStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectLoadStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    actor.send({ type: 'load.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectLoadStatus(actor.getSnapshot())).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells a malformed answer apart from a network failure', async () => {
    const malformed = start([
      async () => {
        throw new ApiError('invalid-answer');
      },
    ]);
    await waitFor(malformed.actor, (snapshot) => snapshot.matches('failed'));
    expect(malformed.actor.getSnapshot().context.error).toEqual({ key: 'invalidAnswer' });
    const offline = start([
      async () => {
        throw new ApiError('network');
      },
    ]);
    await waitFor(offline.actor, (snapshot) => snapshot.matches('failed'));
    expect(offline.actor.getSnapshot().context.error).toEqual({ key: 'network' });
  });

  it('ends the session it was given on a 401 and says so', async () => {
    const { actor, received } = start([refused(401)], { session: true });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(received()).toContainEqual({ type: 'session.expired' });
    expect(actor.getSnapshot().context.error).toEqual({ key: 'sessionExpired' });
  });

  it('ends no session on another failure', async () => {
    const { actor, received } = start([refused(500)], { session: true });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(received()).not.toContainEqual({ type: 'session.expired' });
  });

  it('reads a 401 of a public call as a plain failure, which ends no session', async () => {
    const publicMachine = createLoader<string[]>({
      id: 'public',
      description: 'A public read.',
      load: async () => [],
      isPublic: true,
    });
    const { actor, received } = start([refused(401)], { machine: publicMachine, session: true });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    expect(received()).not.toContainEqual({ type: 'session.expired' });
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor } = start([() => new Promise(() => {})]);
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().value).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
  });

  it('aborts its call when the page that holds it goes away', async () => {
    let signal: AbortSignal | undefined;
    const machine = resourceMachine.provide({
      actors: {
        load: fromPromise<string[]>(({ signal: given }) => {
          signal = given;
          return new Promise(() => {});
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});
