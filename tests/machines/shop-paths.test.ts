import { describe, expect, it } from 'vitest';
import { coverageOf } from '../paths/coverage';
import { shopPathModels } from './shop-path-models';

/**
 * The generated-path check of tests/paths, for the shop's machines: every state and every
 * transition is reached by at least one path that @xstate/graph finds and a real actor runs.
 */
describe('path coverage of the shop machines', () => {
  const rows = shopPathModels.map(coverageOf);

  it('models the four machines of the shop', () => {
    expect(rows.map((row) => row.machine).sort()).toEqual(['catalogue', 'licenceOrder', 'orderPrefill', 'shopTab']);
  });

  for (const row of rows) {
    it(`reaches every state and every transition of ${row.machine} on generated paths`, () => {
      expect(row.states.missing, 'states never reached').toEqual([]);
      expect(row.transitions.missing, 'transitions never taken').toEqual([]);
      expect(row.paths).toBeGreaterThan(0);
    });
  }
});
