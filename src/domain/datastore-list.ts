/**
 * Finding a datastore among many (docs/decisions/024): the search, the filters and the sort
 * order of the dashboard's list, read from and written to the address's query string, and the
 * summary line's figures. Pure: the dashboard machine keeps the query, the view shows the result.
 */
import { datastoreRate } from './datastore';
import { parseSpace, spaceUse } from './space';

/** From this many datastores on, the dashboard shows the summary, the toolbar and a virtual list. */
export const LARGE_LIST_FROM = 6;

/** The conditions a customer may narrow the list to; every one chosen must hold. */
export const datastoreFilters = ['attention', 'full', 'deletion', 'unencrypted'] as const;
export type DatastoreFilter = (typeof datastoreFilters)[number];

export const rateFilters = ['all', 'dynamic', 'fixed'] as const;
export type RateFilter = (typeof rateFilters)[number];

/** `api` keeps the order of the status answer (the default); the others put what matters first. */
export const datastoreSorts = ['api', 'name', 'used', 'fill'] as const;
export type DatastoreSort = (typeof datastoreSorts)[number];

export interface ListQuery {
  /** As typed; matched without case, every word on its own. */
  search: string;
  /** In the order of `datastoreFilters`, each at most once. */
  filters: readonly DatastoreFilter[];
  rate: RateFilter;
  sort: DatastoreSort;
}

export const emptyQuery: ListQuery = { search: '', filters: [], rate: 'all', sort: 'api' };

/** What the list reads of a status entry. */
export interface ListedDatastore {
  datastore: string;
  hostname: string;
  custom_name?: string | null;
  unencrypted_files?: boolean | null;
  contract_end_date?: string | null;
  volume?: number | null;
  space_used_text?: string | null;
  space_total_text?: string | null;
}

/** Query string keys; short, since they are shared as links. */
const KEY = { search: 'q', filters: 'show', rate: 'rate', sort: 'sort' } as const;
const SEARCH_LIMIT = 100;

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | undefined {
  return choices.find((choice) => choice === value);
}

/** The filters in their one order, without repeats. */
function canonicalFilters(filters: Iterable<string>): DatastoreFilter[] {
  const chosen = new Set(filters);
  return datastoreFilters.filter((filter) => chosen.has(filter));
}

/** The query of an address's query string (`?q=…&show=full,unencrypted&rate=fixed&sort=used`); unknown values are left out. */
export function readListQuery(queryString: string): ListQuery {
  const params = new URLSearchParams(queryString);
  return {
    search: (params.get(KEY.search) ?? '').slice(0, SEARCH_LIMIT),
    filters: canonicalFilters((params.get(KEY.filters) ?? '').split(',')),
    rate: oneOf(rateFilters, params.get(KEY.rate)) ?? 'all',
    sort: oneOf(datastoreSorts, params.get(KEY.sort)) ?? 'api',
  };
}

/**
 * The query string for a query, keeping parameters that are not the list's: `''` for the
 * empty query, else `?` and the parameters. Defaults are left out, so that the plain list has the plain address.
 */
