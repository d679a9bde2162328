/**
 * Prints the fault matrix (decision 013): every call of SPEC §7, and the v1.1 calls below, against
 * every fault kind of the mock, pass or fail, from the `fault-cell` annotations of
 * tests/e2e/faults-*.spec.ts. A cell without a passing test counts as failed, and the run fails
 * below 100 %.
 *
 *   npx playwright test tests/e2e/faults-*.spec.ts --reporter=list,./tests/e2e/support/fault-matrix-reporter.ts
 *
 * Runs that include no fault test print nothing, so the reporter stays in every run. A failed cell
 * always fails the run; a missing cell fails it only on CI (which runs everything), so that a
 * developer may run one fault file alone.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { mockCalls, type MockCall } from '../../../src/mocks/calls';
import { faultKinds } from './portal';

/**
 * The calls of v1.1 alone in the matrix: the datastore page's reads and the dashboard's health
 * (decision 061, tests/e2e/faults-datastore.spec.ts), the alerts' list and rules (decision 062,
 * tests/e2e/faults-alerts.spec.ts). v1.1's versions of v1's calls are not in it.
 */
const matrixCallsV11 = [
  'v1.1 GET /datastores/{name}/usage',
  'v1.1 GET /datastores/{name}/health',
  'v1.1 GET /backup-health',
  'v1.1 GET /alerts',
  'v1.1 GET /alert-rules',
  'v1.1 PUT /alert-rules',
] as const satisfies readonly MockCall[];

/** The rows of the matrix: the 17 calls of SPEC §7, then the v1.1 calls above. */
const matrixCalls: readonly MockCall[] = [...mockCalls, ...matrixCallsV11];

type Cell = 'pass' | 'fail';

export default class FaultMatrixReporter implements Reporter {
  private readonly cells = new Map<string, Cell>();

  onTestEnd(test: TestCase, result: TestResult) {
    const annotation = test.annotations.find((candidate) => candidate.type === 'fault-cell');
    if (!annotation?.description) return;
    // With retries, the last result of a cell decides it.
    this.cells.set(annotation.description, result.status === 'passed' ? 'pass' : 'fail');
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (this.cells.size === 0) return undefined;
    const callWidth = Math.max(...matrixCalls.map((call) => call.length));
    const lines = [`${'call'.padEnd(callWidth)} | ${faultKinds.map((kind) => kind.padEnd(9)).join(' | ')}`];
    lines.push('-'.repeat(lines[0]?.length ?? 0));
    let passed = 0;
    for (const call of matrixCalls) {
      const row = faultKinds.map((kind) => {
        const cell = this.cells.get(`${call}|${kind}`) ?? 'fail';
        if (cell === 'pass') passed += 1;
        return (this.cells.has(`${call}|${kind}`) ? cell : 'missing').padEnd(9);
      });
      lines.push(`${call.padEnd(callWidth)} | ${row.join(' | ')}`);
    }
    const total = matrixCalls.length * faultKinds.length;
    const percent = ((passed / total) * 100).toFixed(1);
    lines.push('', `Fault matrix: ${passed} of ${total} cells pass (${percent} %).`);
    console.log(`\n${lines.join('\n')}\n`);
    const failed = [...this.cells.values()].filter((cell) => cell === 'fail').length;
    if (failed > 0 || (process.env.CI && passed < total)) {
      console.log('Fault matrix below 100 %: the run fails.');
      return { status: 'failed' };
    }
    return { status: result.status };
  }
}
