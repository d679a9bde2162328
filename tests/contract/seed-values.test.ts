/**
 * The consumer contracts (v1's and v1.1's) name no value of the mock's seed except through a provider state
 * (decision 030): a server seeded otherwise has other emails, passwords, companies, datastore
 * names and licence ids, and an interaction that writes one of ours into its request fails there
 * for the contract's sake, not the server's. A request may carry a seed value only as the example
 * of a `fromProviderState` expression, which the verifier replaces with the provider's own value;
 * answers and provider-state params carry none at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drop } from '@mswjs/data';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../src/mocks/db';
import { seedScenario, type SeedName } from '../../src/mocks/seed-scenarios';

interface SeedValues {
  /** Emails, passwords, names, phone numbers, companies, IBANs, customer numbers, datastore names. */
  texts: Set<string>;
  /** The customers' own datastore identifiers (`backup`, `vault`): common words, named only whole. */
  words: Set<string>;
  /** Licence ids: numbers a request names under a key ending in `id`. */
  ids: Set<number>;
}

/** Every value of a seed scenario that a server seeded otherwise would not have. */
function seedValues(name: SeedName): SeedValues {
  drop(db);
  seedScenario(name);
  const texts = new Set<string>();
  const add = (...values: (string | null)[]) => {
    for (const value of values) if (value) texts.add(value.toLowerCase());
  };
  for (const account of db.account.getAll()) {
    add(account.email, account.password, account.firstname, account.lastname, account.phone, account.company_number);
  }
  for (const company of db.company.getAll()) {
    add(company.name, company.street, company.ustid, company.iban, company.phone, company.pending_name);
    add(company.pending_street, company.pending_ustid);
  }
  const words = new Set<string>();
  for (const datastore of db.datastore.getAll()) {
    add(datastore.datastore, datastore.username, datastore.repository);
    words.add(datastore.identifier.toLowerCase());
  }
  const ids = new Set(db.licence.getAll().map((licence) => licence.id));
  drop(db);
  return { texts, words, ids };
}

/** A generator's JSON path in the pact file for a leaf of the request body. */
type Generators = Record<string, { type?: string } | undefined>;

interface Interaction {
  description: string;
  providerStates?: { name: string; params?: unknown }[];
  request: {
    path: string;
    query?: unknown;
    headers?: unknown;
    body?: unknown;
    generators?: { path?: { type?: string }; body?: Generators; query?: Generators; header?: Generators };
  };
  response: { body?: unknown };
}

/** Each leaf of a JSON value with its path in the pact file's notation (`$.email`, `$[0].id`). */
function* leaves(value: unknown, path = '$', key = ''): Generator<{ path: string; key: string; value: unknown }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* leaves(item, `${path}[${index}]`, key);
  } else if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) yield* leaves(item, `${path}.${name}`, name);
  } else {
    yield { path, key, value };
  }
}

