import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client';
import type { Catalogue } from '../../src/domain/entities';
import { catalogueMachine, selectCatalogueStatus } from '../../src/machines/catalogue.machine';

const catalogue: Catalogue = {
  VE: [
    {
      id: 1,
      name: 'Proxmox VE Community',
      price_1_cpu: 115,
      price_2_cpu: 230,
      price_4_cpu: 460,
      highlight: false,
      product_type: 'VE',
    },
  ],
  PBS: [],
  MG: [],
};

function start(...answers: (() => Promise<Catalogue>)[]) {
  const load = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  const actor = createActor(catalogueMachine.provide({ actors: { loadCatalogue: fromPromise(load) } })).start();
  return { actor, load };
}

describe('the catalogue machine', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the catalogue once and keeps it', async () => {
    const { actor, load } = start(async () => catalogue);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(actor.getSnapshot().context).toEqual({ catalogue, error: null });
    actor.send({ type: 'catalogue.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(load).toHaveBeenCalledOnce();
  });

  it('keeps the reason of a failed load and loads again on retry', async () => {
    const { actor, load } = start(
      async () => {
        throw new ApiError('http', { status: 500 });
      },
      async () => catalogue,
    );
    expect(selectCatalogueStatus(undefined)).toBe('loading');
    expect(selectCatalogueStatus(actor.getSnapshot())).toBe('loading');
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectCatalogueStatus(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'general' });
    actor.send({ type: 'catalogue.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('loaded'));
    expect(selectCatalogueStatus(actor.getSnapshot())).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells a malformed answer apart from a network failure', async () => {
    const malformed = start(async () => {
      throw new ApiError('invalid-answer');
    });
    await waitFor(malformed.actor, (snapshot) => snapshot.matches('failed'));
    expect(malformed.actor.getSnapshot().context.error).toEqual({ key: 'invalidAnswer' });
    const offline = start(async () => {
      throw new ApiError('network');
    });
    await waitFor(offline.actor, (snapshot) => snapshot.matches('failed'));
    expect(offline.actor.getSnapshot().context.error).toEqual({ key: 'network' });
  });

  it('gives up after the 120 second loading timeout', () => {
    vi.useFakeTimers();
    const { actor } = start(() => new Promise(() => {}));
    vi.advanceTimersByTime(119_999);
    expect(actor.getSnapshot().value).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ key: 'timeout' });
  });
});
