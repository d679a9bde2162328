import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datastoreFilters,
  datastoreSorts,
  emptyQuery,
  indexDatastores,
  isNarrowed,
  queryDatastores,
  rateFilters,
  readListQuery,
  sameQuery,
  spaceAmount,
  summarise,
  writeListQuery,
  type ListedDatastore,
  type ListQuery,
} from '../../src/domain/datastore-list';

function store(datastore: string, extra: Partial<ListedDatastore> = {}): ListedDatastore {
  return { datastore, hostname: 'pbs1.example.com', volume: 1, space_used_text: '100 GB', ...extra };
}

/** Four datastores, one of each kind the filters tell apart. */
const list = [
  store('alpha', { custom_name: 'Web shop', volume: 0, space_used_text: '2 TB', space_total_text: 'unlimited' }),
  store('beta', { space_used_text: '900 GB', space_total_text: '1 TB', unencrypted_files: true }),
  store('gamma', { hostname: 'pbs7.example.com', contract_end_date: '2026-12-31', space_used_text: '50 GB' }),
  store('delta', { volume: 2, space_used_text: '1.9 TB', space_total_text: '2 TB', contract_end_date: '2027-01-31' }),
];
const index = indexDatastores(list);
const names = (query: Partial<ListQuery>) =>
  queryDatastores(index, { ...emptyQuery, ...query }).map((entry) => entry.datastore);

describe('searching the datastore list', () => {
  it('keeps the answer itself when nothing narrows or sorts it', () => {
    expect(queryDatastores(index, emptyQuery)).toBe(list);
  });

  it('finds a datastore by its name, its custom name or its host, without regard to case', () => {
    expect(names({ search: 'BETA' })).toEqual(['beta']);
    expect(names({ search: 'web SHOP' })).toEqual(['alpha']);
    expect(names({ search: 'pbs7' })).toEqual(['gamma']);
  });

  it('wants every word typed, in any field and any order', () => {
    expect(names({ search: 'shop alpha' })).toEqual(['alpha']);
    expect(names({ search: 'shop beta' })).toEqual([]);
    expect(names({ search: '  gamma   pbs7  ' })).toEqual(['gamma']);
  });

  it('does not match across the border of two fields', () => {
    expect(names({ search: 'alphaweb' })).toEqual([]);
  });

  it('shows everything for a search of blanks', () => {
    expect(names({ search: '   ' })).toEqual(['alpha', 'beta', 'gamma', 'delta']);
  });
});

describe('filtering the datastore list', () => {
  it('shows the almost full ones: above 80 percent of their volume', () => {
    expect(names({ filters: ['full'] })).toEqual(['beta', 'delta']);
  });

  it('shows the ones whose deletion is scheduled', () => {
    expect(names({ filters: ['deletion'] })).toEqual(['gamma', 'delta']);
  });

  it('shows the ones with unencrypted files', () => {
    expect(names({ filters: ['unencrypted'] })).toEqual(['beta']);
  });

  it('wants every chosen condition to hold', () => {
    expect(names({ filters: ['full', 'deletion'] })).toEqual(['delta']);
    expect(names({ filters: ['deletion', 'unencrypted'] })).toEqual([]);
  });

  it('tells the rates apart, and a datastore without a known rate is neither', () => {
    const withUnknown = indexDatastores([...list, store('omega', { volume: null })]);
    const rate = (value: ListQuery['rate']) =>
      queryDatastores(withUnknown, { ...emptyQuery, rate: value }).map((entry) => entry.datastore);
    expect(rate('dynamic')).toEqual(['alpha']);
    expect(rate('fixed')).toEqual(['beta', 'gamma', 'delta']);
    expect(rate('all')).toEqual(['alpha', 'beta', 'gamma', 'delta', 'omega']);
  });

  it('combines the search, the filters and the rate', () => {
    expect(names({ search: 'example', filters: ['deletion'], rate: 'fixed' })).toEqual(['gamma', 'delta']);
    expect(names({ search: 'delta', filters: ['full'], rate: 'dynamic' })).toEqual([]);
  });
});

describe('sorting the datastore list', () => {
  it('sorts by the name shown, the custom name before the identifier, numbers by their value', () => {
    const numbered = indexDatastores([store('web10'), store('web9'), store('zulu', { custom_name: 'Archive' })]);
    expect(queryDatastores(numbered, { ...emptyQuery, sort: 'name' }).map((entry) => entry.datastore)).toEqual([
      'zulu',
      'web9',
      'web10',
    ]);
  });

  it('puts the most used space first', () => {
    expect(names({ sort: 'used' })).toEqual(['alpha', 'delta', 'beta', 'gamma']);
  });

  it('puts the fullest first and those without a fill level last', () => {
    expect(names({ sort: 'fill' })).toEqual(['delta', 'beta', 'gamma', 'alpha']);
  });

  it('keeps the order of the answer between equals, and unknown figures go last', () => {
    const ties = indexDatastores([
      store('one', { space_used_text: null }),
      store('two'),
      store('three'),
      store('four', { space_used_text: 'a lot' }),
    ]);
    expect(queryDatastores(ties, { ...emptyQuery, sort: 'used' }).map((entry) => entry.datastore)).toEqual([
      'two',
      'three',
      'one',
      'four',
    ]);
  });

  it('sorts only what the filters let through', () => {
    expect(names({ filters: ['deletion'], sort: 'used' })).toEqual(['delta', 'gamma']);
  });

  it('never loses or repeats a datastore, whatever the order', () => {
    const entry = fc.record({
      datastore: fc.string({ maxLength: 6 }),
      hostname: fc.constant('pbs1'),
      volume: fc.option(fc.integer({ min: 0, max: 5 })),
      space_used_text: fc.option(fc.constantFrom('1 GB', '500 GB', '1.5 TB', 'nothing')),
      space_total_text: fc.option(fc.constantFrom('1 TB', '2 TB', 'unlimited')),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), fc.constantFrom(...datastoreSorts), (entries, sort) => {
        const shown = queryDatastores(indexDatastores(entries), { ...emptyQuery, sort });
        expect(shown).toHaveLength(entries.length);
        expect(new Set(shown)).toEqual(new Set(entries));
      }),
    );
  });
});