export function writeListQuery(query: ListQuery, current = ''): string {
  const params = new URLSearchParams(current);
  const values: Record<string, string> = {
    [KEY.search]: query.search.trim() === '' ? '' : query.search,
    [KEY.filters]: canonicalFilters(query.filters).join(','),
    [KEY.rate]: query.rate === 'all' ? '' : query.rate,
    [KEY.sort]: query.sort === 'api' ? '' : query.sort,
  };
  for (const [key, value] of Object.entries(values)) {
    if (value === '') params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function sameQuery(a: ListQuery, b: ListQuery): boolean {
  return (
    a.search === b.search &&
    a.rate === b.rate &&
    a.sort === b.sort &&
    a.filters.length === b.filters.length &&
    a.filters.every((filter, index) => b.filters[index] === filter)
  );
}

/** True when the query shows fewer datastores than there are, or in another order. */
export function isNarrowed(query: ListQuery): boolean {
  return query.search.trim() !== '' || query.filters.length > 0 || query.rate !== 'all';
}

/** A status entry with what searching, filtering and sorting need, worked out once per answer. */
interface Facts<T> {
  entry: T;
  position: number;
  text: string;
  name: string;
  usedBytes: number | null;
  percent: number | null;
  full: boolean;
  deletion: boolean;
  unencrypted: boolean;
  /** Something about it needs the customer's attention (issue 45); false where the server tells no health. */
  attention: boolean;
  /** Null when the answer did not give the rate. */
  rate: 'dynamic' | 'fixed' | null;
}

export interface DatastoreIndex<T> {
  facts: readonly Facts<T>[];
  /** The entries in the answer's order. */
  entries: readonly T[];
}

function rateOf(entry: ListedDatastore): Facts<unknown>['rate'] {
  const rate = datastoreRate(entry);
  if (rate === null) return null;
  return rate.kind === 'dynamic' ? 'dynamic' : 'fixed';
}

/**
 * The facts of each entry, once per answer; `needsAttention` says which need the customer's
 * attention (issue 45: where the server tells the backup health), none unless given.
 */
export function indexDatastores<T extends ListedDatastore>(
  entries: readonly T[],
  needsAttention: (entry: T, spaceWarning: boolean) => boolean = () => false,
): DatastoreIndex<T> {
  const facts = entries.map((entry, position) => {
    const use = spaceUse(entry);
    const name = entry.custom_name || entry.datastore;
    return {
      entry,
      position,
      text: [entry.datastore, entry.custom_name ?? '', entry.hostname].join('\n').toLowerCase(),
      name: name.toLowerCase(),
      usedBytes: entry.space_used_text == null ? null : parseSpace(entry.space_used_text),
      percent: use.percent,
      full: use.warning,
      deletion: Boolean(entry.contract_end_date),
      unencrypted: entry.unencrypted_files === true,
      attention: needsAttention(entry, use.warning),
      rate: rateOf(entry),
    };
  });
  return { facts, entries };
}

function matches<T>(facts: Facts<T>, words: readonly string[], query: ListQuery): boolean {
  for (const filter of query.filters) if (!facts[filter]) return false;
  // A datastore whose rate the answer did not give is neither dynamic nor fixed.
  if (query.rate !== 'all' && facts.rate !== query.rate) return false;
  return words.every((word) => facts.text.includes(word));
}

/** Unknown figures go last, whatever the order. */
function byFigure(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return b - a;
}

const compareName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare;

const orders: Record<Exclude<DatastoreSort, 'api'>, <T>(a: Facts<T>, b: Facts<T>) => number> = {
  name: (a, b) => compareName(a.name, b.name),
  used: (a, b) => byFigure(a.usedBytes, b.usedBytes),
  fill: (a, b) => byFigure(a.percent, b.percent),
};

/** The datastores the query shows, in its order; ties keep the answer's order. */
export function queryDatastores<T>(index: DatastoreIndex<T>, query: ListQuery): readonly T[] {
  const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  const narrowed = isNarrowed(query);
  if (!narrowed && query.sort === 'api') return index.entries;
  const shown = narrowed ? index.facts.filter((facts) => matches(facts, words, query)) : [...index.facts];
  if (query.sort !== 'api') {
    const order = orders[query.sort];
    shown.sort((a, b) => order(a, b) || a.position - b.position);
  }
  return shown.map((facts) => facts.entry);
}

export interface ListSummary {
  count: number;
  /** Bytes used by the datastores whose used space the answer gave. */
  usedBytes: number;
  attention: number;
  full: number;
  unencrypted: number;
  deletion: number;
}

export function summarise<T>(index: DatastoreIndex<T>): ListSummary {
  const summary: ListSummary = {
    count: index.facts.length,
    usedBytes: 0,
    attention: 0,
    full: 0,
    unencrypted: 0,
    deletion: 0,
  };
  for (const facts of index.facts) {
    summary.usedBytes += facts.usedBytes ?? 0;
    if (facts.attention) summary.attention += 1;
    if (facts.full) summary.full += 1;
    if (facts.unencrypted) summary.unencrypted += 1;
    if (facts.deletion) summary.deletion += 1;
  }
  return summary;
}

/** A number of bytes in the largest decimal unit (SPEC §9: 1 TB = 1000 GB) that keeps it at 1 or more. */
export function spaceAmount(bytes: number): { amount: number; unit: 'B' | 'KB' | 'MB' | 'GB' | 'TB' | 'PB' } {
  const units = [
    ['PB', 1e15],
    ['TB', 1e12],
    ['GB', 1e9],
    ['MB', 1e6],
    ['KB', 1e3],
  ] as const;
  for (const [unit, size] of units) if (bytes >= size) return { amount: bytes / size, unit };
  return { amount: bytes, unit: 'B' };
}
