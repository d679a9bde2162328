import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { emptyQuery, type ListQuery } from '../../src/domain/datastore-list';
import { listQueryMachine } from '../../src/machines/list-query.machine';

function start(given?: ListQuery) {
  const writeQuery = vi.fn<(query: ListQuery) => void>();
  const machine = listQueryMachine.provide({ actions: { writeQuery: (_, params) => writeQuery(params.query) } });
  const actor = createActor(machine, { input: { query: given } }).start();
  return { actor, writeQuery, query: () => actor.getSnapshot().context.query };
}

describe('the list query machine (decision 024)', () => {
  afterEach(() => vi.useRealTimers());

  it('starts from the query the address gave, or from the plain list', () => {
    expect(start().query()).toEqual(emptyQuery);
    const given: ListQuery = { search: 'web', filters: ['full'], rate: 'fixed', sort: 'used' };
    expect(start(given).query()).toBe(given);
  });

  it('changes the search, the filters, the rate and the order as asked', () => {
    const { actor, query } = start();
    actor.send({ type: 'list.search', search: 'web 1' });
    actor.send({ type: 'list.filter', filter: 'unencrypted', on: true });
    actor.send({ type: 'list.filter', filter: 'full', on: true });
    actor.send({ type: 'list.rate', rate: 'dynamic' });
    actor.send({ type: 'list.sort', sort: 'fill' });
    expect(query()).toEqual({ search: 'web 1', filters: ['full', 'unencrypted'], rate: 'dynamic', sort: 'fill' });
    actor.send({ type: 'list.filter', filter: 'full', on: false });
    expect(query().filters).toEqual(['unencrypted']);
  });

  it('narrows to one figure of the summary, or shows every datastore again, keeping the order', () => {
    const { actor, query } = start({ search: 'web', filters: ['full'], rate: 'fixed', sort: 'name' });
    actor.send({ type: 'list.only', filter: 'deletion' });
    expect(query()).toEqual({ search: '', filters: ['deletion'], rate: 'all', sort: 'name' });
    actor.send({ type: 'list.clear' });
    expect(query()).toEqual({ ...emptyQuery, sort: 'name' });
  });

  it('writes the address once typing has paused for 300 ms, with the last query only', () => {
    vi.useFakeTimers();
    const { actor, writeQuery } = start();
    actor.send({ type: 'list.search', search: 'w' });
    vi.advanceTimersByTime(200);
    actor.send({ type: 'list.search', search: 'we' });
    vi.advanceTimersByTime(299);
    expect(writeQuery).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches('pending')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(writeQuery).toHaveBeenCalledOnce();
    expect(writeQuery).toHaveBeenCalledWith({ ...emptyQuery, search: 'we' });
    expect(actor.getSnapshot().matches('written')).toBe(true);
  });

  it('neither changes nor writes anything for an event that changes nothing', () => {
    vi.useFakeTimers();
    const { actor, writeQuery, query } = start();
    const before = query();
    actor.send({ type: 'list.filter', filter: 'full', on: false });
    actor.send({ type: 'list.sort', sort: 'api' });
    actor.send({ type: 'list.clear' });
    expect(query()).toBe(before);
    expect(actor.getSnapshot().matches('written')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(writeQuery).not.toHaveBeenCalled();
  });

  it('follows an address changed from outside without writing it back', () => {
    vi.useFakeTimers();
    const { actor, writeQuery, query } = start();
    const linked: ListQuery = { ...emptyQuery, filters: ['deletion'] };
    actor.send({ type: 'list.read', query: linked });
    expect(query()).toEqual(linked);
    vi.advanceTimersByTime(1000);
    expect(writeQuery).not.toHaveBeenCalled();
  });

  it('ignores the address while its own change waits to be written, since the address is older', () => {
    vi.useFakeTimers();
    const { actor, writeQuery, query } = start();
    actor.send({ type: 'list.search', search: 'web' });
    actor.send({ type: 'list.read', query: emptyQuery });
    expect(query().search).toBe('web');
    vi.advanceTimersByTime(300);
    expect(writeQuery).toHaveBeenCalledWith({ ...emptyQuery, search: 'web' });
  });
});
