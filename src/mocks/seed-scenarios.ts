/**
 * The seed scenarios the mock can start from: `default` (src/mocks/seed.ts, docs/mock-api.md),
 * which the browser, the demo and every Vitest test use, and `second` (src/mocks/second-seed.ts),
 * which the HTTP mock offers so that CI can verify the consumer contract against a server
 * seeded otherwise (decision 030).
 */
import { seedSecond } from './second-seed';
import { seed } from './seed';

const scenarios = { default: seed, second: seedSecond } as const;

export type SeedName = keyof typeof scenarios;

function isSeedName(value: string): value is SeedName {
  return Object.hasOwn(scenarios, value);
}

/** Fills an empty database with the named scenario. */
export function seedScenario(name: SeedName): void {
  scenarios[name]();
}

/** The scenario named by a setting (MOCK_SEED, --seed); unset is the default. Throws for an unknown name. */
export function seedNameFrom(value: string | undefined): SeedName {
  if (value === undefined || value === '') return 'default';
  if (!isSeedName(value)) throw new Error(`Unknown seed "${value}". Known: ${Object.keys(scenarios).join(', ')}`);
  return value;
}