describe('the summary line', () => {
  it('counts the datastores, adds up their used space and counts those that need attention', () => {
    expect(summarise(index)).toEqual({
      count: 4,
      usedBytes: 2e12 + 900e9 + 50e9 + 1.9e12,
      attention: 0,
      full: 2,
      unencrypted: 1,
      deletion: 2,
    });
  });

  it('counts and filters the datastores that need attention, as the caller judges them (issue 45)', () => {
    const judged = indexDatastores(
      [store('a'), store('b'), store('c', { space_used_text: '950 GB' })],
      (entry, spaceWarning) => entry.datastore === 'a' || spaceWarning,
    );
    expect(summarise(judged).attention).toBe(2);
    const shown = queryDatastores(judged, { ...emptyQuery, filters: ['attention'] });
    expect(shown.map((entry) => entry.datastore)).toEqual(['a', 'c']);
  });

  it('leaves out used space the answer did not give or that it cannot read', () => {
    const odd = indexDatastores([store('a', { space_used_text: null }), store('b', { space_used_text: 'lots' })]);
    expect(summarise(odd).usedBytes).toBe(0);
  });

  it('states an amount in the largest decimal unit that keeps it at 1 or more', () => {
    expect(spaceAmount(0)).toEqual({ amount: 0, unit: 'B' });
    expect(spaceAmount(999)).toEqual({ amount: 999, unit: 'B' });
    expect(spaceAmount(1000)).toEqual({ amount: 1, unit: 'KB' });
    expect(spaceAmount(2.5e6)).toEqual({ amount: 2.5, unit: 'MB' });
    expect(spaceAmount(999e9)).toEqual({ amount: 999, unit: 'GB' });
    expect(spaceAmount(4.17e12)).toEqual({ amount: 4.17, unit: 'TB' });
    expect(spaceAmount(4.17e15)).toEqual({ amount: 4.17, unit: 'PB' });
    expect(spaceAmount(4.17e18)).toEqual({ amount: 4170, unit: 'PB' });
  });
});

describe('the list query in the address', () => {
  it('gives the plain address for the plain list', () => {
    expect(writeListQuery(emptyQuery)).toBe('');
    expect(writeListQuery({ ...emptyQuery, search: '   ' })).toBe('');
    expect(readListQuery('')).toEqual(emptyQuery);
  });

  it('writes each part under its short key, the filters in one order', () => {
    const query: ListQuery = { search: 'web 1', filters: ['unencrypted', 'full'], rate: 'fixed', sort: 'used' };
    expect(writeListQuery(query)).toBe('?q=web+1&show=full%2Cunencrypted&rate=fixed&sort=used');
  });

  it('keeps the parameters that are not the list’s and replaces its own', () => {
    expect(writeListQuery({ ...emptyQuery, sort: 'name' }, '?tab=2&q=old&sort=used')).toBe('?tab=2&sort=name');
  });

  it('reads back whatever it wrote', () => {
    const query = fc.record({
      search: fc.string({ maxLength: 100 }).filter((text) => text.trim() !== ''),
      filters: fc.subarray([...datastoreFilters]),
      rate: fc.constantFrom(...rateFilters),
      sort: fc.constantFrom(...datastoreSorts),
    });
    fc.assert(
      fc.property(query, (written) => {
        expect(readListQuery(writeListQuery(written))).toEqual(written);
      }),
    );
  });

  it('ignores values it does not know, repeats, and a search longer than 100 characters', () => {
    expect(readListQuery(`?q=${'x'.repeat(150)}&show=full,nonsense,full,deletion&rate=free&sort=price`)).toEqual({
      search: 'x'.repeat(100),
      filters: ['full', 'deletion'],
      rate: 'all',
      sort: 'api',
    });
  });
});

describe('comparing and judging queries', () => {
  it('finds two queries the same only when every part is', () => {
    const query: ListQuery = { search: 'a', filters: ['full'], rate: 'fixed', sort: 'name' };
    expect(sameQuery(query, { ...query, filters: ['full'] })).toBe(true);
    expect(sameQuery(query, { ...query, search: 'b' })).toBe(false);
    expect(sameQuery(query, { ...query, rate: 'all' })).toBe(false);
    expect(sameQuery(query, { ...query, sort: 'api' })).toBe(false);
    expect(sameQuery(query, { ...query, filters: [] })).toBe(false);
    expect(sameQuery(query, { ...query, filters: ['deletion'] })).toBe(false);
  });

  it('calls a query narrowing when it hides datastores, not when it only sorts', () => {
    expect(isNarrowed(emptyQuery)).toBe(false);
    expect(isNarrowed({ ...emptyQuery, sort: 'fill' })).toBe(false);
    expect(isNarrowed({ ...emptyQuery, search: '  ' })).toBe(false);
    expect(isNarrowed({ ...emptyQuery, search: 'a' })).toBe(true);
    expect(isNarrowed({ ...emptyQuery, filters: ['deletion'] })).toBe(true);
    expect(isNarrowed({ ...emptyQuery, rate: 'dynamic' })).toBe(true);
  });
});
