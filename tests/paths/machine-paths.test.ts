import { afterAll, describe, expect, it } from 'vitest';
import { coverageOf, formatTable, type Coverage } from './coverage';
import type { PathModel } from './coverage';

/** Every file in ./models exports `models`, the path models of its screen's machines. */
const modules = import.meta.glob<{ models: PathModel[] }>('./models/*.ts', { eager: true });
const models = Object.values(modules).flatMap((module) => module.models);

/** The models of each machine, by its id. */
const byMachine = new Map<string, PathModel[]>();
for (const model of models) byMachine.set(model.machine.id, [...(byMachine.get(model.machine.id) ?? []), model]);
const rows = new Map<string, Coverage>();

describe('machine path coverage', () => {
  for (const [machine, machineModels] of byMachine) rows.set(machine, coverageOf(machineModels));

  for (const row of rows.values()) {
    it(`reaches every state and every transition of ${row.machine}`, () => {
      expect(row.states.missing, 'states never reached').toEqual([]);
      expect(row.transitions.missing, 'transitions never taken').toEqual([]);
    });
  }

  it('has a path model for every machine in src/machines', () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/*.machine.ts', { eager: true });
    const machines = Object.values(modules).flatMap((module) =>
      Object.values(module).filter(
        (value): value is { id: string } =>
          typeof value === 'object' && value !== null && 'root' in value && 'config' in value,
      ),
    );
    const modelled = new Set(models.map((model) => model.machine.id));
    expect(machines.length).toBeGreaterThan(0);
    expect(
      machines.map((machine) => machine.id).filter((id) => !modelled.has(id)),
      'machines without a path model',
    ).toEqual([]);
  });

  // `PATH_COVERAGE_TABLE=1 npx vitest run tests/paths` prints the table; `npm test` stays quiet.
  afterAll(() => {
    if (process.env.PATH_COVERAGE_TABLE) console.log(`\nMachine path coverage\n${formatTable([...rows.values()])}\n`);
  });
});