/** The seed value a leaf names, if any: a short value only whole, a longer one also within a text. */
function named(seed: SeedValues, key: string, value: unknown): string | undefined {
  if (typeof value === 'number') return /(^|_)id$/.test(key) && seed.ids.has(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.toLowerCase();
  if (seed.words.has(text)) return text;
  return [...seed.texts].find((seedText) => text === seedText || (seedText.length >= 6 && text.includes(seedText)));
}

/** Where the interactions name a seed value other than as a `fromProviderState` example. */
function seedValuesNamed(interactions: readonly Interaction[], seed: SeedValues): string[] {
  const found: string[] = [];
  const fromState = (generator: { type?: string } | undefined) => generator?.type === 'ProviderState';
  for (const { description, providerStates = [], request, response } of interactions) {
    const report = (where: string, value: string) => found.push(`${description}: ${where} names "${value}"`);
    if (!fromState(request.generators?.path)) {
      for (const segment of request.path.split('/')) {
        const value = named(seed, '', decodeURIComponent(segment));
        if (value) report('the path', value);
      }
    }
    const parts = [
      ['the request body', request.body, request.generators?.body],
      ['the query', request.query, request.generators?.query],
      ['the headers', request.headers, request.generators?.header],
      ['the answer', response.body, undefined],
      ['the provider state params', providerStates.map((state) => state.params ?? {}), undefined],
    ] as const;
    for (const [where, value, generators] of parts) {
      for (const leaf of leaves(value)) {
        const seedValue = named(seed, leaf.key, leaf.value);
        if (seedValue && !fromState(generators?.[leaf.path])) report(`${where} at ${leaf.path}`, seedValue);
      }
    }
  }
  return found;
}

const seeds = { default: seedValues('default'), second: seedValues('second') };

afterAll(() => drop(db));

/** Each contract, with the interactions that must take a server's values from the provider state. */
const contracts = [
  {
    file: 'contracts/backup-portal-v1-api.json',
    fromProviderState: [
      'a cancellation of a running datastore',
      'a login of an active customer',
      'a new password with a valid token',
      'a licence order',
    ],
  },
  {
    file: 'contracts/backup-portal-v1.1-api.json',
    fromProviderState: [
      'a cancellation of a running datastore',
      'a cancellation of a datastore cancelled already',
      'a read of a purchase’s operation',
      'a licence order',
    ],
  },
] as const;

describe.each(contracts)('the contract $file and the seed', ({ file, fromProviderState }) => {
  const contract: { interactions: Interaction[] } = JSON.parse(readFileSync(join(process.cwd(), file), 'utf8'));

  it('names no value of the default seed except as the example of a provider-state expression', () => {
    expect(seedValuesNamed(contract.interactions, seeds.default)).toEqual([]);
  });

  it('names no value of the second seed at all', () => {
    expect(seedValuesNamed(contract.interactions, seeds.second)).toEqual([]);
  });

  it('takes the datastore to cancel, the operation, the credentials and the licence id from the provider state', () => {
    const generated = contract.interactions.filter(
      (interaction) =>
        interaction.request.generators?.path?.type === 'ProviderState' ||
        Object.values(interaction.request.generators?.body ?? {}).some(
          (generator) => generator?.type === 'ProviderState',
        ),
    );
    expect(generated.map((interaction) => interaction.description)).toEqual(
      expect.arrayContaining([...fromProviderState]),
    );
  });
});

describe('the seed values the contracts are checked for', () => {
  it('finds a seed email written into a request body and a seed datastore written into a path', () => {
    const interactions: Interaction[] = [
      {
        description: 'a login',
        request: { path: '/api/v1/login', body: { email: 'Demo@example.com', password: 'x', product_id: 1 } },
        response: {},
      },
      { description: 'a cancellation', request: { path: '/api/v1/datastore/cancel/k10001_media' }, response: {} },
    ];
    expect(seedValuesNamed(interactions, seeds.default)).toEqual([
      'a login: the request body at $.email names "demo@example.com"',
      'a login: the request body at $.product_id names "1"',
      'a cancellation: the path names "k10001_media"',
    ]);
  });

  it('lets a seed value stand as the example of a provider-state expression', () => {
    const interactions: Interaction[] = [
      {
        description: 'a cancellation',
        request: {
          path: '/api/v1/datastore/cancel/k10001_media',
          body: { email: 'demo@example.com' },
          generators: { path: { type: 'ProviderState' }, body: { '$.email': { type: 'ProviderState' } } },
        },
        response: {},
      },
    ];
    expect(seedValuesNamed(interactions, seeds.default)).toEqual([]);
  });

  it('starts the second seed with no email, name or datastore of the default one', () => {
    expect([...seeds.second.texts].filter((text) => seeds.default.texts.has(text))).toEqual([]);
    expect([...seeds.second.words].filter((word) => seeds.default.words.has(word))).toEqual([]);
    expect([...seeds.second.ids].filter((id) => seeds.default.ids.has(id))).toEqual([]);
  });
});
